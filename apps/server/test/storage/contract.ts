import { createGuest, verifyGuest } from '../../src/accounts/guests';
import { accountsContract } from './accountsContract';
import type { Migration } from '../../src/storage/migrate';
import type { Storage } from '../../src/repositories';
import { OWNER } from './matchFixtures';

/** One database for one test, in the dialect under test. */
export interface StorageHarness {
  /** Open the store on this test's database; every call reaches the same data. */
  open(): Promise<Storage>;
  /** The migration list, and a way to run one directly against this test's database. */
  readonly migrations: readonly Migration[];
  migrate(migrations: readonly Migration[]): Promise<number[]>;
  /** Run SQL straight on this test's database (rows as a store from before a migration wrote them). */
  exec(sql: string): Promise<void>;
  recordedMigrations(): Promise<{ version: number; name: string }[]>;
  /** Run SQL (`?` placeholders) straight against this test's database: what an older server left there, and what is stored. */
  query(sql: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  dispose(): Promise<void>;
}

/**
 * A fresh database for each test (`use` hears of its harness before the test), and every store the
 * test opened closed, and the database dropped, after it; returns how a test opens a store on it.
 */
export function freshDatabase(openHarness: () => Promise<StorageHarness>, use: (harness: StorageHarness) => void): () => Promise<Storage> {
  let h: StorageHarness;
  const opened: Storage[] = [];
  beforeEach(async () => {
    h = await openHarness();
    use(h);
  });
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
    await h.dispose();
  });
  return async () => {
    const s = await h.open();
    opened.push(s);
    return s;
  };
}

