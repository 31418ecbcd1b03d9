import { PHRASE_BURST, PHRASE_SECONDS } from '@flightchess/protocol';
import { create, joinById, newGuest, sleep, waitFor } from '../support/players';
import { testServerPerFile } from '../support/server';

jest.setTimeout(30_000);

const t = testServerPerFile();

describe('quick phrases', () => {
  test('reach everyone at the table with the seat and player who said them, in the lobby and in the game', async () => {
    const host = await create(t, await newGuest(t, 'Ann'), { size: 2 });
    const guest = await joinById(t, host.room.roomId, await newGuest(t, 'Bob'));
    await waitFor(() => host.state.seats.size === 2, 'both seated');
    guest.send('phrase', { phrase: 'hello' });
    await waitFor(() => host.phrases.length === 1 && guest.phrases.length === 1, 'the phrase at both clients');
    expect(host.phrases[0]).toEqual({ seat: guest.colour, playerId: guest.guest.playerId, phrase: 'hello' });

    for (const p of [host, guest]) p.send('ready', { ready: true });
    await waitFor(() => host.state.status === 'playing', 'the game to start');
    host.send('phrase', { phrase: 'luck' });
    await waitFor(() => guest.phrases.length === 2, 'the phrase in the game');
    expect(guest.phrases[1]).toEqual({ seat: host.colour, playerId: host.guest.playerId, phrase: 'luck' });
    await Promise.all([host.room.leave(), guest.room.leave()]);
  });

  test('are a fixed list: free text, unknown phrases and extra fields are refused and nobody hears anything', async () => {
    const host = await create(t, await newGuest(t, 'Ann'), { size: 2 });
    const guest = await joinById(t, host.room.roomId, await newGuest(t, 'Bob'));
    for (const payload of [{ phrase: 'you are bad' }, { text: 'hello' }, { phrase: 'hello', seat: 'red' }, 'hello']) {
      expect((await host.refused('phrase', payload)).code).toBe('ERR_BAD_MESSAGE');
    }
    await sleep(100);
    expect(guest.phrases).toEqual([]);
    await Promise.all([host.room.leave(), guest.room.leave()]);
  });

  test(`are limited: a burst of ${PHRASE_BURST}, then one every ${PHRASE_SECONDS} s; the rest is refused with ERR_RATE_LIMITED and not sent`, async () => {
    const host = await create(t, await newGuest(t, 'Ann'), { size: 2 });
    const guest = await joinById(t, host.room.roomId, await newGuest(t, 'Bob'));
    for (let i = 0; i < PHRASE_BURST; i++) host.send('phrase', { phrase: 'hurry' });
    const refusal = await host.refused('phrase', { phrase: 'hurry' });
    expect(refusal).toMatchObject({ code: 'ERR_RATE_LIMITED', request: 'phrase' });
    await sleep(100);
    expect(guest.phrases).toHaveLength(PHRASE_BURST);
    // The other player's own allowance is untouched.
    guest.send('phrase', { phrase: 'oops' });
    await waitFor(() => host.phrases.some((p) => p.phrase === 'oops'), 'the other player’s phrase');
    await Promise.all([host.room.leave(), guest.room.leave()]);
  });
});
