import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ENGINE_VERSION, replayGame, rollsIn, verifyRolls } from '@flightchess/rules';
import { Client } from 'colyseus.js';
import {
  type Player,
  choosing,
  credentials,
  getJson,
  newGuest,
  play,
  postJson,
  rejoin,
  sleep,
  twoPlayerGame,
  waitFor,
} from '../support/players';
import { processesPerTest } from '../support/processes';

jest.setTimeout(90_000);

const servers = processesPerTest('restore');
const serve = (name: string, port?: number) => servers.serve(name, {}, port);
const stored = (matchId: string) => servers.stored(matchId);

/** Everything the clients saw was stored, in place: no action lost, none repeated, and the log replays to their state. */
function expectLogMatchesClients(actions: readonly unknown[], players: Player[]): void {
  for (const p of players)
    for (const [version, action] of p.seen) expect({ version, action: actions[version] }).toEqual({ version, action });
  expect(actions).toHaveLength(players[0]!.game.version);
}

describe('kill -9 mid-turn, then a new process on the same data (SQLite)', () => {
  test('the same clients take their seats back by code and finish the same game: same seed, no action lost or repeated, dice verify', async () => {
    const first = await serve('first');
    // A rated private table: restored, it is still rated, and its result rates both players.
    const players = await twoPlayerGame(first, new Client(first.baseUrl), { private: true, rated: true });
    await play(players, (g) => g.rolls >= 6 && choosing(players)(g));
    const before = players[0]!.game;
    const { matchId, commitment, code } = players[0]!.state as { matchId: string; commitment: string; code: string };
    const roomId = players[0]!.room.roomId;
    expect(code).toMatch(/^[A-Z0-9]{6}$/);

    first.signal('SIGKILL');
    await first.exited;
    // Write-ahead: every action the clients saw is on disk, and the match is still being played.
    const atKill = await stored(matchId);
    expect(atKill).toMatchObject({ status: 'playing', seed: null, commitment });
    expectLogMatchesClients(atKill!.actions, players);

    const second = await serve('second', first.port);
    expect(second.logs.find((l) => l.event === 'table-restored')).toMatchObject({ tableId: roomId, matchId, version: before.version });
    // The same table id and join code; a stranger cannot sit down, each player gets their own seat only.
    expect((await getJson(second, `/api/tables/code/${code}`)).body).toMatchObject({ roomId });
    const via = new Client(second.baseUrl);
    const stranger = await newGuest(second, 'Stranger');
    await expect(via.joinById(roomId, { ...credentials(stranger), code })).rejects.toThrow(/^ERR_ALREADY_STARTED/);
    const colours = players.map((p) => p.colour);
    for (const p of players) await rejoin(p, via, (await getJson(second, `/api/tables/code/${code}`)).body.roomId);
    expect(players.map((p) => p.colour)).toEqual(colours);
    expect(players[0]!.state).toMatchObject({ matchId, commitment, code, status: 'playing', rated: true });
    expect(players.map((p) => p.seat.rating)).toEqual([1500, 1500]);
    // Exactly where it stopped: the same state, the same player to move.
    expect(players[0]!.game).toEqual(before);
    expect(players[1]!.game).toEqual(before);

    await play(players);
    await waitFor(() => players.every((p) => p.state.result.recorded), 'the result to be recorded');
    // A private table's game: its record is its players'.
    const asPlayer = credentials(players[0]!.guest);
    const match = (await postJson(second, `/api/matches/${matchId}`, asPlayer)).body;
    expect(match).toMatchObject({ status: 'finished', commitment, seed: players[0]!.state.seed, rated: true });
    for (const p of players)
      expect(match.seats.find((s: { colour: string }) => s.colour === p.colour)).toMatchObject({
        ratingBefore: 1500,
        ratingAfter: p.seat.ratingAfter,
      });
    expect(players.map((p) => p.seat.ratingAfter > 1500)).toEqual(players.map((p) => players[0]!.state.result.winners.includes(p.colour)));
    expectLogMatchesClients(match.actions, players);
    expect(verifyRolls(match.seed, commitment, rollsIn(match.actions)).ok).toBe(true);
    const replayed = replayGame(match.setup, match.actions);
    expect(replayed.ok && replayed.value.state).toEqual(players[0]!.game);
    expect((await postJson(second, `/api/matches/${matchId}/verify`, asPlayer)).body.replay).toMatchObject({
      ok: true,
      matchesRecord: true,
      gameOver: true,
    });

    // The ratings the result wrote survive a kill -9 the moment after it was shown.
    second.signal('SIGKILL');
    await second.exited;
    const third = await serve('third', first.port);
    for (const p of players)
      expect((await getJson(third, `/api/players/${p.guest.playerId}`)).body.ratings).toEqual({
        '2p': { rating: p.seat.ratingAfter, deviation: expect.any(Number), games: 1, provisional: true },
      });
  });

  test("a game stored by another engine version is aborted on start: seed revealed, nothing scored, off the players' lists", async () => {
    const first = await serve('first');
    const players = await twoPlayerGame(first, new Client(first.baseUrl));
    await play(players, (g) => g.rolls >= 4 && g.phase === 'roll');
    const { matchId } = players[0]!.state as { matchId: string };
    first.signal('SIGKILL');
    await first.exited;
    const db = new Database(join(servers.dataDir, 'flightchess.db'));
    db.prepare('UPDATE matches SET engine = ? WHERE id = ?').run(ENGINE_VERSION + 100, matchId);
    db.close();

    const second = await serve('second');
    expect(second.logs.find((l) => l.event === 'match-aborted')).toMatchObject({
      matchId,
      reason: expect.stringContaining('engine version'),
    });
    const match = (await getJson(second, `/api/matches/${matchId}`)).body;
    expect(match).toMatchObject({
      status: 'aborted',
      abortReason: expect.stringContaining(`engine version ${ENGINE_VERSION + 100}`),
      result: null,
    });
    expect(match.seed).toMatch(/^[0-9a-f]{64}$/);
    expect((await getJson(second, `/api/matches/${matchId}/verify`)).status).toBe(200);
    for (const p of players) {
      const profile = (await getJson(second, `/api/players/${p.guest.playerId}`)).body;
      expect(profile).toMatchObject({ games: 0, lifetimeScore: 0, recentMatches: [] });
    }
    await expect(new Client(second.baseUrl).joinById(players[0]!.room.roomId, credentials(players[0]!.guest))).rejects.toThrow();
  });

  test("kill -9 while a player's seat is held: the restarted table keeps the hold's deadline and forfeits the seat then, not 3 minutes after the restart", async () => {
    const HOLD = { RECONNECT_SECONDS: '12' };
    const first = await servers.serve('first', HOLD);
    const [stays, goes] = (await twoPlayerGame(first, new Client(first.baseUrl), { private: true })) as [Player, Player];
    const roomId = stays.room.roomId;
    await goes.room.leave(false); // a page closed: the seat is held
    await waitFor(() => stays.state.seats.get(goes.colour).connected === false, 'the drop');
    const heldUntil = stays.state.seats.get(goes.colour).awayUntil as number;
    expect(heldUntil).toBeGreaterThan(Date.now() + 10_000);

    await sleep(4000);
    first.signal('SIGKILL');
    await first.exited;
    const second = await servers.serve('second', HOLD, first.port);
    const restarted = Date.now();
    await rejoin(stays, new Client(second.baseUrl), roomId);
    expect(stays.state.seats.get(goes.colour).awayUntil).toBe(heldUntil);

    // The game of two ends by the forfeit, at the stored deadline (the restart gave no fresh 12 s).
    await waitFor(() => stays.state.status === 'over', 'the forfeit', 20_000);
    const forfeited = (await second.logged('seat-forfeited')).time as number;
    expect(forfeited).toBeGreaterThanOrEqual(heldUntil - 50);
    expect(forfeited).toBeLessThan(heldUntil + 1500);
    expect(forfeited).toBeLessThan(restarted + 12_000 - 2000);
    expect(stays.state.result).toMatchObject({ reason: 'forfeit', winner: stays.colour });
  });

  test('a DATA_DIR that cannot be written: the process stops at once, non-zero, naming it and what to do', async () => {
    const file = join(servers.dataDir, 'not-a-directory');
    writeFileSync(file, '');
    const dataDir = join(file, 'data');
    await expect(servers.serve('unwritable', { DATA_DIR: dataDir })).rejects.toThrow(
      new RegExp(
        `exited before logging listening: unwritable \\(exit 1\\):[^]*cannot open the database at ${dataDir}/flightchess.db[^]*DATA_DIR \\(${dataDir}\\) must be a directory`,
      ),
    );
  });
});
