import type { Action, GameResult } from '@flightchess/rules';
import { createGuest, verifyGuest } from '../../src/players';
import type { Migration } from '../../src/storage/migrations';
import type { MatchFinish, MatchStart, SeatResult, Storage } from '../../src/storage/Storage';

/** One database for one test, in the dialect under test. */
export interface StorageHarness {
  /** Open the store on this test's database; every call reaches the same data. */
  open(): Promise<Storage>;
  /** The dialect's migration list, and a way to run one directly against this test's database. */
  readonly migrations: readonly Migration[];
  migrate(migrations: readonly Migration[]): Promise<number[]>;
  recordedMigrations(): Promise<{ version: number; name: string }[]>;
  dispose(): Promise<void>;
}

const start = (id: string, playerId: string, startedAt = 1): MatchStart => ({
  id,
  tableId: 'table-1',
  setup: { preset: 'online', seats: ['red', 'yellow'] },
  base: 10,
  turnSeconds: 12.5,
  seats: [
    { colour: 'red', kind: 'human', playerId, name: 'Ann' },
    { colour: 'yellow', kind: 'bot', playerId: null, name: 'Bot' },
  ],
  commitment: 'c'.repeat(64),
  seed: 's'.repeat(64),
  startedAt,
});

const ACTIONS: Action[] = [
  { type: 'roll', seat: 'red', value: 6 },
  { type: 'move', seat: 'red', plane: 0 },
  { type: 'roll', seat: 'red', value: 3 },
];

// Keys deliberately not in alphabetical order: the record must come back byte for byte (the verify
// endpoint compares the stored result with a replay's as JSON text).
const RESULT: GameResult = { winner: 'red', winners: ['red'], reason: 'finish' };

const seat = (colour: 'red' | 'yellow', score: number, winner: boolean, out: string | null = null): SeatResult => ({
  colour,
  score,
  coins: score,
  arrived: winner ? 4 : 0,
  rank: winner ? 1 : 2,
  escapePenalty: 0,
  lifetimeAfter: score,
  levelAfter: 1,
  out,
  winner,
});

const finish = (id: string, redScore = 40, endedAt = 9): MatchFinish => ({
  id,
  result: RESULT,
  actions: ACTIONS,
  endedAt,
  seats: [seat('red', redScore, true), seat('yellow', -redScore, false, 'resign')],
});

