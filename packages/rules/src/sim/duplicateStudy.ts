import type { Action } from '../actions';
import type { BotName } from '../bots/chooseMove';
import { sideOf } from '../bots/evaluate';
import { type BySeat, COLOURS, type Colour } from '../colours';
import { streamRollAt } from '../dice';
import { rollLuck } from '../review/luck';
import { type Rng, createRng, shuffled } from '../rng';
import { scoreGame } from '../scoreGame';
import type { GameState } from '../state';
import { endShares, rollPairLuck } from '../review/placeLuck';
import { type Dice, playGame } from './playGame';
import { type StreamComparison, streamRatings, streamTableComparisons } from './streamRatings';
import { type PlayedRound, RATING_RIDGE, placedAdjustment, ratedShare, standingsOf } from '../tournament';
import {
  type Comparison,
  DICE_WEIGHTS,
  type Outcome,
  adjustedShare,
  beats,
  bradleyTerry,
  leastSquaresRatings,
  luckAdjusted,
  matchpoints,
  matchpointsOf,
  shareLess,
  streamsFor,
  swissTables,
  tableComparisons,
  tablePoints,
} from './swiss';

/** The field: four bots of each strength, strongest first (their known order: expert > strong > heuristic > random). */
export const FIELD_STRENGTHS: readonly BotName[] = ['expert', 'strong', 'heuristic', 'random'];
const PER_STRENGTH = 4;

export const SWISS_FORMS = [
  'plain',
  'plain-tiebreaks',
  'duplicate',
  'rotated',
  'adjusted',
  'adjusted-win',
  'adjusted-duplicate',
  'fitted',
  'fitted-adjusted',
  'rated-adjusted',
  'adjusted-dice',
  'rated-adjusted-dice',
  'placed',
  'rated-placed',
  'duplicate-rated-placed',
  'duplicate-rated-placed-shuffled',
  'duplicate-rated-placed-ended',
  'duplicate-rated-streams',
  'duplicate-rated-streams-0.3',
  'duplicate-rated-streams-3',
] as const;
export type SwissForm = (typeof SWISS_FORMS)[number];

/** How well the standings after each round put the field in its known order, for one tournament. */
export interface TournamentTrace {
  /** Spearman's rank correlation of the standings with the known order, after rounds 1, 2, … */
  readonly rho: number[];
  /** Whether the leader after each round is of the strongest kind. */
  readonly strongestLeads: boolean[];
  /** Spearman's rho with the known order of tiers (`TIERS`: expert and strong one tier), after rounds 1, 2, … */
  readonly tierRho: number[];
}

/**
 * A second yardstick: the kinds in tiers whose order does not depend on the company. Expert and strong
 * share one: an expert among three strong bots takes 1.69 ± 0.05 table points (fair: 1.5), but at a table
 * with one of each kind the strong bot takes more than the expert (2.35 against 2.06 of 3): which of the
 * two is ahead in a Swiss depends on whom they meet. README, "Duplicate dice and Swiss tournaments".
 */
export const TIERS: Readonly<Record<BotName, number>> = { expert: 0, strong: 0, heuristic: 1, random: 2 };

/** Each player's place in an order of the field's kinds by `tierOf` (lower first), a tier's players sharing its mean place. */
export function rankBy(field: readonly BotName[], tierOf: (kind: number) => number): (i: number) => number {
  const tiers = field.map((_, k) => tierOf(k));
  return (i) => {
    const mine = tiers[Math.floor(i / PER_STRENGTH)]!;
    const before = tiers.filter((t) => t < mine).length * PER_STRENGTH;
    return before + (tiers.filter((t) => t === mine).length * PER_STRENGTH + 1) / 2;
  };
}

/** Pearson correlation of two equally long lists (Spearman's rho when they are ranks). */
export function correlation(a: readonly number[], b: readonly number[]): number {
  const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const [ma, mb] = [mean(a), mean(b)];
  let [ab, aa, bb] = [0, 0, 0];
  a.forEach((x, i) => {
    const [da, db] = [x - ma, b[i]! - mb];
    ab += da * db;
    aa += da * da;
    bb += db * db;
  });
  return ab / Math.sqrt(aa * bb);
}

