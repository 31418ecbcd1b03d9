import type { TournamentStanding } from '@flightchess/protocol';
import {
  type ArenaGame,
  type Colour,
  type GameLuck,
  type PlayedRound,
  type PlayedTable,
  type RatedTable,
  type SeatFinish,
  type TableLuck,
  arenaScore,
  luckFreeRatings,
  matchpoints,
  placePoints,
  standingsOf,
  teamOf,
} from '@flightchess/rules';
import type { Entrant, PairedTable, SeatOutcome, StoredReview, StoredRound, StoredTournament } from './tournamentRepository';

/**
 * A tournament's results as pure functions of what is stored (its entrants, its rounds as paired, the
 * matches' results): the same rows give the same standings on every process and after every restore.
 */

/**
 * How a seat finished, for the tournament: a win first, then planes arrived — and a seat whose player
 * left the game (resigned, escaped, never came and was forfeited) behind every seat played to the end,
 * whatever auto-play made of it after (docs/server/tournaments.md).
 */
export function finishOf(outcome: SeatOutcome): SeatFinish {
  return outcome.out !== null ? { won: false, arrived: -1 } : { won: outcome.winner, arrived: outcome.arrived ?? 0 };
}

/**
 * Each table's seats' finishes, in seat order, for the tables whose match has been recorded. At 2v2
 * (`teams`) partners share their team's finish — its result and the planes home of both — but a seat whose
 * player left is behind everyone all the same.
 */
export function finishesByTable(
  tables: readonly PairedTable[],
  outcomes: readonly SeatOutcome[],
  teams = false,
): Map<string, SeatFinish[]> {
  const byMatch = new Map<string, Map<Colour, SeatOutcome>>();
  for (const o of outcomes) {
    if (o.status !== 'finished') continue;
    const seats = byMatch.get(o.matchId) ?? new Map<Colour, SeatOutcome>();
    byMatch.set(o.matchId, seats.set(o.colour, o));
  }
  const finished = new Map<string, SeatFinish[]>();
  for (const table of tables) {
    const seats = byMatch.get(table.matchId);
    if (!seats || !table.seats.every((s) => seats.has(s.colour))) continue;
    const own = table.seats.map((s) => finishOf(seats.get(s.colour)!));
    if (!teams) {
      finished.set(table.matchId, own);
      continue;
    }
    const team = (side: 0 | 1) => {
      const mine = table.seats.flatMap((s) => (teamOf(s.colour) === side ? [seats.get(s.colour)!] : []));
      return { won: mine.some((o) => o.winner), arrived: mine.reduce((sum, o) => sum + (o.arrived ?? 0), 0) };
    };
    const sides = [team(0), team(1)] as const;
    finished.set(
      table.matchId,
      table.seats.map((s, i) => (own[i]!.arrived < 0 ? own[i]! : sides[teamOf(s.colour)])),
    );
  }
  return finished;
}

/** Each seat's tournament points and matchpoints in a round, by match id (seat order); matchpoints only for duplicate rounds. */
export function roundScores(
  round: StoredRound,
  finishes: ReadonlyMap<string, readonly SeatFinish[]>,
  duplicate: boolean,
): Map<string, { points: number[]; matchpoints: number[] | null }> {
  const scores = new Map<string, { points: number[]; matchpoints: number[] | null }>();
  const played = round.tables.filter((t) => finishes.has(t.matchId));
  // Each result is compared with those who held the same stream at the round's other tables (stream order).
  const byStream = played.map((t) => {
    const inOrder: SeatFinish[] = [];
    t.seats.forEach((s, i) => (inOrder[s.stream ?? i] = finishes.get(t.matchId)![i]!));
    return inOrder;
  });
  const mp = duplicate ? matchpoints(byStream) : null;
  played.forEach((t, ti) =>
    scores.set(t.matchId, {
      points: placePoints(finishes.get(t.matchId)!),
      matchpoints: mp && t.seats.map((s, i) => mp[ti]![s.stream ?? i]!),
    }),
  );
  return scores;
}

/** The rounds as the rules' standings read them: players by their place in `entrants`, only the tables recorded. */
export function playedRounds(
  entrants: readonly Entrant[],
  rounds: readonly StoredRound[],
  finishes: ReadonlyMap<string, readonly SeatFinish[]>,
): PlayedRound[] {
  const index = new Map(entrants.map((e, i) => [e.playerId, i]));
  const numberOf = (playerId: string | null) => (playerId === null ? null : (index.get(playerId) ?? null));
  return rounds.map((r) => ({
    byes: r.byes.flatMap((p) => (index.has(p) ? [index.get(p)!] : [])),
    tables: r.tables.flatMap((t): PlayedTable[] => {
      const f = finishes.get(t.matchId);
      return f ? [{ players: t.seats.map((s) => numberOf(s.playerId)), finishes: f }] : [];
    }),
  }));
}