/** The behaviour every Storage implementation must have; run once per implementation. */
export function storageContract(openHarness: () => Promise<StorageHarness>): void {
  let h: StorageHarness;
  const opened: Storage[] = [];
  const open = async () => {
    const s = await h.open();
    opened.push(s);
    return s;
  };
  beforeEach(async () => {
    h = await openHarness();
  });
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
    await h.dispose();
  });

  test('versioned migrations run once, in order, and are recorded', async () => {
    expect(await h.migrate(h.migrations)).toEqual(h.migrations.map((m) => m.version));
    expect(await h.migrate(h.migrations)).toEqual([]);
    const next = [...h.migrations, { version: h.migrations.length + 1, name: 'extra', sql: 'CREATE TABLE extra (x INTEGER)' }];
    expect(await h.migrate(next)).toEqual([h.migrations.length + 1]);
    expect(await h.recordedMigrations()).toEqual(next.map((m) => ({ version: m.version, name: m.name })));
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
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.secretHash).not.toContain(guest.secret);
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

  test('a match in play is stored with its seats and actions, its seed hidden; a repeated action index is ignored', async () => {
    const storage = await open();
    const guest = await createGuest(storage, 'Ann');
    expect(await storage.getMatch('m1')).toBeNull();
    await storage.startMatch(start('m1', guest.playerId));
    await storage.appendAction('m1', 0, ACTIONS[0]!, 2);
    await storage.appendAction('m1', 1, ACTIONS[1]!, 3);
    await storage.appendAction('m1', 1, ACTIONS[2]!, 4);
    const match = await storage.getMatch('m1');
    expect(match).toEqual({
      id: 'm1',
      tableId: 'table-1',
      status: 'playing',
      setup: start('m1', guest.playerId).setup,
      base: 10,
      turnSeconds: 12.5,
      commitment: 'c'.repeat(64),
      seed: null,
      result: null,
      seats: [
        expect.objectContaining({ colour: 'red', kind: 'human', playerId: guest.playerId, name: 'Ann', out: null, winner: false }),
        expect.objectContaining({ colour: 'yellow', kind: 'bot', playerId: null, name: 'Bot', out: null, winner: false }),
      ],
      actions: ACTIONS.slice(0, 2),
      startedAt: 1,
      endedAt: null,
    });
    expect(match?.seats[0]?.score).toBeUndefined();
  });

  test('a match is finished once: the whole log and the result are kept, totals added once, the seed shown', async () => {
    const storage = await open();
    const guest = await createGuest(storage, 'Ann');
    await storage.startMatch(start('m1', guest.playerId));
    await storage.appendAction('m1', 0, ACTIONS[0]!, 2);
    await storage.finishMatch(finish('m1'));
    await storage.finishMatch(finish('m1', 999, 10));
    await storage.close();

    const reopened = await open();
    expect(await reopened.getPlayer(guest.playerId)).toMatchObject({ lifetimeScore: 40, coins: 40, games: 1, wins: 1 });
    const match = await reopened.getMatch('m1');
    expect(match).toMatchObject({ status: 'finished', seed: 's'.repeat(64), actions: ACTIONS, endedAt: 9 });
    expect(JSON.stringify(match?.result)).toBe(JSON.stringify(RESULT));
    expect(match?.seats).toEqual([
      { kind: 'human', playerId: guest.playerId, name: 'Ann', ...seat('red', 40, true) },
      { kind: 'bot', playerId: null, name: 'Bot', ...seat('yellow', -40, false, 'resign') },
    ]);
  });

  test('two processes finishing the same match at once add the totals once', async () => {
    const a = await open();
    const b = await open();
    const guest = await createGuest(a, 'Ann');
    await a.startMatch(start('m1', guest.playerId));
    await Promise.all([a.finishMatch(finish('m1')), b.finishMatch(finish('m1')), a.finishMatch(finish('m1'))]);
    expect(await b.getPlayer(guest.playerId)).toMatchObject({ lifetimeScore: 40, games: 1, wins: 1 });
  });

  test('an aborted match keeps its actions and scores nothing; neither end can follow the other', async () => {
    const storage = await open();
    const guest = await createGuest(storage, 'Ann');
    await storage.startMatch(start('m1', guest.playerId));
    await storage.abortMatch('m1', ACTIONS, 5);
    await storage.finishMatch(finish('m1'));
    expect(await storage.getMatch('m1')).toMatchObject({ status: 'aborted', actions: ACTIONS, result: null, endedAt: 5, seed: 's'.repeat(64) });
    expect(await storage.getPlayer(guest.playerId)).toMatchObject({ lifetimeScore: 0, games: 0 });

    await storage.startMatch(start('m2', guest.playerId));
    await storage.finishMatch(finish('m2'));
    await storage.abortMatch('m2', [], 99);
    expect(await storage.getMatch('m2')).toMatchObject({ status: 'finished', actions: ACTIONS, endedAt: 9 });
  });

  test("recent matches: the player's newest first, with their seat, up to the limit", async () => {
    const storage = await open();
    const ann = await createGuest(storage, 'Ann');
    const bob = await createGuest(storage, 'Bob');
    await storage.startMatch(start('old', ann.playerId, 100));
    await storage.finishMatch(finish('old'));
    await storage.startMatch(start('new', ann.playerId, 200));
    await storage.startMatch(start('bobs', bob.playerId, 300));

    expect(await storage.recentMatches(ann.playerId, 5)).toEqual([
      { id: 'new', preset: 'online', status: 'playing', colour: 'red', score: null, rank: null, winner: false, players: 2, startedAt: 200, endedAt: null },
      { id: 'old', preset: 'online', status: 'finished', colour: 'red', score: 40, rank: 1, winner: true, players: 2, startedAt: 100, endedAt: 9 },
    ]);
    expect((await storage.recentMatches(ann.playerId, 1)).map((m) => m.id)).toEqual(['new']);
    expect(await storage.recentMatches('nobody', 5)).toEqual([]);
  });

  test('the leaderboard ranks by lifetime score the players who have played, up to the limit', async () => {
    const storage = await open();
    const guests = [];
    for (const name of ['Ann', 'Bob', 'Cy', 'Dee']) guests.push(await createGuest(storage, name));
    const [ann, bob, cy] = guests;
    const play = async (id: string, playerId: string, score: number) => {
      await storage.startMatch(start(id, playerId));
      await storage.finishMatch(finish(id, score));
    };
    await play('m1', ann!.playerId, 10);
    await play('m2', bob!.playerId, 50);
    await play('m3', cy!.playerId, -10);

    const board = await storage.leaderboard(10);
    expect(board.map((p) => [p.nickname, p.lifetimeScore])).toEqual([
      ['Bob', 50],
      ['Ann', 10],
      ['Cy', -10],
    ]);
    expect(board[0]).toEqual({ id: bob!.playerId, nickname: 'Bob', lifetimeScore: 50, coins: 50, games: 1, wins: 1 });
    expect((await storage.leaderboard(2)).map((p) => p.nickname)).toEqual(['Bob', 'Ann']);
  });

  test('ping answers while open', async () => {
    const storage = await open();
    await expect(storage.ping()).resolves.toBeUndefined();
  });
}
