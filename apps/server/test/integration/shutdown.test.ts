import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CLOSE_CODES } from '@flightchess/protocol';
import { Client } from 'colyseus.js';
import { openSqliteStorage } from '../../src/repositories';
import { type Player, credentials, getJson, newGuest, play, rejoin, startedTable, twoPlayerGame, waitFor } from '../support/players';
import { type ServerProcess, processesPerTest } from '../support/processes';
import { startTestServer } from '../support/server';

jest.setTimeout(60_000);

const HEALTHCHECK = resolve(__dirname, '../../../../deploy/healthcheck.mjs');
/** The container's HEALTHCHECK command against a server on this port: its exit code. */
const healthcheck = (port: number) => spawnSync(process.execPath, [HEALTHCHECK], { env: { PORT: String(port) } }).status;

const servers = processesPerTest('shutdown');
const serve = (env: Record<string, string> = {}, port?: number) => servers.serve('server', env, port);
const storedMatch = (matchId: string) => servers.stored(matchId);

/** Two players of a game in progress on `server`, a few rolls in, the next roll theirs to make. */
async function gameInProgress(server: ServerProcess): Promise<Player[]> {
  const players = await twoPlayerGame(server, new Client(server.baseUrl));
  await play(players, (g) => g.rolls >= 4 && g.phase === 'roll');
  return players;
}

/** The close code each player's connection ends with. */
const closeCodes = (players: Player[]) => players.map((p) => new Promise<number>((done) => p.room.onLeave((code) => done(code))));

/** The stopped process's game, restored by the next process on the same data: its players rejoin and finish it. */
async function finishOnNextProcess(previous: ServerProcess, players: Player[]): Promise<void> {
  const { matchId, version } = { matchId: players[0]!.state.matchId as string, version: players[0]!.game.version };
  const next = await serve({}, previous.port);
  expect(next.logs.find((l) => l.event === 'table-restored')).toMatchObject({ matchId, version });
  const via = new Client(next.baseUrl);
  for (const p of players) await rejoin(p, via, p.room.roomId);
  await play(players);
  await waitFor(() => players.every((p) => p.state.result.recorded), 'the result to be recorded');
  const match = await storedMatch(matchId);
  expect(match).toMatchObject({ status: 'finished', seed: players[0]!.state.seed });
  expect(match?.actions).toHaveLength(players[0]!.game.version);
}

describe('stopping a server process hands its tables over (the default)', () => {
  test.each(['SIGTERM', 'SIGINT'] as const)(
    '%s: every table is stored as it is and the process exits at once; the players are told it restarts, and finish the game on the next process',
    async (signal) => {
      const server = await serve();
      const players = await gameInProgress(server);
      const cy = await newGuest(server, 'Cy');
      const seating = await new Client(server.baseUrl).create('table', { size: 4, ...credentials(cy) });
      const notices: unknown[] = [];
      seating.onMessage('closing', (m) => notices.push(m));
      const closed = closeCodes(players);
      const { matchId } = players[0]!.state as { matchId: string };
      const played = players[0]!.game.version;

      server.signal(signal);
      expect(await server.exited).toBe(0);
      expect(await Promise.all(closed)).toEqual([CLOSE_CODES.restarting, CLOSE_CODES.restarting]);
      expect(notices).toEqual([expect.objectContaining({ code: 'ERR_SHUTTING_DOWN' })]);
      expect(server.logs.find((l) => l.event === 'table-handed-over')).toMatchObject({ version: played });
      // Nothing aborted, nothing lost: the match waits, every action stored, for the next process.
      expect(await storedMatch(matchId)).toMatchObject({ status: 'playing', actions: expect.any(Array) });
      expect((await storedMatch(matchId))?.actions).toHaveLength(played);

      await finishOnNextProcess(server, players);
    },
  );
});

describe('SHUTDOWN_MODE=drain lets the games end first', () => {
  test('no new tables, a table still seating closes, the game in progress plays to the end and is recorded, then the process exits', async () => {
    const server = await serve({ SHUTDOWN_MODE: 'drain', SHUTDOWN_GRACE_SECONDS: '60' });
    const sdk = new Client(server.baseUrl);
    const players = await gameInProgress(server);
    const cy = await newGuest(server, 'Cy');
    const seating = await sdk.create('table', { size: 4, ...credentials(cy) });
    const notices: unknown[] = [];
    let left = false;
    seating.onMessage('closing', (m) => notices.push(m));
    seating.onLeave(() => (left = true));
    expect(healthcheck(server.port)).toBe(0);

    server.signal('SIGTERM');
    await server.logged('draining');
    await waitFor(() => left, 'the seating table to close');
    expect(notices).toEqual([expect.objectContaining({ code: 'ERR_SHUTTING_DOWN' })]);
    await expect(sdk.create('table', { size: 2, ...credentials(cy) })).rejects.toThrow(/^ERR_SHUTTING_DOWN/);
    expect(await getJson(server, '/healthz')).toMatchObject({ status: 503, body: { status: 'draining' } });
    expect(healthcheck(server.port)).toBe(1);

    await play(players);
    await waitFor(() => players.every((p) => p.state.result.recorded), 'the result to be recorded');
    expect(await server.exited).toBe(0);
    expect(server.logs.find((l) => l.event === 'drained')).toMatchObject({ finished: true });
    const s = players[0]!.state;
    expect(await storedMatch(s.matchId as string)).toMatchObject({ status: 'finished', seed: s.seed });
    expect((await storedMatch(s.matchId as string))?.actions).toHaveLength(players[0]!.game.version);
    expect(healthcheck(server.port)).toBe(1);
  });

  test('when the grace time runs out, a game still in progress is handed over, and the next process restores it', async () => {
    const server = await serve({ SHUTDOWN_MODE: 'drain', SHUTDOWN_GRACE_SECONDS: '1' });
    const players = await gameInProgress(server);
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.logs.find((l) => l.event === 'drained')).toMatchObject({ finished: false, unfinished: 1 });
    await finishOnNextProcess(server, players);
  });

  test('a second SIGTERM during the drain stops at once, handing the game over', async () => {
    const server = await serve({ SHUTDOWN_MODE: 'drain', SHUTDOWN_GRACE_SECONDS: '600' });
    const players = await gameInProgress(server);
    server.signal('SIGTERM');
    await server.logged('draining');
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.logs.some((l) => l.event === 'drained')).toBe(false);
    await finishOnNextProcess(server, players);
  });
});

describe('closing a server in process (GameServer.close)', () => {
  test('loses no game: the match stays stored with every action, released for the next process to restore', async () => {
    const t = await startTestServer();
    const players = await startedTable(t, 2);
    await play(players, (g) => g.rolls >= 6 && g.phase === 'roll');
    const matchId = players[0]!.state.matchId as string;
    const played = players[0]!.game.version;
    const file = t.dbFile;
    await t.colyseus.shutdown();
    await t.storage.close();

    const reopened = await openSqliteStorage(file);
    const match = await reopened.getMatch(matchId);
    expect(match?.status).toBe('playing');
    expect(match?.actions).toHaveLength(played);
    // Released: any process may take it at once.
    expect(await reopened.unfinishedMatches(Date.now(), 'lapsed')).toEqual([matchId]);
    await reopened.close();
    rmSync(join(file, '..'), { recursive: true, force: true });
  });
});