/** Each player's luck-free column: their decisions' losses summed over their games reviewed so far. */
function decisionLossesOf(
  rounds: readonly StoredRound[],
  reviews: ReadonlyMap<string, StoredReview>,
): Map<string, { loss: number; reviewed: number }> {
  const sums = new Map<string, { loss: number; reviewed: number }>();
  for (const table of rounds.flatMap((r) => r.tables)) {
    const review = reviews.get(table.matchId);
    if (!review) continue;
    for (const seat of table.seats) {
      if (!seat.playerId) continue;
      const sum = sums.get(seat.playerId) ?? { loss: 0, reviewed: 0 };
      sums.set(seat.playerId, { loss: sum.loss + (review.losses[seat.colour]?.loss ?? 0), reviewed: sum.reviewed + 1 });
    }
  }
  return sums;
}

/** What the stored games say, beyond the rounds as paired: how each seat finished, when each game ended, each game's review. */
export interface PlayedGames {
  readonly finishes: ReadonlyMap<string, readonly SeatFinish[]>;
  /** Each finished game's end (an arena orders a player's games by it: its streaks). */
  readonly endedAt?: ReadonlyMap<string, number>;
  readonly reviews?: ReadonlyMap<string, StoredReview>;
}

/** A game's luck in its table's seat order. */
const tableLuck = (table: PairedTable, { luck, pairLuck, end }: GameLuck): TableLuck => ({
  luck: table.seats.map((s) => luck[s.colour] ?? 0),
  pairLuck: table.seats.map((a) => table.seats.map((b) => pairLuck[a.colour]?.[b.colour] ?? 0)),
  // A review stored before the end was read has none: its seats that did not win compare by planes home.
  ...(end ? { end: table.seats.map((s) => end[s.colour] ?? 0) } : {}),
});

/**
 * A duplicate Swiss's ratings, by player id (`luckFreeRatings`): every seat-against-seat result of the
 * games recorded, less the dice's part as each game's review read it (a game not reviewed yet counts as it
 * finished). Rounded, so that the order of the rows read cannot reorder players a rounding error apart.
 */
function ratingsOf(
  entrants: readonly Entrant[],
  rounds: readonly StoredRound[],
  finishes: ReadonlyMap<string, readonly SeatFinish[]>,
  reviews: ReadonlyMap<string, StoredReview>,
): Map<string, number> {
  const index = new Map(entrants.map((e, i) => [e.playerId, i]));
  const tables = rounds.flatMap((r) => r.tables).filter((x) => finishes.has(x.matchId));
  const rated = tables.map((x): RatedTable => {
    const luck = reviews.get(x.matchId)?.luck;
    return {
      players: x.seats.map((s) => (s.playerId === null ? null : (index.get(s.playerId) ?? null))),
      finishes: finishes.get(x.matchId)!,
      luck: luck ? tableLuck(x, luck) : null,
    };
  });
  const ratings = luckFreeRatings(entrants.length, rated);
  return new Map(entrants.map((e, i) => [e.playerId, Math.round(ratings[i]! * 1000) / 1000]));
}

/** A standing's row of the protocol, from its player, the luck-free column, and what the format ranks by. */
function row(
  e: Entrant,
  rank: number,
  luckFree: ReadonlyMap<string, { loss: number; reviewed: number }>,
  ranked: Pick<TournamentStanding, 'points' | 'matchpoints' | 'rating' | 'tiebreak' | 'wins' | 'games'>,
): TournamentStanding {
  const lf = luckFree.get(e.playerId);
  return {
    rank,
    playerId: e.playerId,
    name: e.name,
    ...ranked,
    decisionLoss: lf ? Math.round(lf.loss * 10) / 10 : null,
    reviewed: lf?.reviewed ?? 0,
    withdrawn: e.withdrawnAt !== null,
  };
}

/**
 * The standings. A Swiss: at a duplicate one by its ratings first (`ratingsOf`: results less the dice's
 * part — the form the simulation found orders a field fastest), then as the rules' standingsOf orders them
 * (points, Sonneborn–Berger, wins, the drawn order), its matchpoints shown beside; at a plain one as standingsOf.
 * An arena: by its score (arenaScore: place points, doubled on a streak), then wins, then the drawn order.
 * Beside them the luck-free column, from the games' reviews stored so far. Who withdrew before the start is not listed.
 */