/** 32 bytes from `rng` as hex: a board's seed. */
function boardSeed(rng: Rng): string {
  return Array.from({ length: 32 }, () => rng.int(256).toString(16).padStart(2, '0')).join('');
}

/** One four-seat game: each seat's outcome, and (when asked) the dice luck its side got, in colour order. */
export interface TableResult {
  readonly outcomes: Outcome[];
  /** Points of win chance every roll of the game gave each seat's side (`rollLuck`, summed); zeros unless asked. */
  readonly luck: number[];
  /**
   * The seat's own dice, centred so that each averages 0 whoever plays: sixes rolled minus a sixth of its
   * rolls, and pips rolled minus 3.5 a roll; zeros unless asked.
   */
  readonly sixes: number[];
  readonly pips: number[];
  /**
   * `pairLuck[i][j]`: what every roll of the game did to seat i's chance to finish ahead of seat j
   * (`rollPairLuck`, summed; antisymmetric, a row's sum the seat's luck in table points); zeros unless asked.
   */
  readonly pairLuck: number[][];
  /** Where each seat that did not win stood when the game ended (`endShares`, colour order; the winner's 0). */
  readonly end: number[];
}

/** Which lucks `playTable` reads as the game is played (each costs six readings of the win model a roll). */
export interface LuckReads {
  /** Win-chance luck (`rollLuck`), sixes and pips. */
  readonly win?: boolean;
  /** Luck of finishing ahead, every pair of seats (`rollPairLuck`). */
  readonly pairs?: boolean;
}

/** One four-seat game of the online preset: the players in colour order, each seat's outcome in the same order. */
export function playTable(
  field: readonly BotName[],
  players: readonly number[],
  dice: Dice,
  botRng: Rng,
  reads: LuckReads = {},
): TableResult {
  const seats: Colour[] = COLOURS.slice(0, players.length);
  const bots: BySeat<BotName> = {};
  seats.forEach((c, i) => (bots[c] = field[Math.floor(players[i]! / PER_STRENGTH)]!));
  const bySide = [0, 0, 0, 0];
  const sixes = seats.map(() => 0);
  const pips = seats.map(() => 0);
  const pairsBySide = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  const watch =
    reads.win || reads.pairs
      ? (before: GameState, action: Action) => {
          if (action.type !== 'roll' || before.phase !== 'roll') return;
          if (reads.pairs) rollPairLuck(before, action.value).forEach((row, a) => row.forEach((l, b) => (pairsBySide[a]![b]! += l)));
          if (!reads.win) return;
          const { luck } = rollLuck(before, action.value, sideOf(before, action.seat));
          for (let s = 0; s < 4; s++) bySide[s]! += luck[s]!;
          const i = seats.indexOf(action.seat);
          sixes[i]! += (action.value === 6 ? 1 : 0) - 1 / 6;
          pips[i]! += action.value - 3.5;
        }
      : undefined;
  const { state } = playGame({ preset: 'online', seats, teams: false, firstSeat: 'red' }, bots, dice, botRng, undefined, watch);
  const score = scoreGame(state, { base: 1 });
  if (!score.ok) throw new Error(`a simulated game did not end: ${score.error.message}`);
  const ends = endShares(state);
  return {
    outcomes: seats.map((c) => ({ won: state.result!.winners.includes(c), arrived: score.value.seats[c]!.arrived })),
    luck: seats.map((c) => bySide[sideOf(state, c)]!),
    sixes,
    pips,
    pairLuck: seats.map((a) => seats.map((b) => pairsBySide[sideOf(state, a)]![sideOf(state, b)]!)),
    end: seats.map((c) => ends[sideOf(state, c)]!),
  };
}

/** The dice of `board` (duplicate dice): the seat of colour k holds stream k. */
function boardDice(board: string): Dice {
  const next = new Map<Colour, number>();
  return (c: Colour) => {
    const n = next.get(c) ?? 0;
    next.set(c, n + 1);
    return streamRollAt(board, COLOURS.indexOf(c), n);
  };
}

/** A seat's luck-adjusted table points. */
const adjustedPoints = ({ outcomes, luck }: TableResult) => luckAdjusted(tablePoints(outcomes), luck);

