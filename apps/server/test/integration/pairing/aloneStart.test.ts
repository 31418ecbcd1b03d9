import { Player, type Guest, create, newGuest, play, quickMatch, waitFor } from '../../support/players';
import { rateDirectly } from '../../support/database';
import { testServerPerFile } from '../../support/server';

jest.setTimeout(30_000);

/** A long countdown for any public table, a short one for quick play's table when nobody else waits. */
const t = testServerPerFile({ quickStartSeconds: 30, quickAloneSeconds: 1.5 });

const seated = async (guest: Guest, options: Record<string, unknown> = {}) => {
  const player = new Player(await quickMatch(t, guest, options), guest);
  await waitFor(() => player.seated && player.state.startsAt > 0, `${guest.nickname}'s seat and countdown`);
  return player;
};

const leaveAll = (...players: Player[]) => Promise.all(players.map((p) => p.room.leave(true)));

describe('quick play when nobody else is waiting (QUICK_ALONE_SECONDS)', () => {
  test('the new table starts soon, and whoever presses meanwhile still joins it', async () => {
    const guest = await newGuest(t, 'Ann');
    const pressed = Date.now();
    const ann = await seated(guest);
    expect(ann.state.startsAt - pressed).toBeLessThan(2000);
    const bob = await seated(await newGuest(t, 'Bob'));
    expect(bob.room.roomId).toBe(ann.room.roomId);
    expect(bob.state.startsAt).toBe(ann.state.startsAt); // the newcomer does not put it off
    await waitFor(() => ann.state.status === 'playing', 'the game to start by itself', 3000);
    expect(Date.now() - pressed).toBeLessThan(3000);
    expect([...ann.state.seats.values()].filter((s: { kind: string }) => s.kind === 'bot')).toHaveLength(2);
    await leaveAll(ann, bob);
  });

  test('with someone else waiting who does not fit, the new table counts down as long as any', async () => {
    const [far, near] = [await newGuest(t, 'Far'), await newGuest(t, 'Near')];
    rateDirectly(t.dbFile, far, '4p', 2400);
    rateDirectly(t.dbFile, near, '4p', 1000);
    const first = await seated(far);
    const pressed = Date.now();
    const second = await seated(near);
    expect(second.room.roomId).not.toBe(first.room.roomId);
    expect(second.state.startsAt - pressed).toBeGreaterThan(25_000);
    await leaveAll(first, second);
  });

  test('a table opened from the lobby counts down as long as any, and so does a rematch at the table quick play opened', async () => {
    const host = await create(t, await newGuest(t, 'Host'), { size: 2 });
    await waitFor(() => host.state.startsAt > 0, 'the countdown');
    expect(host.state.startsAt - Date.now()).toBeGreaterThan(25_000);
    await host.room.leave(true);

    // Two people and a bot: not full at the rematch, which would start it 3 s after.
    const players = [await seated(await newGuest(t, 'Sol'), { size: 3 }), await seated(await newGuest(t, 'Luna'), { size: 3 })];
    expect(players[1]!.room.roomId).toBe(players[0]!.room.roomId);
    await waitFor(() => players[0]!.state.status === 'playing', 'the game to start');
    await play(players);
    await waitFor(() => players.every((p) => p.state.result.recorded), 'the result recorded');
    players[0]!.send('rematch', {});
    await waitFor(() => players[0]!.state.status === 'waiting' && players[0]!.state.startsAt > 0, 'the rematch countdown');
    expect(players[0]!.state.startsAt - Date.now()).toBeGreaterThan(25_000);
    await leaveAll(...players);
  });
});