export function standings(
  t: Pick<StoredTournament, 'duplicate' | 'draw' | 'format' | 'startsAt'>,
  joined: readonly Entrant[],
  rounds: readonly StoredRound[],
  { finishes, endedAt = new Map(), reviews = new Map() }: PlayedGames,
): TournamentStanding[] {
  // Who withdrew before the start never took part: not listed.
  const entrants = joined.filter((e) => e.withdrawnAt === null || e.withdrawnAt > t.startsAt);
  const luckFree = decisionLossesOf(rounds, reviews);
  if (t.format === 'arena') return arenaStandings(t, entrants, rounds, finishes, endedAt, luckFree);
  const index = new Map(entrants.map((e, i) => [e.playerId, i]));
  const draw = (t.draw ?? []).flatMap((p) => (index.has(p) ? [index.get(p)!] : []));
  const ruled = standingsOf(
    entrants.map((_, i) => i),
    playedRounds(entrants, rounds, finishes),
    draw,
  );
  const mp = new Map<string, number>();
  if (t.duplicate)
    for (const round of rounds)
      for (const [matchId, s] of roundScores(round, finishes, true)) {
        const table = round.tables.find((x) => x.matchId === matchId)!;
        table.seats.forEach((seat, i) => seat.playerId && mp.set(seat.playerId, (mp.get(seat.playerId) ?? 0) + s.matchpoints![i]!));
      }
  const ratings = t.duplicate ? ratingsOf(entrants, rounds, finishes, reviews) : null;
  const order = ruled.map((s, at) => ({ s, at }));
  if (ratings) {
    const ratingOf = (i: number) => ratings.get(entrants[i]!.playerId)!;
    order.sort((a, b) => ratingOf(b.s.player) - ratingOf(a.s.player) || a.at - b.at);
  }
  return order.map(({ s }, rank) => {
    const e = entrants[s.player]!;
    const matchpoints = t.duplicate ? (mp.get(e.playerId) ?? 0) : null;
    const rating = ratings?.get(e.playerId) ?? null;
    return row(e, rank + 1, luckFree, { points: s.points, matchpoints, rating, tiebreak: s.tiebreak, wins: s.wins, games: s.games });
  });
}

/** An arena's standings: each player's games in the order they ended, scored with their streaks. */
function arenaStandings(
  t: Pick<StoredTournament, 'draw'>,
  entrants: readonly Entrant[],
  rounds: readonly StoredRound[],
  finishes: ReadonlyMap<string, readonly SeatFinish[]>,
  endedAt: ReadonlyMap<string, number>,
  luckFree: ReadonlyMap<string, { loss: number; reviewed: number }>,
): TournamentStanding[] {
  const games = new Map<string, ArenaGame[]>(entrants.map((e) => [e.playerId, []]));
  const played = rounds
    .flatMap((r) => r.tables)
    .filter((x) => finishes.has(x.matchId))
    .sort((a, b) => (endedAt.get(a.matchId) ?? 0) - (endedAt.get(b.matchId) ?? 0) || (a.matchId < b.matchId ? -1 : 1));
  for (const table of played) {
    const f = finishes.get(table.matchId)!;
    const points = placePoints(f);
    table.seats.forEach((s, i) => s.playerId && games.get(s.playerId)?.push({ points: points[i]!, won: f[i]!.won }));
  }
  const drawn = new Map((t.draw ?? []).map((p, i) => [p, i]));
  const scored = entrants.map((e, at) => {
    const mine = games.get(e.playerId)!;
    return { e, at, score: arenaScore(mine), wins: mine.filter((g) => g.won).length, games: mine.length };
  });
  scored.sort(
    (a, b) =>
      b.score - a.score || b.wins - a.wins || (drawn.get(a.e.playerId) ?? Infinity) - (drawn.get(b.e.playerId) ?? Infinity) || a.at - b.at,
  );
  return scored.map((s, rank) =>
    row(s.e, rank + 1, luckFree, { points: s.score, matchpoints: null, rating: null, tiebreak: 0, wins: s.wins, games: s.games }),
  );
}

/** When each finished game ended, from the stored results. */
export function endTimes(outcomes: readonly SeatOutcome[]): Map<string, number> {
  return new Map(outcomes.flatMap((o) => (o.endedAt === null ? [] : [[o.matchId, o.endedAt] as const])));
}