/** A seat's table points minus all three control variates (`DICE_WEIGHTS`: win-chance luck, sixes, pips). */
export const diceAdjustedPoints = ({ outcomes, luck, sixes, pips }: TableResult) =>
  tablePoints(outcomes).map((p, i) => p - DICE_WEIGHTS.luck * luck[i]! - DICE_WEIGHTS.sixes * sixes[i]! - DICE_WEIGHTS.pips * pips[i]!);

/** A seat's table points less both lucks: its adjustments against every other seat of the table, summed. */
const placedPoints = (r: TableResult) =>
  tablePoints(r.outcomes).map((p, i) => p - r.luck.reduce((s, _, j) => s + (j === i ? 0 : placedAdjustment(r, i, j)), 0));

/** GNU Backgammon's luck-adjusted result on table points' scale: 3 for a win, 0 for a loss, minus the luck (3 per 100 points). */
const adjustedWin = ({ outcomes, luck }: TableResult) =>
  luckAdjusted(
    outcomes.map((o) => (o.won ? 3 : 0)),
    luck,
    3 / 100,
  );

/** The ridge of the stream-effect forms' effects per (round, stream) (`streamRatings`), by form. */
export const STREAM_EFFECT_RIDGES: Partial<Record<SwissForm, number>> = {
  'duplicate-rated-streams': 1,
  'duplicate-rated-streams-0.3': 0.3,
  'duplicate-rated-streams-3': 3,
};

/** The forms that play each table with its own dice. */
const PLAIN_DICE = new Set<SwissForm>([
  'plain',
  'plain-tiebreaks',
  'adjusted',
  'adjusted-win',
  'fitted',
  'fitted-adjusted',
  'rated-adjusted',
  'adjusted-dice',
  'rated-adjusted-dice',
  'placed',
  'rated-placed',
]);

/** What a game is worth to each seat in the summed points of a form not ranked by matchpoints. */
const worthOf = (form: SwissForm): ((r: TableResult) => number[]) =>
  form === 'adjusted' || form === 'fitted-adjusted' || form === 'rated-adjusted'
    ? adjustedPoints
    : form === 'adjusted-win'
      ? adjustedWin
      : form === 'adjusted-dice' || form === 'rated-adjusted-dice'
        ? diceAdjustedPoints
        : form === 'placed' ||
            form === 'rated-placed' ||
            form.startsWith('duplicate-rated-placed') ||
            STREAM_EFFECT_RIDGES[form] !== undefined
          ? placedPoints
          : (r) => tablePoints(r.outcomes);

/** Seat i's share against seat j of a game, for the fitted forms: finished ahead, or its luck-adjusted form. */
function shareOf(form: SwissForm, r: TableResult): (i: number, j: number) => number {
  if (form === 'fitted-adjusted' || form === 'rated-adjusted') return (i, j) => adjustedShare(r.outcomes, r.luck, i, j);
  if (form === 'rated-adjusted-dice') {
    const adjusted = diceAdjustedPoints(r);
    const raw = tablePoints(r.outcomes);
    // The same as adjustedShare with the luck's part of every control variate (raw − adjusted per seat).
    return (i, j) => shareLess(r.outcomes, i, j, (raw[i]! - adjusted[i]! - (raw[j]! - adjusted[j]!)) / r.outcomes.length);
  }
  if (form === 'duplicate-rated-placed-ended') return (i, j) => ratedShare(r.outcomes, r, i, j);
  if (form === 'rated-placed' || form.startsWith('duplicate-rated-placed') || STREAM_EFFECT_RIDGES[form] !== undefined)
    return (i, j) => shareLess(r.outcomes, i, j, placedAdjustment(r, i, j));
  return (i, j) => beats(r.outcomes[i]!, r.outcomes[j]!);
}

