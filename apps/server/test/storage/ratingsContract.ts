import { NEW_SKILL, shownRating } from '@flightchess/rules';
import type { MatchRecord } from '@flightchess/protocol';
import { createGuest } from '../../src/accounts/guests';
import { rebuildRatings } from '../../src/ratings/rebuildRatings';
import { type Rerated, rerateAll } from '../../src/ratings/rerateAll';
import type { MatchFinish } from '../../src/matches/MatchStorage';
import type { Storage } from '../../src/repositories';
import { type SeededGameSpec, matchIdOf, playSeeded, seatsFor, storeSeeded } from '../support/seededGames';
import { type StorageHarness, freshDatabase } from './contract';

const SPECS: SeededGameSpec[] = [
  { preset: 'online', seats: seatsFor('online', 2), ending: 'finish', key: 'rated-2p-finish' },
  { preset: 'online', seats: seatsFor('online', 2), ending: 'escape', key: 'rated-2p-escape' },
  { preset: 'online', seats: seatsFor('online'), ending: 'finish', key: 'rated-4p-finish', autoPlay: ['red'] },
  { preset: 'online', seats: seatsFor('online'), teams: true, ending: 'team-resign', key: 'rated-2v2-resign' },
  { preset: 'plyyard', seats: seatsFor('plyyard', 2), ending: 'draw', key: 'rated-2p-draw' },
  { preset: 'online', seats: seatsFor('online', 3), ending: 'resign', key: 'rated-3p-resign' },
];
const GAMES = new Map(SPECS.map((s) => [s.key, playSeeded(s)]));
const game = (key: string) => GAMES.get(key)!;

/** Ended one minute apart, in the order given: the order ratings are computed in. */
const endedAt = (i: number) => 1_800_000_000_000 + 60_000 * i;

