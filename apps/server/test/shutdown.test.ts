import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'colyseus.js';
import { SqliteStorage } from '../src/storage/sqlite';
import { type Guest, Player, getJson, newGuest, play, startedTable, waitFor } from './support/players';
import { type ServerProcess, buildBundle, startServerProcess } from './support/processes';
import { startTestServer } from './support/server';

jest.setTimeout(60_000);

const HEALTHCHECK = resolve(__dirname, '../../../deploy/healthcheck.mjs');
/** The container's HEALTHCHECK command against a server on this port: its exit code. */
const healthcheck = (port: number) => spawnSync(process.execPath, [HEALTHCHECK], { env: { PORT: String(port) } }).status;

const credentials = (g: Guest) => ({ playerId: g.playerId, secret: g.secret });

let bundle: ReturnType<typeof buildBundle>;
let dataDir: string;
beforeAll(() => {
  bundle = buildBundle();
});
afterAll(() => bundle.remove());
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'flightchess-shutdown-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const startServer = (graceSeconds: number) =>
  startServerProcess(bundle.file, 'server', { DATA_DIR: dataDir, TURN_SECONDS: '30', SHUTDOWN_GRACE_SECONDS: String(graceSeconds) });

/** Two players of a game in progress on `server`, a few rolls in, the next roll theirs to make. */
async function gameInProgress(server: ServerProcess, sdk: Client): Promise<Player[]> {
  const [ann, bob] = [await newGuest(server, 'Ann'), await newGuest(server, 'Bob')];
  const host = new Player(await sdk.create('table', { size: 2, ...credentials(ann) }), ann);
  const guest = new Player(await sdk.joinById(host.room.roomId, credentials(bob)), bob);
  const players = [host, guest];
  await waitFor(() => players.every((p) => p.colour !== ''), 'both seats');
  for (const p of players) p.send('ready', { ready: true });
  await waitFor(() => players.every((p) => p.state.status === 'playing'), 'the game to start');
  await play(players, (s) => s.rolls >= 4 && s.phase === 'roll');
  return players;
}

async function storedMatch(matchId: string) {
  const storage = new SqliteStorage(join(dataDir, 'flightchess.db'));
  try {
    return await storage.getMatch(matchId);
  } finally {
    await storage.close();
  }
}

describe('SIGTERM drains a server process', () => {
  test('no new tables, a table still seating closes, the game in progress plays to the end and is recorded, then the process exits', async () => {
    const server = await startServer(60);
    const sdk = new Client(server.baseUrl);
    const players = await gameInProgress(server, sdk);
    const cy = await newGuest(server, 'Cy');
    const seating = new Player(await sdk.create('table', { size: 4, ...credentials(cy) }), cy);
    const notices: unknown[] = [];
    let left = false;
    seating.room.onMessage('closing', (m) => notices.push(m));
    seating.room.onLeave(() => (left = true));
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
    expect(await storedMatch(s.matchId as string)).toMatchObject({ status: 'finished', seed: s.seed, actions: expect.any(Array) });
    expect((await storedMatch(s.matchId as string))?.actions).toHaveLength(s.version as number);
    expect(healthcheck(server.port)).toBe(1);
  });

  test('when the grace time runs out, a game still in progress is stored as aborted with every action played', async () => {
    const server = await startServer(1);
    const players = await gameInProgress(server, new Client(server.baseUrl));
    const { matchId, version } = players[0]!.state;
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.logs.find((l) => l.event === 'drained')).toMatchObject({ finished: false, unfinished: 1 });
    const match = await storedMatch(matchId as string);
    expect(match?.status).toBe('aborted');
    expect(match?.actions).toHaveLength(version as number);
  });

  test('a second SIGTERM during the drain stops at once, keeping the game as aborted', async () => {
    const server = await startServer(600);
    const players = await gameInProgress(server, new Client(server.baseUrl));
    const { matchId, version } = players[0]!.state;
    server.signal('SIGTERM');
    await server.logged('draining');
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.logs.some((l) => l.event === 'drained')).toBe(false);
    const match = await storedMatch(matchId as string);
    expect(match?.status).toBe('aborted');
    expect(match?.actions).toHaveLength(version as number);
  });
});

describe('closing a server at once (GameServer.close)', () => {
  test('loses no game: the match is kept as aborted with every action played so far', async () => {
    const t = await startTestServer();
    const players = await startedTable(t, 2);
    await play(players, (s) => s.rolls >= 6 && s.phase === 'roll');
    const matchId = players[0]!.state.matchId as string;
    const played = players[0]!.state.version as number;
    const file = t.dbFile;
    await t.colyseus.shutdown();
    await t.storage.close();

    const reopened = new SqliteStorage(file);
    const match = await reopened.getMatch(matchId);
    expect(match?.status).toBe('aborted');
    expect(match?.actions).toHaveLength(played);
    await reopened.close();
    rmSync(join(file, '..'), { recursive: true, force: true });
  });
});