/**
 * One Swiss tournament of the 16-bot field over `rounds` rounds of four-seat tables, pure given `seed`.
 * - plain: each table its own dice, seats drawn at random; a result is worth the seats it beat at its table.
 * - plain-tiebreaks: as plain, ranked (and so paired) as the server ranks a plain Swiss (`standingsOf`:
 *   points, then Sonneborn–Berger, then wins, then the draw) rather than points and the draw.
 * - duplicate: every table of a round plays one board (a seed; the seat holding stream k rolls
 *   `streamRollAt(seed, k, n)`), streams given to those who held them least; a result is worth the seats it
 *   beat among those who held the same stream at the other tables.
 * - rotated: each table plays the round's board four times, the streams going round the table, so every
 *   player holds every stream once against the same three; a result is worth the seats it beat among the
 *   table's holders of the same stream. Four games a round.
 * - adjusted: as plain, but a result is worth its table points minus the dice luck its side got over the
 *   game (`luckAdjusted`: a control variate from the review's `rollLuck`).
 * - adjusted-win: as adjusted, from 3 for a win and 0 for a loss (GNU Backgammon's luck-adjusted result).
 * - adjusted-duplicate: as duplicate, the matchpoints comparing luck-adjusted table points.
 * - fitted: as plain, but standings (and so pairings) by Bradley–Terry strengths fitted after each round to
 *   every pairwise comparison so far (each seat against each other at its table: who it beat counts).
 * - fitted-adjusted: as fitted, the comparisons luck-adjusted (`adjustedShare`).
 * - rated-adjusted: as fitted-adjusted, the strengths least-squares ratings (`leastSquaresRatings`, ridge RATING_RIDGE).
 * - adjusted-dice: as adjusted, with two more control variates (sixes and pips rolled; `DICE_WEIGHTS`).
 * - rated-adjusted-dice: as rated-adjusted, the comparisons adjusted by all three control variates.
 * - placed: as adjusted, less the luck of finishing ahead too (`rollPairLuck`; weights `PLACE_WEIGHTS`).
 * - rated-placed: as rated-adjusted, each comparison less both lucks (`placedAdjustment`).
 * - duplicate-rated-placed: the tables and dice of duplicate, the points, comparisons and ratings of rated-placed.
 * - duplicate-rated-placed-ended: the server's form — as duplicate-rated-placed with the streams drawn
 *   (-shuffled), each share as `luckFreeRatings` reads it (`ratedShare`): between two seats that did not win,
 *   where each stood when the game ended (`endShares`), not only planes home.
 * - duplicate-rated-streams (-0.3, -3): as duplicate-rated-placed, ranked by least-squares ratings with one
 *   more effect per (round, stream) (`streamRatings`; effects' ridge 1, 0.3 or 3, `STREAM_EFFECT_RIDGES`):
 *   whatever a board's stream did that the luck readings miss is common to the round's holders of it.
 *
 * `field`: the four kinds of bot, strongest first (tests play cheaper ones).
 */
