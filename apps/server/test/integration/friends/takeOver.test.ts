import { Client } from 'colyseus.js';
import type { Invitation, InvitationAccepted, MatchRecord } from '@flightchess/protocol';
import {
  type Guest,
  Player,
  codeOf,
  create,
  credentials,
  getJson,
  joinById,
  newGuest,
  play,
  postJson,
  waitFor,
} from '../../support/players';
import { testServerPerFile } from '../../support/server';

jest.setTimeout(60_000);

const t = testServerPerFile();
/** An HTTP refusal's body. */
type Refused = { error?: { code: string } };
/** A client of the test's server, as a browser has (the test SDK takes no seat reservation). */
const sdk = { consumeSeatReservation: (seat: never) => new Client(t.baseUrl).consumeSeatReservation(seat) };

const offer = (from: Guest, to: Guest, roomId: string, seat: string) =>
  postJson<Invitation>(t, '/api/invitations', { ...credentials(from), to: to.playerId, roomId, seat });
const accept = (g: Guest, id: string) => postJson<InvitationAccepted>(t, '/api/invitations/accept', { ...credentials(g), id });

async function befriend(a: Guest, b: Guest): Promise<void> {
  await postJson(t, '/api/friends/requests', { ...credentials(a), to: b.playerId });
  await postJson(t, '/api/friends/requests/accept', { ...credentials(b), from: a.playerId });
}

/** A casual (private) table of Ann, Bob and a bot, its game started. */
async function casualGame(): Promise<{ ann: Player; bob: Player }> {
  const ann = await create(t, await newGuest(t, 'Ann'), { size: 3, private: true });
  const bob = await joinById(t, ann.room.roomId, await newGuest(t, 'Bob'), await codeOf(ann));
  ann.send('add-bot', {});
  await waitFor(() => ann.state.seats.size === 3, 'the bot');
  for (const p of [ann, bob]) p.send('ready', { ready: true });
  await waitFor(() => [ann, bob].every((p) => p.stream.state !== null), 'the game to start');
  return { ann, bob };
}

