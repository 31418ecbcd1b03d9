import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Action } from '@flightchess/rules';
import { createGuest, verifyGuest } from '../src/players';
import { MIGRATIONS } from '../src/storage/migrations';
import { SqliteStorage, migrate } from '../src/storage/sqlite';
import type { MatchStart } from '../src/storage/Storage';
import { play, startedTable } from './support/players';
import { startTestServer } from './support/server';

jest.setTimeout(30_000);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flightchess-storage-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const start = (id: string, playerId: string): MatchStart => ({
  id,
  tableId: 'table-1',
  setup: { preset: 'online', seats: ['red', 'yellow'] },
  base: 10,
  turnSeconds: 15,
  seats: [
    { colour: 'red', kind: 'human', playerId, name: 'Ann' },
    { colour: 'yellow', kind: 'bot', playerId: null, name: 'Bot' },
  ],
  commitment: 'c'.repeat(64),
  seed: 's'.repeat(64),
  startedAt: 1,
});

const ACTIONS: Action[] = [
  { type: 'roll', seat: 'red', value: 6 },
  { type: 'move', seat: 'red', plane: 0 },
];

describe('SQLite storage', () => {
  test('versioned migrations run once, in order, and are recorded', () => {
    const file = join(dir, 'm.db');
    const db = new Database(file);
    expect(migrate(db)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrate(db)).toEqual([]);
    const next = [...MIGRATIONS, { version: MIGRATIONS.length + 1, name: 'extra', sql: 'CREATE TABLE extra (x INTEGER)' }];
    expect(migrate(db, next)).toEqual([MIGRATIONS.length + 1]);
    const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(rows).toEqual(next.map((m) => ({ version: m.version, name: m.name })));
    db.close();
  });

  test('a guest secret is stored only as a hash and checked in constant time', async () => {
    const storage = new SqliteStorage(join(dir, 'p.db'));
    const guest = await createGuest(storage, 'Ann');
    const stored = await storage.getPlayer(guest.playerId);
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.secretHash).not.toContain(guest.secret);
    expect(await verifyGuest(storage, guest.playerId, guest.secret)).toMatchObject({ id: guest.playerId, nickname: 'Ann' });
    expect(await verifyGuest(storage, guest.playerId, `${guest.secret}x`)).toBeNull();
    expect(await verifyGuest(storage, 'nobody', guest.secret)).toBeNull();
    await storage.close();
  });

  test('a match is finished once: its totals are added once, its seed shown only after the end', async () => {
    const file = join(dir, 's.db');
    const storage = new SqliteStorage(file);
    const guest = await createGuest(storage, 'Ann');
    await storage.startMatch(start('m1', guest.playerId));
    await storage.appendAction('m1', 0, ACTIONS[0]!, 2);
    expect((await storage.getMatch('m1'))?.seed).toBeNull();
    const finish = {
      id: 'm1',
      result: { winner: 'red' as const, winners: ['red' as const], reason: 'finish' as const },
      actions: ACTIONS,
      endedAt: 3,
      seats: [
        { colour: 'red' as const, score: 40, coins: 40, arrived: 4, rank: 1, escapePenalty: 0, lifetimeAfter: 40, levelAfter: 1, out: null, winner: true },
        { colour: 'yellow' as const, score: -40, coins: -40, arrived: 0, rank: 2, escapePenalty: 0, lifetimeAfter: -40, levelAfter: 1, out: null, winner: false },
      ],
    };
    await storage.finishMatch(finish);
    await storage.finishMatch(finish);
    await storage.close();

    const reopened = new SqliteStorage(file);
    const player = await reopened.getPlayer(guest.playerId);
    expect(player).toMatchObject({ lifetimeScore: 40, coins: 40, games: 1, wins: 1 });
    const match = await reopened.getMatch('m1');
    expect(match).toMatchObject({ status: 'finished', seed: 's'.repeat(64), actions: ACTIONS, endedAt: 3 });
    expect(match?.seats.find((s) => s.colour === 'yellow')).toMatchObject({ kind: 'bot', playerId: null, score: -40 });
    expect(await reopened.recentMatches(guest.playerId, 5)).toEqual([
      expect.objectContaining({ id: 'm1', colour: 'red', score: 40, rank: 1, winner: true, players: 2 }),
    ]);
    expect((await reopened.leaderboard(10)).map((p) => p.id)).toEqual([guest.playerId]);
    await reopened.close();
  });

  test('an aborted match keeps its actions and scores nothing', async () => {
    const storage = new SqliteStorage(join(dir, 'a.db'));
    const guest = await createGuest(storage, 'Ann');
    await storage.startMatch(start('m2', guest.playerId));
    await storage.abortMatch('m2', ACTIONS, 5);
    expect(await storage.getMatch('m2')).toMatchObject({ status: 'aborted', actions: ACTIONS });
    expect(await storage.getPlayer(guest.playerId)).toMatchObject({ lifetimeScore: 0, games: 0 });
    await storage.close();
  });
});

describe('a server shutdown mid-game', () => {
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