/** The behaviour every Storage implementation must have; run once per implementation. */
export function storageContract(openHarness: () => Promise<StorageHarness>): void {
  let h: StorageHarness;
  const open = freshDatabase(openHarness, (harness) => (h = harness));

  test('versioned migrations run once, in order, and are recorded', async () => {
    expect(await h.migrate(h.migrations)).toEqual(h.migrations.map((m) => m.version));
    expect(await h.migrate(h.migrations)).toEqual([]);
    const extra = Math.max(...h.migrations.map((m) => m.version)) + 1;
    const next = [...h.migrations, { version: extra, name: 'extra', sql: 'CREATE TABLE extra (x INTEGER)' }];
    expect(await h.migrate(next)).toEqual([extra]);
    expect(await h.recordedMigrations()).toEqual(next.map((m) => ({ version: m.version, name: m.name })));
  });

  test('a migration that fails is rolled back: nothing of it is kept, nor its version', async () => {
    const extra = Math.max(...h.migrations.map((m) => m.version)) + 1;
    const failing = { version: extra, name: 'failing', sql: 'CREATE TABLE extra (x INTEGER); INSERT INTO nowhere VALUES (1)' };
    // Matched by message: better-sqlite3's errors may come from another test file's realm (not `instanceof Error` here).
    await expect(h.migrate([...h.migrations, failing])).rejects.toHaveProperty('message', expect.stringMatching(/nowhere/));
    expect(await h.recordedMigrations()).toEqual(h.migrations.map((m) => ({ version: m.version, name: m.name })));
    await expect(h.query('SELECT x FROM extra')).rejects.toHaveProperty('message', expect.stringMatching(/extra/));
  });

  test('migration 8 carries the seats on auto-play of a game in progress over, as timed out', async () => {
    await h.migrate(h.migrations.filter((m) => m.version <= 7));
    const insert = `INSERT INTO matches (id, table_id, preset, setup, base, turn_seconds, commitment, seed, status, started_at, auto_play, owner, lease_until)
      VALUES (?, 't', 'online', '{"preset":"online","seats":["red","green"]}', 10, 15, 'c', 's', ?, 1, ?, 'old', 0)`;
    await h.query(insert, ['playing', 'playing', '["red","green"]']);
    await h.query(insert, ['idle', 'playing', '[]']);
    const storage = await open();
    expect((await storage.claimMatch('playing', { owner: OWNER, now: 5, until: 10, scope: 'lapsed' }))?.presence).toEqual({
      red: { autoPlay: 'timeout' },
      green: { autoPlay: 'timeout' },
    });
    expect((await storage.claimMatch('idle', { owner: OWNER, now: 5, until: 10, scope: 'lapsed' }))?.presence).toEqual({});
  });

  test('a database made at the previous schema version migrates in place: its rows are kept, read with the new columns', async () => {
    const previous = Math.max(...h.migrations.map((m) => m.version)) - 1;
    await h.migrate(h.migrations.filter((m) => m.version <= previous));
    await h.query(`INSERT INTO players (id, nickname, secret_hash, created_at) VALUES ('old', 'Old', '', 5)`);
    await h.query(`INSERT INTO bans (player_id, reason, created_at) VALUES ('old', 'spam', 6)`);
    const storage = await open();
    expect(await storage.getPlayer('old')).toMatchObject({ nickname: 'Old', createdAt: 5 });
    expect(await storage.lastAddress('old')).toBe('');
    expect(await storage.bans()).toEqual([{ playerId: 'old', nickname: 'Old', reason: 'spam', at: 6, address: null, addressUntil: null }]);
    expect(await h.recordedMigrations()).toEqual(h.migrations.map((m) => ({ version: m.version, name: m.name })));
  });

  test('opening an already migrated database migrates nothing and keeps the data', async () => {
    const first = await open();
    const guest = await createGuest(first, 'Ann');
    await first.close();
    const second = await open();
    expect(await second.getPlayer(guest.playerId)).toMatchObject({ nickname: 'Ann' });
    expect(await h.recordedMigrations()).toEqual(h.migrations.map((m) => ({ version: m.version, name: m.name })));
  });

  test('a guest secret is stored only as a hash and checked in constant time; ids are unique', async () => {
    const storage = await open();
    const guest = await createGuest(storage, 'Ann');
    const stored = await storage.getPlayer(guest.playerId);
    expect(stored).toMatchObject({ id: guest.playerId, nickname: 'Ann', lifetimeScore: 0, coins: 0, games: 0, wins: 0 });
    const [device] = await storage.accounts.devices(guest.playerId);
    expect(device?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(device?.secretHash).not.toContain(guest.secret);
    expect(stored).not.toHaveProperty('secretHash');
    expect(typeof stored?.createdAt).toBe('number');
    expect(await verifyGuest(storage, guest.playerId, guest.secret)).toMatchObject({ id: guest.playerId });
    expect(await verifyGuest(storage, guest.playerId, `${guest.secret}x`)).toBeNull();
    expect(await verifyGuest(storage, 'nobody', guest.secret)).toBeNull();
    // (matched by message: better-sqlite3's errors come from another realm when Jest reuses a worker)
    await expect(storage.createPlayer({ id: guest.playerId, nickname: 'Copy', secretHash: 'x', createdAt: 1 })).rejects.toHaveProperty(
      'message',
      expect.stringMatching(/unique/i),
    );
  });

  test('a renamed player keeps its id, secret and totals, durably', async () => {
    const storage = await open();
    const guest = await createGuest(storage, 'Ann');
    await storage.renamePlayer(guest.playerId, 'Anna');
    await storage.close();
    const reopened = await open();
    expect(await reopened.getPlayer(guest.playerId)).toMatchObject({ id: guest.playerId, nickname: 'Anna', lifetimeScore: 0, games: 0 });
    expect(await verifyGuest(reopened, guest.playerId, guest.secret)).toMatchObject({ nickname: 'Anna' });
  });

  accountsContract(() => h, open);

  test('the health probe writes one row, rewritten each time', async () => {
    const storage = await open();
    await storage.probe(5);
    await storage.probe(7);
    expect(await h.query('SELECT id, checked_at FROM health_probe')).toEqual([{ id: 1, checked_at: 7 }]);
  });
}