/** The ratings part of the Storage contract: rated results, once only, in one transaction; the reads, the leaderboard and the recomputation. */
export function ratingsContract(openHarness: () => Promise<StorageHarness>): void {
  let h: StorageHarness;
  const open = freshDatabase(openHarness, (harness) => (h = harness));

  const players = async (storage: Storage, ...names: string[]) =>
    Promise.all(names.map(async (n) => (await createGuest(storage, n)).playerId));

  /** The store, with the last finish asked of it kept (to repeat it). */
  const capturing = (storage: Storage): { last(): MatchFinish } => {
    let last: MatchFinish | undefined;
    const finish = storage.finishMatch;
    storage.finishMatch = (f) => finish((last = f));
    return { last: () => last! };
  };

  const records = async (storage: Storage): Promise<MatchRecord[]> => {
    const ids = await h.query('SELECT id FROM matches ORDER BY id');
    return Promise.all(ids.map(async (r) => (await storage.getMatch(r.id as string))!));
  };

  test("a rated result rates every person of the game's mode with it, bots not at all; a casual one rates nobody", async () => {
    const storage = await open();
    const [ann, bob] = await players(storage, 'Ann', 'Bob');
    // 4 seats: Ann on red, Bob on yellow (a team in 2v2), bots on green and blue.
    const rated = await storeSeeded(storage, game('rated-4p-finish'), [ann!, bob!], { rated: true, endedAt: endedAt(0) });
    const casual = await storeSeeded(storage, game('rated-2p-finish'), [ann!], { endedAt: endedAt(1) });

    const match = (await storage.getMatch(rated))!;
    expect(match.rated).toBe(true);
    const [red, green, yellow, blue] = (['red', 'green', 'yellow', 'blue'] as const).map((c) => match.seats.find((s) => s.colour === c));
    for (const person of [red!, yellow!])
      expect(person).toMatchObject({ ratingBefore: 1500, ratingAfter: expect.any(Number), ratedGames: 1 });
    for (const bot of [green!, blue!]) expect(bot).toMatchObject({ ratingBefore: null, ratingAfter: null, ratedGames: null });
    expect((await storage.getMatch(casual))!.seats.map((s) => [s.ratingAfter, s.ratedGames])).toEqual([
      [null, null],
      [null, null],
    ]);

    // Only the rated game counts, in its mode (4p) alone; both players' rows say so.
    const annRating = await storage.ratings.ratingOf(ann!, '4p');
    expect(annRating).toMatchObject({ rating: red!.ratingAfter, games: 1, provisional: true });
    expect(annRating!.deviation).toBeLessThan(350);
    expect(await storage.ratings.ratingOf(ann!, '2p')).toBeNull();
    expect(await storage.ratings.ratingsOf(ann!)).toEqual({ '4p': annRating });
    expect(await storage.ratings.ratingsOf(bob!)).toEqual({ '4p': expect.objectContaining({ rating: yellow!.ratingAfter, games: 1 }) });
  });

  test('a finish repeated changes no rating twice and answers the changes stored; a rated game of bots alone, or aborted, rates nobody', async () => {
    const storage = await open();
    const [ann] = await players(storage, 'Ann');
    const g = game('rated-2p-escape');
    const finishes = capturing(storage);
    const id = await storeSeeded(storage, g, [ann!], { rated: true, endedAt: endedAt(0) });
    const first = await h.query('SELECT mu, sigma, games FROM player_ratings WHERE player_id = ?', [ann]);
    const red = (await storage.getMatch(id))!.seats.find((s) => s.colour === 'red')!;
    expect(await storage.finishMatch(finishes.last())).toEqual({ red: { before: 1500, after: red.ratingAfter } });
    expect(await h.query('SELECT mu, sigma, games FROM player_ratings WHERE player_id = ?', [ann])).toEqual(first);
    expect(first).toEqual([expect.objectContaining({ games: 1 })]);

    const bots = await storeSeeded(storage, playSeeded({ ...g.spec, key: 'bots-only' }), [], { rated: true, endedAt: endedAt(1) });
    expect((await storage.getMatch(bots))!.status).toBe('finished');
    // An aborted rated match rates nobody either.
    const aborted = await storeSeeded(storage, playSeeded({ ...g.spec, ending: 'aborted', key: 'aborted' }), [ann!], { rated: true });
    expect((await storage.getMatch(aborted))!.status).toBe('aborted');
    expect(await h.query('SELECT COUNT(*) AS n FROM player_ratings')).toEqual([{ n: 1 }]);
    expect(await h.query('SELECT mu, sigma, games FROM player_ratings WHERE player_id = ?', [ann])).toEqual(first);
  });

  test('a finish that fails writes no rating, nor anything else; done again, it rates once', async () => {
    const storage = await open();
    const [ann] = await players(storage, 'Ann');
    const g = game('rated-2p-finish');
    const finishes = capturing(storage);
    // The log's compaction, the last step of the finish (after the ratings are written), fails.
    const failing = storeSeeded(storage, g, [ann!], {
      rated: true,
      endedAt: endedAt(0),
      beforeEnd: () => h.exec('ALTER TABLE match_actions RENAME TO match_actions_away'),
    });
    await expect(failing).rejects.toHaveProperty('message', expect.stringMatching(/match_actions/));
    expect(await h.query('SELECT COUNT(*) AS n FROM player_ratings')).toEqual([{ n: 0 }]);
    expect(await h.query('SELECT rating_before, rating_after, deviation_after FROM match_seats WHERE player_id = ?', [ann])).toEqual([
      { rating_before: null, rating_after: null, deviation_after: null },
    ]);
    expect(await storage.getPlayer(ann!)).toMatchObject({ games: 0 });
    await h.exec('ALTER TABLE match_actions_away RENAME TO match_actions');
    expect((await storage.getMatch(matchIdOf(g)))!.status).toBe('playing');

    // The table's retry: the same finish. A rated one without its places and weights is refused, changing nothing.
    const full = finishes.last();
    const { id, owner, result, seats, endedAt: at } = full;
    await expect(storage.finishMatch({ id, owner, result, seats, endedAt: at })).rejects.toThrow(/places and play weights/);
    expect((await storage.getMatch(id))!.status).toBe('playing');
    const changes = await storage.finishMatch(full);
    expect(await storage.ratings.ratingOf(ann!, '2p')).toMatchObject({ rating: changes.red!.after, games: 1 });
    expect(await storage.getPlayer(ann!)).toMatchObject({ games: 1 });
  });

  test("two of a player's games finishing at once on two processes: both count, one after the other (no lost update)", async () => {
    const a = await open();
    const b = await open();
    const [ann] = await players(a, 'Ann');
    let arrived = 0;
    let release!: () => void;
    const together = new Promise<void>((resolve) => (release = resolve));
    // Both games are stored up to their end, then finished at the same moment.
    const beforeEnd = async () => {
      if (++arrived === 2) release();
      await together;
    };
    await Promise.all([
      storeSeeded(a, game('rated-2p-finish'), [ann!], { rated: true, beforeEnd, owner: 'a', endedAt: endedAt(0) }),
      storeSeeded(b, game('rated-2p-escape'), [ann!], { rated: true, beforeEnd, owner: 'b', endedAt: endedAt(1) }),
    ]);
    expect(await a.ratings.ratingOf(ann!, '2p')).toMatchObject({ games: 2 });
    const rows = await h.query('SELECT rating_before, rating_after FROM match_seats WHERE player_id = ?', [ann]);
    // The second game to be stored started from the first one's result, whichever it was.
    const seats = [...rows].sort((x, y) => (x.rating_before === 1500 ? -1 : y.rating_before === 1500 ? 1 : 0));
    expect(seats).toHaveLength(2);
    expect(seats[0]!.rating_before).toBe(1500);
    expect(seats[1]!.rating_before).toBe(seats[0]!.rating_after);
    expect((await a.ratings.ratingOf(ann!, '2p'))!.rating).toBe(seats[1]!.rating_after);
  });

  test('the leaderboard of a mode: established players by rating − 2 × deviation, provisional ones after them, up to the limit', async () => {
    const storage = await open();
    const ids = await players(storage, 'Ann', 'Bob', 'Cat', 'Dan', 'Eve');
    const [ann, bob, cat, dan, eve] = ids;
    const put = (id: string, mode: string, mu: number, sigma: number, games: number) =>
      h.query('INSERT INTO player_ratings (player_id, mode, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, 1)', [
        id,
        mode,
        mu,
        sigma,
        games,
      ]);
    await put(ann!, '2p', 30, 2, 20); // 1710 ± 84: 1542, established at 20 games
    await put(bob!, '2p', 28, 1, 90); // 1626 ± 42: 1542 — the same, with more games: first
    await put(cat!, '2p', 40, 6, 3); // 2130 ± 252: provisional (3 games), after the established ones however high
    await put(dan!, '2p', 28, 1, 19); // 1626 ± 42: provisional still, its 19 games fewer than 20
    await put(eve!, '4p', 35, 1, 50); // another mode
    await put(eve!, '2p', 50, 1, 0); // no game: not listed

    const board = await storage.ratings.leaderboard('2p', 10);
    expect(board.map((e) => e.nickname)).toEqual(['Bob', 'Ann', 'Cat', 'Dan']);
    expect(board[0]).toEqual({
      rank: 1,
      playerId: bob,
      id: bob,
      nickname: 'Bob',
      rating: 1626,
      deviation: 42,
      games: 90,
      provisional: false,
    });
    expect(board.map((e) => [e.rank, e.provisional])).toEqual([
      [1, false],
      [2, false],
      [3, true],
      [4, true],
    ]);
    expect((await storage.ratings.leaderboard('2p', 2)).map((e) => e.nickname)).toEqual(['Bob', 'Ann']);
    expect((await storage.ratings.leaderboard('4p', 10)).map((e) => e.nickname)).toEqual(['Eve']);
    expect(await storage.ratings.leaderboard('2v2', 10)).toEqual([]);
  });

  test("a player's rating history per mode: oldest first, the newest up to the limit; others see public games only", async () => {
    const storage = await open();
    const [ann] = await players(storage, 'Ann');
    const keys = ['rated-2p-finish', 'rated-2p-escape', 'rated-2p-draw', 'rated-3p-resign'];
    for (const [i, key] of keys.entries()) await storeSeeded(storage, game(key), [ann!], { rated: true, endedAt: endedAt(i) });
    await h.query('UPDATE matches SET private = ? WHERE id = ?', [true, matchIdOf(game('rated-2p-escape'))]);

    const mine = await storage.ratings.ratingHistory(ann!, 'all', 10);
    expect(Object.keys(mine).sort()).toEqual(['2p', '3p']);
    expect(mine['2p']!.map((p) => p.matchId)).toEqual(
      ['rated-2p-finish', 'rated-2p-escape', 'rated-2p-draw'].map((k) => matchIdOf(game(k))),
    );
    expect(mine['2p']!.map((p) => p.at)).toEqual([endedAt(0), endedAt(1), endedAt(2)]);
    const now = await storage.ratings.ratingOf(ann!, '2p');
    expect(mine['2p']![2]).toMatchObject({ rating: now!.rating, deviation: now!.deviation });
    expect((await storage.ratings.ratingHistory(ann!, 'all', 2))['2p']!.map((p) => p.at)).toEqual([endedAt(1), endedAt(2)]);
    expect((await storage.ratings.ratingHistory(ann!, 'public', 10))['2p']!.map((p) => p.at)).toEqual([endedAt(0), endedAt(2)]);

    // Each record counts the player's rated games of its mode up to it (a provisional rating is told by it).
    const gamesSoFar = async (key: string) =>
      (await storage.getMatch(matchIdOf(game(key))))!.seats.find((s) => s.playerId === ann)!.ratedGames;
    expect(await Promise.all(keys.map(gamesSoFar))).toEqual([1, 2, 3, 1]);
  });

  test('recomputed from the stored records alone, every rating and every seat change equals what was stored', async () => {
    const storage = await open();
    const [ann, bob] = await players(storage, 'Ann', 'Bob');
    const order: [string, string[]][] = [
      ['rated-2p-finish', [ann!]],
      ['rated-4p-finish', [ann!, bob!]],
      ['rated-2v2-resign', [bob!, ann!]],
      ['rated-2p-draw', [bob!]],
      ['rated-2p-escape', [ann!]],
      ['rated-3p-resign', [bob!, ann!]],
    ];
    for (const [i, [key, who]] of order.entries()) await storeSeeded(storage, game(key), who, { rated: true, endedAt: endedAt(i) });
    // A casual game in between changes nothing.
    await storeSeeded(storage, playSeeded({ ...game('rated-2p-finish').spec, key: 'casual' }), [ann!], { endedAt: endedAt(3) });

    const rerated = rerateAll(await records(storage));
    await expectStored(storage, rerated);
    const modes = await h.query('SELECT DISTINCT mode FROM player_ratings');
    expect(new Set(modes.map((r) => r.mode))).toEqual(new Set(['2p', '4p', '2v2', '3p']));
    expect(rerated.changes.size).toBe(order.length);
    // Nobody stays at a newcomer's rating after six games.
    expect(shownRating(rerated.skills.get(`${ann!} 2p`)!.skill).deviation).toBeLessThan(shownRating(NEW_SKILL).deviation);
    // And the rebuild an operator runs finds nothing to change.
    expect(await rebuildRatings(storage, { write: false })).toEqual({
      matches: order.length,
      players: 2,
      seatsChanged: 0,
      ratingsChanged: 0,
      written: false,
    });
  });

  /** Every stored rating and rated seat's change is the recomputation's. */
  const expectStored = async (storage: Storage, { skills, changes }: Rerated) => {
    const stored = await h.query('SELECT player_id, mode, mu, sigma, games FROM player_ratings ORDER BY player_id, mode');
    expect(
      stored.map((r) => [
        `${r.player_id as string} ${r.mode as string}`,
        { playerId: r.player_id, mode: r.mode, skill: { mu: r.mu, sigma: r.sigma }, games: r.games },
      ]),
    ).toEqual([...skills.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
    const deviations = await h.query('SELECT match_id, colour, deviation_after FROM match_seats WHERE rating_after IS NOT NULL');
    const deviation = (id: string, colour: string) => deviations.find((d) => d.match_id === id && d.colour === colour)!.deviation_after;
    for (const m of await records(storage)) {
      const seatChanges = Object.fromEntries(
        m.seats
          .filter((s) => s.ratingAfter !== null)
          .map((s) => [s.colour, { before: s.ratingBefore, after: s.ratingAfter, deviation: deviation(m.id, s.colour) }]),
      );
      expect({ id: m.id, seatChanges }).toEqual({ id: m.id, seatChanges: changes.get(m.id) ?? {} });
    }
  };

  test('a rebuild (npm run ratings:rebuild) says what differs, and with write puts the recomputed ratings back; a game ending meanwhile stops it', async () => {
    const storage = await open();
    const [ann, bob] = await players(storage, 'Ann', 'Bob');
    await storeSeeded(storage, game('rated-2p-finish'), [ann!], { rated: true, endedAt: endedAt(0) });
    await storeSeeded(storage, game('rated-4p-finish'), [ann!, bob!], { rated: true, endedAt: endedAt(1) });
    const rerated = rerateAll(await records(storage));
    // As if the model had been different: Ann's 4p rating and one seat's change are off, and a stray row for Bob.
    await h.query(`UPDATE player_ratings SET mu = mu + 3 WHERE player_id = ? AND mode = '4p'`, [ann!]);
    await h.query(`UPDATE match_seats SET rating_after = rating_after + 50 WHERE player_id = ? AND rating_after IS NOT NULL`, [bob!]);
    await h.query(`INSERT INTO player_ratings (player_id, mode, mu, sigma, games, updated_at) VALUES (?, '3p', 30, 5, 4, 1)`, [bob!]);

    const report = { matches: 2, players: 2, seatsChanged: 1, ratingsChanged: 2 };
    expect(await rebuildRatings(storage, { write: false })).toEqual({ ...report, written: false });
    expect((await storage.ratings.ratingsOf(bob!))['3p']).toBeDefined(); // a dry run writes nothing

    // A rated game that ended after the rebuild read the records: refused, nothing written.
    const late = await storeSeeded(storage, game('rated-2p-escape'), [bob!], { rated: true, endedAt: endedAt(2) });
    await expect(storage.ratings.replaceRatings(rerated, 2, endedAt(3))).rejects.toThrow(/1 rated game\(s\) ended during the rebuild/);
    expect((await storage.ratings.ratingsOf(bob!))['3p']).toBeDefined();

    expect(await rebuildRatings(storage, { write: true, at: endedAt(3) })).toMatchObject({ matches: 3, seatsChanged: 1, written: true });
    await expectStored(storage, rerateAll(await records(storage)));
    expect((await storage.ratings.ratingsOf(bob!))['3p']).toBeUndefined();
    expect((await storage.getMatch(late))!.seats.find((s) => s.playerId === bob)!.ratingAfter).not.toBeNull();
    expect(await rebuildRatings(storage, { write: false })).toEqual({
      matches: 3,
      players: 2,
      seatsChanged: 0,
      ratingsChanged: 0,
      written: false,
    });
  });
}
