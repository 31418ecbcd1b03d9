/**
 * Private means private: a player id (public on the leaderboard) or a room id gives
 * away no private game, nor one being played at a table nobody may watch — not on a profile, not as a
 * match record, not by watching. Those who sat there, and whoever has a private table's code, still may.
 */
import { JOIN_ERROR_NUMBERS, type PlayerProfile } from '@flightchess/protocol';
import {
  type Guest,
  type Player,
  create,
  credentials,
  getJson,
  joinById,
  newGuest,
  postJson,
  rejoin,
  waitFor,
  watch,
} from '../support/players';
import { testServerPerFile } from '../support/server';

jest.setTimeout(60_000);

const t = testServerPerFile();
const sdk = () => t.colyseus.sdk;

const post = <T = any>(path: string, body: unknown) => postJson<T>(t, path, body);

/** A two-seat table of `guest` against a bot, started. */
async function gameOf(guest: Guest, options: Record<string, unknown>): Promise<Player> {
  const player = await create(t, guest, { size: 2, ...options });
  player.send('start', {});
  await waitFor(() => player.state.status === 'playing' && player.state.matchId !== '', 'the game to start');
  return player;
}

/** Auto-play finishes the player's game; resolves once its result is stored. */
async function finish(player: Player): Promise<void> {
  player.send('auto-play', { on: true });
  await waitFor(() => player.state.result.recorded === true, 'the recorded result', 30_000);
}

const NO_MATCH = { error: { code: 'ERR_NO_MATCH', message: 'no such match' } };

describe('a player profile', () => {
  test("anyone sees only the finished games of public tables; the player's own (POST with their secret) shows them all", async () => {
    const ann = await newGuest(t, 'Ann');
    const over = await gameOf(ann, {});
    await finish(over);
    const secret = await gameOf(ann, { private: true });
    const live = await gameOf(ann, {});
    const ids = (p: PlayerProfile) => p.recentMatches.map((m) => m.id).sort();

    const seen = await getJson<PlayerProfile>(t, `/api/players/${ann.playerId}`);
    expect(seen.status).toBe(200);
    expect(ids(seen.body)).toEqual([over.state.matchId]);

    const own = await post<PlayerProfile>(`/api/players/${ann.playerId}/profile`, { secret: ann.secret });
    expect(own.status).toBe(200);
    expect(ids(own.body)).toEqual([over.state.matchId, secret.state.matchId, live.state.matchId].sort());
    expect(own.body).toMatchObject({ id: ann.playerId, nickname: 'Ann', games: 1 });

    const bob = await newGuest(t, 'Bob');
    expect(await post(`/api/players/${ann.playerId}/profile`, { secret: bob.secret })).toMatchObject({
      status: 401,
      body: { error: { code: 'ERR_BAD_CREDENTIALS' } },
    });
    expect(await post(`/api/players/${ann.playerId}/profile`, {})).toMatchObject({ status: 401 });
    await Promise.all([over, secret, live].map((p) => p.room.leave()));
  });
});