export function swissTournament(
  form: SwissForm,
  rounds: number,
  seed: string,
  field: readonly BotName[] = FIELD_STRENGTHS,
): TournamentTrace {
  const count = field.length * PER_STRENGTH;
  const ids = Array.from({ length: count }, (_, i) => i);
  const points = ids.map(() => 0);
  const met = ids.map(() => new Set<number>());
  const held = ids.map(() => [0, 0, 0, 0]);
  // Equal points are ordered by a draw made once: nobody's place comes from their number.
  const draw = shuffled(ids, createRng(`${seed}/order`).int);
  /** Every pairwise comparison so far (the fitted forms rank by a strength fitted to them). */
  const comparisons: Comparison[] = [];
  const fit =
    form === 'fitted' || form === 'fitted-adjusted'
      ? (n: number, c: readonly Comparison[]) => bradleyTerry(n, c)
      : form === 'rated-adjusted' || form === 'rated-adjusted-dice' || form === 'rated-placed' || form.startsWith('duplicate-rated-placed')
        ? (n: number, c: readonly Comparison[]) => leastSquaresRatings(n, c, RATING_RIDGE)
        : null;
  /** The same comparisons with each side's (round, stream) effect, for the stream-effect forms. */
  const streamComparisons: StreamComparison[] = [];
  const effectRidge = STREAM_EFFECT_RIDGES[form];
  let strength = points;
  /** The rounds as played, for the form ranked as the server ranks a plain Swiss (`standingsOf`: points, Sonneborn–Berger, wins, draw). */
  const played: PlayedRound[] = [];
  const standings = () =>
    form === 'plain-tiebreaks'
      ? standingsOf(ids, played, draw).map((s) => s.player)
      : [...ids].sort((a, b) => strength[b]! - strength[a]! || draw.indexOf(a) - draw.indexOf(b));
  const trace: TournamentTrace = { rho: [], strongestLeads: [], tierRho: [] };
  // The known order, ties (same bot) sharing the mean place (2.5 for the four experts…), and by tiers.
  const knownRank = ids.map(rankBy(field, (k) => k));
  const tierRank = ids.map(rankBy(field, (k) => TIERS[field[k]!]));
  /** Each game played: its players in colour (stream) order and what each earned. */
  const credit = (games: readonly (readonly number[])[], earned: readonly (readonly number[])[]) =>
    games.forEach((players, g) =>
      players.forEach((p, s) => {
        points[p]! += earned[g]![s]!;
        held[p]![s]!++;
        for (const q of players) if (q !== p) met[p]!.add(q);
      }),
    );
  for (let round = 0; round < rounds; round++) {
    const tables = swissTables(standings(), (a, b) => met[a]!.has(b));
    const board = boardSeed(createRng(`${seed}/${round}/board`));
    const bots = (t: number, g = 0) => createRng(`${seed}/${round}/${t}/${g}/bots`);
    const placedReads = form.includes('placed') || effectRidge !== undefined;
    const reads: LuckReads = { win: form.includes('adjusted') || placedReads, pairs: placedReads };
    if (form === 'rotated') {
      tables.forEach((table, t) => {
        const games = table.map((_, g) => table.map((__, s) => table[(s + g) % table.length]!));
        credit(games, matchpoints(games.map((players, g) => playTable(field, players, boardDice(board), bots(t, g)).outcomes)));
      });
    } else {
      const own = PLAIN_DICE.has(form);
      /** Own dice: seats drawn at random; the round's board: each stream to whoever of the table held it least. */
      const games = tables.map((table, t) => {
        if (own) return shuffled(table, createRng(`${seed}/${round}/${t}/seats`).int);
        // Shuffled: streams held equally often go to whoever the draw puts first, not the table's leader.
        const drawn =
          form === 'duplicate-rated-placed-shuffled' || form === 'duplicate-rated-placed-ended'
            ? shuffled(table, createRng(`${seed}/${round}/${t}/seats`).int)
            : table;
        const streams = streamsFor(drawn, (p, s) => held[p]![s]!);
        const inOrder: number[] = [];
        drawn.forEach((p, i) => (inOrder[streams[i]!] = p));
        return inOrder;
      });
      const dice = (t: number) => (own ? createRng(`${seed}/${round}/${t}/dice`) : boardDice(board));
      const results = games.map((players, t) => playTable(field, players, dice(t), bots(t), reads));
      credit(
        games,
        form === 'duplicate'
          ? matchpoints(results.map((r) => r.outcomes))
          : form === 'adjusted-duplicate'
            ? matchpointsOf(results.map(adjustedPoints))
            : results.map(worthOf(form)),
      );
      games.forEach((players, t) => comparisons.push(...tableComparisons(players, shareOf(form, results[t]!))));
      played.push({ byes: [], tables: games.map((players, t) => ({ players, finishes: results[t]!.outcomes })) });
      // On the round's board the seat at index k of a game's players holds stream k: effect round × 4 + k.
      if (effectRidge !== undefined)
        games.forEach((players, t) =>
          streamComparisons.push(...streamTableComparisons(players, round * players.length, shareOf(form, results[t]!))),
        );
    }
    if (fit) strength = fit(count, comparisons);
    if (effectRidge !== undefined) strength = streamRatings(count, (round + 1) * 4, streamComparisons, RATING_RIDGE, effectRidge);
    const order = standings();
    const place = ids.map(() => 0);
    order.forEach((p, i) => (place[p] = i + 1));
    trace.rho.push(correlation(place, knownRank));
    trace.tierRho.push(correlation(place, tierRank));
    trace.strongestLeads.push(order[0]! < PER_STRENGTH);
  }
  return trace;
}