describe('a seat its player left, taken over by a friend of the table (casual tables)', () => {
  test('rated tables keep RULES.md §7: asking for seats that play on is refused there; alone with bots, a seat that is left goes out', async () => {
    const host = await newGuest(t, 'Host');
    await expect(t.colyseus.sdk.create('table', { ...credentials(host), options: { leftSeatsPlayOn: true } })).rejects.toMatchObject({
      message: expect.stringMatching(/ERR_BAD_CONFIG.*casual/),
    });
    const alone = await create(t, host, { private: true, size: 2 });
    alone.send('add-bot', {});
    await waitFor(() => alone.state.startable === true, 'startable');
    alone.send('start', {});
    await waitFor(() => alone.stream.state !== null, 'the game');
    expect(alone.game.config.leftSeatsPlayOn).toBe(false);
    await alone.room.leave(true);
  });

  test('Bob leaves: his seat plays on by auto-play; Ann offers it to her friends; the first to accept plays on in it, scoring nothing; the record says who played which part', async () => {
    const { ann, bob } = await casualGame();
    expect(ann.game.config.leftSeatsPlayOn).toBe(true);
    const roomId = ann.room.roomId;
    const seat = bob.colour;
    const [cat, dan, eve] = [await newGuest(t, 'Cat'), await newGuest(t, 'Dan'), await newGuest(t, 'Eve')];

    // Bob leaves on purpose (an escape): his planes stay, his seat is auto-played, the game goes on.
    await play([ann, bob], (g) => g.rolls >= 3);
    await bob.room.leave(true);
    await waitFor(() => ann.game.left[seat]?.reason === 'escape', 'his leaving');
    expect(ann.game.out[seat]).toBeUndefined();
    expect(ann.state.status).toBe('playing');
    expect(ann.state.seats.get(seat)).toMatchObject({ name: 'Bob', autoPlay: true, autoPlayBy: 'left', standsFor: '' });

    const left = ann.game.left[seat]!;

    // Offered to a friend only, a seat its player left only, by someone still in the game only (the
    // table's listing, which says so, is written a moment after).
    await waitFor(
      async () => ((await offer(ann.guest, cat, roomId, seat)).body as unknown as Refused).error?.code === 'ERR_NOT_INVITABLE',
      'refused: not a friend',
    );
    await Promise.all([befriend(ann.guest, cat), befriend(ann.guest, dan), befriend(bob.guest, eve), befriend(ann.guest, bob.guest)]);
    // Not to the one who left it: the seat is for someone else to take over.
    expect(await offer(ann.guest, bob.guest, roomId, seat)).toMatchObject({ status: 409, body: { error: { code: 'ERR_BAD_REQUEST' } } });
    expect(await offer(ann.guest, cat, roomId, ann.colour)).toMatchObject({ status: 409, body: { error: { code: 'ERR_NO_FREE_SEAT' } } });
    expect(await offer(bob.guest, eve, roomId, seat)).toMatchObject({ status: 403, body: { error: { code: 'ERR_NOT_SEATED' } } });
    expect(await offer(ann.guest, cat, roomId, 'purple')).toMatchObject({ status: 400 });
    const toCat = await offer(ann.guest, cat, roomId, seat);
    expect(toCat).toMatchObject({ status: 201, body: { table: { rated: false, seat: { colour: seat, name: 'Bob' } } } });
    const toDan = (await offer(ann.guest, dan, roomId, seat)).body;

    // Without the invitation (or with one for another seat), no taking over.
    await expect(t.colyseus.sdk.joinById(roomId, { ...credentials(cat), takeOver: seat })).rejects.toMatchObject({
      message: expect.stringMatching(/ERR_NO_INVITATION/),
    });
    await expect(
      t.colyseus.sdk.joinById(roomId, { ...credentials(cat), invitation: toCat.body.id, takeOver: ann.colour }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/ERR_NO_INVITATION/) });

    // Cat accepts first: she sits in Bob's seat under her name, auto-play off, and plays on.
    const accepted = await accept(cat, toCat.body.id);
    expect(accepted).toMatchObject({ status: 200, body: { watching: false } });
    const catPlayer = new Player(await sdk.consumeSeatReservation(accepted.body.seat as never), cat);
    await waitFor(() => catPlayer.colour === seat && catPlayer.stream.state !== null, 'Cat in the seat');
    expect(ann.state.seats.get(seat)).toMatchObject({ name: 'Cat', playerId: cat.playerId, autoPlay: false, standsFor: 'Bob' });
    const from = catPlayer.game.version;
    // Dan is too late: the seat is taken, his invitation expired with it.
    expect(await accept(dan, toDan.id)).toMatchObject({ status: 404, body: { error: { code: 'ERR_NO_INVITATION' } } });

    await play([ann, catPlayer], (g) => g.version > from + 6 && g.phase === 'roll' && g.current === ann.colour);
    const catMoves = [...catPlayer.seen.entries()].filter(([v, a]) => v >= from && a.type === 'roll' && a.seat === seat);
    expect(catMoves.length).toBeGreaterThan(0);

    // She lets go by leaving: no escape, the seat plays on as before she came.
    const until = catPlayer.game.version;
    await catPlayer.room.leave(true);
    await waitFor(() => ann.state.seats.get(seat)?.autoPlayBy === 'left', 'the seat auto-played again');
    expect(ann.state.seats.get(seat)).toMatchObject({ name: 'Bob', standsFor: '' });
    expect(ann.game.left[seat]?.reason).toBe('escape');
    // Her invitation took the seat over once: coming back needs a new one. A seat is named by its colour.
    await expect(t.colyseus.sdk.joinById(roomId, { ...credentials(cat), invitation: toCat.body.id, takeOver: seat })).rejects.toMatchObject(
      { message: expect.stringMatching(/ERR_NO_INVITATION.*over already/) },
    );
    await expect(
      t.colyseus.sdk.joinById(roomId, { ...credentials(cat), invitation: toCat.body.id, takeOver: seat.toUpperCase() }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/ERR_BAD_REQUEST/) });

    // Ann leaves: nobody is left standing against the bot, which wins.
    await ann.room.leave(true);
    const matchId = ann.state.matchId as string;
    let record: MatchRecord | undefined;
    await waitFor(async () => {
      // A private table's game is shown to its players (Bob's credentials; Cat's are not a player's here).
      record = (await postJson<MatchRecord>(t, `/api/matches/${matchId}`, credentials(bob.guest))).body;
      return record.status === 'finished';
    }, 'the record');
    const bobs = record!.seats.find((s) => s.colour === seat)!;
    expect(bobs).toMatchObject({ playerId: bob.guest.playerId, name: 'Bob', out: 'escape', escapePenalty: -200 });
    expect(bobs.standIns).toEqual([{ playerId: cat.playerId, name: 'Cat', fromAction: from, toAction: until }]);
    // His score is his leaving's, frozen then (RULES.md §7.1, three players): what Cat and auto-play did after counts for nobody.
    expect(bobs.arrived).toBe(left.arrived);
    expect(bobs.score).toBe(-(4 - left.arrived) * record!.base - 200 + 5 * left.collisions.sent);
    // Cat played no game of her own: nothing of this one is hers — but she may read it (a private table's).
    const cats = (await getJson(t, `/api/players/${cat.playerId}`)).body;
    expect(cats.lifetimeScore).toBe(0);
    expect((await postJson(t, `/api/matches/${matchId}`, credentials(cat))).status).toBe(200);
    expect((await postJson(t, `/api/matches/${matchId}`, credentials(dan))).status).toBe(404);
    expect(JSON.stringify(record)).not.toContain(toCat.body.id); // an invitation admits: never shown
  });
  test("at a team table only the seat's team-mate offers it (its fate is theirs), not an opponent", async () => {
    const red = await create(t, await newGuest(t, 'Red'), { teams: true, private: true });
    const code = await codeOf(red);
    const yellow = await joinById(t, red.room.roomId, await newGuest(t, 'Yellow'), code);
    const green = await joinById(t, red.room.roomId, await newGuest(t, 'Green'), { ...code, colour: 'green' });
    red.send('add-bot', { colour: 'blue' });
    await waitFor(() => red.state.seats.size === 4, 'the bot');
    expect([red.colour, yellow.colour, green.colour]).toEqual(['red', 'yellow', 'green']);
    for (const p of [yellow, green]) p.send('ready', { ready: true });
    await waitFor(() => red.state.startable === true, 'startable');
    red.send('start', {});
    await waitFor(() => [red, yellow, green].every((p) => p.stream.state !== null), 'the game');
    const friend = await newGuest(t, 'Friend');
    await Promise.all([befriend(yellow.guest, friend), befriend(green.guest, friend)]);
    await red.room.leave(true);
    await waitFor(() => yellow.game.left.red?.reason === 'escape', 'red left');
    await waitFor(
      async () => ((await offer(green.guest, friend, red.room.roomId, 'red')).body as unknown as Refused).error?.code === 'ERR_NOT_ALLOWED',
      'an opponent refused',
    );
    expect((await offer(yellow.guest, friend, red.room.roomId, 'red')).status).toBe(201);
    await Promise.all([yellow.room.leave(true), green.room.leave(true)]);
  });
});