describe('a match record', () => {
  test('of a private or unwatchable game in progress: no match to an outsider; its player and (private) its code see it', async () => {
    const ann = await newGuest(t, 'Ann');
    const nosy = await newGuest(t, 'Nosy');
    const secret = await gameOf(ann, { private: true });
    const closed = await gameOf(ann, { watchable: false });
    const open = await gameOf(ann, {});
    const code = secret.state.code as string;

    for (const player of [secret, closed]) {
      const path = `/api/matches/${player.state.matchId}`;
      expect(await getJson(t, path)).toEqual({ status: 404, body: NO_MATCH });
      expect(await getJson(t, `${path}/verify`)).toEqual({ status: 404, body: NO_MATCH });
      expect(await post(path, credentials(nosy))).toEqual({ status: 404, body: NO_MATCH });
      expect(await post(path, { ...credentials(ann), code: 'AAAAAA' })).toMatchObject({
        status: 200,
        body: { id: player.state.matchId, status: 'playing', seed: null },
      });
      expect(await post(`${path}/verify`, credentials(ann))).toMatchObject({ status: 409, body: { error: { code: 'ERR_NOT_OVER' } } });
    }
    // The private table's code opens its game (as it lets one watch), in any case; a wrong one does not.
    expect(await post(`/api/matches/${secret.state.matchId}`, { code: code.toLowerCase() })).toMatchObject({ status: 200 });
    expect(await post(`/api/matches/${secret.state.matchId}`, { code: code === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA' })).toEqual({
      status: 404,
      body: NO_MATCH,
    });
    // Answered as a missing match: nothing tells the two apart.
    expect(await getJson(t, '/api/matches/no-such-match')).toEqual({ status: 404, body: NO_MATCH });
    // A public game that may be watched is anyone's, as before.
    expect(await getJson(t, `/api/matches/${open.state.matchId}`)).toMatchObject({ status: 200, body: { status: 'playing' } });
    // Credentials that do not hold are refused as such, whatever the match.
    expect(await post(`/api/matches/${open.state.matchId}`, { playerId: ann.playerId, secret: nosy.secret })).toMatchObject({
      status: 401,
      body: { error: { code: 'ERR_BAD_CREDENTIALS' } },
    });
    expect(await post(`/api/matches/${open.state.matchId}`, { code: 7 })).toMatchObject({
      status: 400,
      body: { error: { code: 'ERR_BAD_REQUEST' } },
    });
    await Promise.all([secret, closed, open].map((p) => p.room.leave()));
  });

  test("once over: a public table's game is anyone's (watchable or not); a private one's only its players' (and its code's)", async () => {
    const ann = await newGuest(t, 'Ann');
    const nosy = await newGuest(t, 'Nosy');
    const [closed, secret] = [await gameOf(ann, { watchable: false }), await gameOf(ann, { private: true })];
    await Promise.all([finish(closed), finish(secret)]);

    const done = `/api/matches/${closed.state.matchId}`;
    expect(await getJson(t, done)).toMatchObject({ status: 200, body: { status: 'finished', seed: closed.state.seed } });
    expect(await getJson(t, `${done}/verify`)).toMatchObject({
      status: 200,
      body: { dice: { ok: true }, replay: { ok: true, matchesRecord: true } },
    });

    const hidden = `/api/matches/${secret.state.matchId}`;
    expect(await getJson(t, hidden)).toEqual({ status: 404, body: NO_MATCH });
    expect(await post(hidden, credentials(nosy))).toEqual({ status: 404, body: NO_MATCH });
    expect(await post(hidden, credentials(ann))).toMatchObject({ status: 200, body: { status: 'finished' } });
    expect(await post(`${hidden}/verify`, credentials(ann))).toMatchObject({
      status: 200,
      body: { replay: { ok: true, matchesRecord: true } },
    });
    expect(await post(hidden, { code: secret.state.code })).toMatchObject({ status: 200 });
    await Promise.all([closed, secret].map((p) => p.room.leave()));
  });
});

describe('a private table', () => {
  test('is watched only with its code: refused without it or with a wrong one (nothing changes), watched with it', async () => {
    const host = await create(t, await newGuest(t, 'Host'), { size: 2, private: true });
    const roomId = host.room.roomId;
    const code = host.state.code as string;
    const before = JSON.stringify(host.state.toJSON());
    const refused = { code: JOIN_ERROR_NUMBERS.ERR_PRIVATE_TABLE, message: expect.stringMatching(/^ERR_PRIVATE_TABLE: /) };

    await expect(watch(sdk(), roomId, await newGuest(t, 'Nosy'))).rejects.toMatchObject(refused);
    await expect(watch(sdk(), roomId, await newGuest(t, 'Guesser'), code === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA')).rejects.toMatchObject(
      refused,
    );
    expect(JSON.stringify(host.state.toJSON())).toBe(before);
    expect(t.logs.events('watcher-joined').filter((l) => l.tableId === roomId)).toHaveLength(0);

    const friend = await watch(sdk(), roomId, await newGuest(t, 'Friend'), code.toLowerCase());
    await waitFor(() => host.state.watchers === 1, 'the watcher counted');
    expect(friend.seated).toBe(false);
    await Promise.all([host, friend].map((p) => p.room.leave()));
  });

  test('seats a newcomer only with its code; a player who has a seat there comes back without it', async () => {
    const host = await create(t, await newGuest(t, 'Host'), { size: 3, private: true });
    const roomId = host.room.roomId;
    const bob = await newGuest(t, 'Bob');
    await expect(joinById(t, roomId, bob)).rejects.toMatchObject({ code: JOIN_ERROR_NUMBERS.ERR_PRIVATE_TABLE });
    expect(host.state.seats.size).toBe(1);

    const seated = await joinById(t, roomId, bob, { code: host.state.code });
    const colour = seated.colour;
    seated.send('ready', { ready: true });
    await waitFor(() => host.state.seats.get(colour)?.ready === true, 'Bob ready');
    host.send('start', {});
    await waitFor(() => host.state.status === 'playing', 'the game to start');
    // Back by id with the player's credentials, no code: their own seat.
    await rejoin(seated, sdk(), roomId, 10_000);
    expect(seated.colour).toBe(colour);
    await Promise.all([host, seated].map((p) => p.room.leave()));
  });
});
