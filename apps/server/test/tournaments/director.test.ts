import { createGuest } from '../../src/accounts/guests';
import { createLogger } from '../../src/logger';
import type { TableAtStart } from '../../src/matches/Match';
import { type Storage, openSqliteStorage } from '../../src/repositories';
import { TournamentDirector } from '../../src/tournaments/director';
import { finishesByTable, standings } from '../../src/tournaments/results';
import type { StoredRound } from '../../src/tournaments/tournamentRepository';

/**
 * The director on a real store (SQLite in memory) with tables that are stored but never played here: what
 * it does at each tick, what two processes ticking together do, and what one does after another stopped
 * between two steps. The games' results are written straight into the store, as a finished table writes them.
 */
describe('the tournament director', () => {
  let storage: Storage;
  let now: number;
  let ids: number;
  const opened: TableAtStart[] = [];
  const told: string[][] = [];

  beforeEach(async () => {
    storage = await openSqliteStorage(':memory:');
    now = 1_000_000;
    ids = 0;
    opened.length = 0;
    told.length = 0;
  });
  afterEach(() => storage.close());

  /** A director as one process runs it: its tables stored as a table stores its match (not played). */
  const director = (open = true) =>
    new TournamentDirector({
      storage: storage.tournaments,
      openTable: async (at) => {
        if (!open) throw new Error('this process stopped');
        opened.push(at);
        await storage.startMatch({
          id: at.tournament!.matchId,
          tableId: at.tableId,
          code: '',
          private: at.private,
          watchable: at.watchable,
          rated: false,
          hostId: at.hostId,
          setup: at.setup,
          base: at.base,
          turnSeconds: at.turnSeconds,
          seats: at.seats,
          commitment: 'c'.repeat(64),
          seed: at.tournament!.board?.seed ?? 's'.repeat(64),
          ...(at.tournament!.board && { board: { id: at.tournament!.board.id, streams: at.tournament!.board.streams } }),
          engine: 1,
          startedAt: now,
          owner: 'here',
          leaseUntil: now + 60_000,
        });
        return true;
      },
      logger: createLogger('silent'),
      newId: () => `id${++ids}`,
      tablesChanged: (playerIds) => told.push([...playerIds]),
      now: () => now,
    });

  async function tournament(players: number, extra: { seats?: 2 | 4; rounds?: number; duplicate?: boolean } = {}): Promise<string[]> {
    const people: string[] = [];
    for (let i = 0; i < players; i++) people.push((await createGuest(storage, `P${i}`)).playerId);
    await storage.tournaments.create({
      id: 't',
      name: 'T',
      format: 'swiss',
      minutes: 0,
      teams: false,
      seats: extra.seats ?? 4,
      rounds: extra.rounds ?? 3,
      duplicate: extra.duplicate ?? true,
      private: false,
      creatorId: people[0]!,
      preset: 'online',
      turnSeconds: 15,
      breakSeconds: 30,
      startsAt: now + 10,
      createdAt: now,
    });
    for (const p of people) await storage.tournaments.join('t', p, p, now);
    return people;
  }

  /** Every table of the round ends: red wins, the others arrive 0..2 planes (one seat of each table leaves). */
  async function finishRound(round: StoredRound): Promise<void> {
    for (const x of round.tables)
      await storage.finishMatch({
        id: x.matchId,
        owner: 'here',
        result: { reason: 'finish', winner: x.seats[0]!.colour, winners: [x.seats[0]!.colour] },
        endedAt: now,
        seats: x.seats.map((s, i) => ({
          colour: s.colour,
          score: 0,
          coins: 0,
          coinsEarned: 0,
          coinsAfter: null,
          arrived: i === 0 ? 4 : i - 1,
          rank: i + 1,
          escapePenalty: 0,
          lifetimeAfter: 0,
          levelAfter: 1,
          out: i === x.seats.length - 1 ? 'resign' : null,
          winner: i === 0,
          ratingBefore: null,
          ratingAfter: null,
        })),
      });
  }

  test('a course: nothing before the start; the start draws the order and the boards; each round paired, opened, ended, the next after the break', async () => {
    const people = await tournament(6, { rounds: 2 });
    const d = director();
    await d.tick();
    expect((await storage.tournaments.get('t'))!.status).toBe('upcoming');
    now += 10;
    await d.tick();
    const started = (await storage.tournaments.get('t'))!;
    expect(started).toMatchObject({ status: 'running', round: 0, nextRoundAt: now });
    expect([...started.draw!].sort()).toEqual([...people].sort());
    expect(started.boards!.map((b) => b.seed)).toHaveLength(2);
    await d.tick();
    const [r1] = await storage.tournaments.rounds('t');
    // Six players at tables of four: two tables of three, a bot in each.
    expect(r1!.tables.map((x) => x.seats.filter((s) => s.playerId).length)).toEqual([3, 3]);
    expect(opened.map((at) => at.tournament!.board!.seed)).toEqual([started.boards![0]!.seed, started.boards![0]!.seed]);
    // Stream 0 starts every table; each table's seats hold streams 0–3.
    for (const at of opened) {
      expect(Object.values(at.tournament!.board!.streams).sort()).toEqual([0, 1, 2, 3]);
      expect(at.tournament!.board!.streams[at.tournament!.board!.firstSeat]).toBe(0);
    }
    expect(told.at(-1)!.sort()).toEqual([...people].sort());
    await d.tick();
    expect(await storage.tournaments.rounds('t')).toHaveLength(1);
    await finishRound(r1!);
    await d.tick();
    expect((await storage.tournaments.get('t'))!).toMatchObject({ round: 1, nextRoundAt: now + 30_000 });
    now += 29_999;
    await d.tick();
    expect(await storage.tournaments.rounds('t')).toHaveLength(1);
    now += 1;
    await d.tick();
    const rounds = await storage.tournaments.rounds('t');
    expect(rounds).toHaveLength(2);
    await finishRound(rounds[1]!);
    await d.tick();
    expect((await storage.tournaments.get('t'))!).toMatchObject({ status: 'finished', round: 2 });
  });

  test('two processes ticking together take each step once; a round whose pairer stopped before opening its tables is opened by the other after a grace', async () => {
    await tournament(8, { seats: 2 });
    const [a, b] = [director(), director()];
    now += 10;
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.tick(), b.tick()]);
    expect(await storage.tournaments.rounds('t')).toHaveLength(1);
    expect(opened).toHaveLength(4);
    const [r1] = await storage.tournaments.rounds('t');
    await finishRound(r1!);
    await Promise.all([a.tick(), b.tick()]);
    now += 30_000;
    // The pairer stops before it opens a table: the round is stored, its tables are not.
    opened.length = 0;
    await director(false).tick();
    const r2 = (await storage.tournaments.rounds('t'))[1]!;
    expect(await storage.tournaments.outcomes(r2.tables.map((x) => x.matchId))).toEqual([]);
    await b.tick();
    expect(opened).toHaveLength(0);
    now += 5_000;
    await b.tick();
    expect(opened.map((at) => at.tournament!.matchId).sort()).toEqual(r2.tables.map((x) => x.matchId).sort());
  });

  test('standings are a pure function of what is stored: read again, in another order of tables, they are the same', async () => {
    const people = await tournament(7, { seats: 4, rounds: 3 });
    const d = director();
    now += 10;
    for (let round = 1; round <= 3; round++) {
      await d.tick();
      await d.tick();
      await finishRound((await storage.tournaments.rounds('t'))[round - 1]!);
      await d.tick();
      now += 30_000;
    }
    const t = (await storage.tournaments.get('t'))!;
    expect(t.status).toBe('finished');
    const rounds = await storage.tournaments.rounds('t');
    const entrants = await storage.tournaments.entrants('t');
    const tables = rounds.flatMap((r) => r.tables);
    const finishes = finishesByTable(tables, await storage.tournaments.outcomes(tables.map((x) => x.matchId)));
    const once = standings(t, entrants, rounds, { finishes });
    const shuffled = rounds.map((r) => ({ ...r, tables: [...r.tables].reverse() }));
    expect(standings(t, [...entrants].reverse(), shuffled, { finishes })).toEqual(once);
    expect(once.map((s) => s.playerId).sort()).toEqual([...people].sort());
    // Every seat that left finished behind every seat played to the end: it earned nothing at its table.
    for (const r of rounds) for (const x of r.tables) expect(finishes.get(x.matchId)!.at(-1)).toEqual({ won: false, arrived: -1 });
    // Seven players at tables of four: nobody sits a round out, every one of them played every round.
    expect(once.reduce((sum, s) => sum + s.games, 0)).toBe(21);
  });
});
