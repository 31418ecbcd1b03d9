/**
 * Predicted vs observed win rates of bot pairs in fresh games: for each pair of levels A and B, A alone
 * against B in every other seat (free-for-all; both ways round when there are more than two seats), or
 * A+A against B+B (2v2). Seats and the first seat turn from game to game.
 */
import type { BotName } from '../../src/bots/chooseMove';
import { type RatingMode, predictedWins, skillOf, BOT_DEVIATION } from '../../src/ratings';
import { teamOf } from '../../src/colours';
import { BOT_LEVELS, type RatedRecord, playRated, tableOf } from './ratedGames';

export interface PairRow {
  readonly mode: RatingMode;
  readonly a: BotName;
  readonly b: BotName;
  readonly games: number;
  readonly predicted: number;
  readonly won: number;
}

/** The pairs of a mode: unordered with two sides, ordered (A alone vs the B's) with more. */
function pairsOf(mode: RatingMode): [BotName, BotName][] {
  const sides = mode === '2v2' || mode === '2p' ? 2 : Number(mode[0]);
  return BOT_LEVELS.flatMap((a, i) => BOT_LEVELS.filter((b, j) => (sides === 2 ? j > i : j !== i)).map((b): [BotName, BotName] => [a, b]));
}

/** The fresh games of a mode: `games` for each pair of levels. */
export function pairGames(mode: RatingMode, games: number, seed: string): PairGames[] {
  const { seats, teams } = tableOf(mode);
  return pairsOf(mode).map(([a, b], p) => {
    // A sits at seat `g mod n` (with teams: A's team is red+yellow or green+blue by turns).
    const botAt = (i: number, g: number): BotName => (teams ? (teamOf(seats[i]!) === g % 2 ? a : b) : i === g % seats.length ? a : b);
    const records = Array.from({ length: games }, (_, g) =>
      playRated(
        mode,
        seats.map((_, i) => ({ player: -1, bot: botAt(i, g) })),
        `${seed}/pair${p}`,
        g,
      ),
    );
    return { a, b, records };
  });
}

export interface PairGames {
  readonly a: BotName;
  readonly b: BotName;
  readonly records: readonly RatedRecord[];
}

/** Each pair's observed wins of A beside the model's chance for A, with the bots at `anchors`. */
export function calibrate(
  mode: RatingMode,
  pairs: readonly PairGames[],
  anchors: Readonly<Record<BotName, number>>,
  beta: number,
): PairRow[] {
  const { teams } = tableOf(mode);
  return pairs.map(({ a, b, records }) => {
    let won = 0;
    let predicted = 0;
    for (const record of records) {
      const aSeat = record.seats.find((s) => s.bot === a)!;
      if (record.places[aSeat.colour] === 1) won++;
      const chances = predictedWins(
        record.seats.map((s) => ({ colour: s.colour, skill: skillOf(anchors[s.bot], BOT_DEVIATION) })),
        teams,
        beta,
      );
      predicted += chances[aSeat.colour]!;
    }
    return { mode, a, b, games: records.length, predicted: predicted / records.length, won };
  });
}

const pct = (x: number): string => (100 * x).toFixed(1);

/** Wilson's 95% interval of `won` out of `games`. */
function wilson(won: number, games: number): [number, number] {
  const z = 1.96;
  const p = won / games;
  const centre = (p + (z * z) / (2 * games)) / (1 + (z * z) / games);
  const half = (z * Math.sqrt((p * (1 - p)) / games + (z * z) / (4 * games * games))) / (1 + (z * z) / games);
  return [centre - half, centre + half];
}

export function pairTable(rows: readonly PairRow[]): string[] {
  const against = (r: PairRow): string =>
    r.mode === '2v2'
      ? `${r.a}+${r.a} vs ${r.b}+${r.b}`
      : r.mode === '2p'
        ? `${r.a} vs ${r.b}`
        : `${r.a} vs ${Number(r.mode[0]) - 1}× ${r.b}`;
  return [
    '| mode | game | games | predicted | observed (95% CI) | off by (points) |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const [lo, hi] = wilson(r.won, r.games);
      const observed = r.won / r.games;
      return `| ${r.mode} | ${against(r)} | ${r.games} | ${pct(r.predicted)}% | ${pct(observed)}% (${pct(lo)}–${pct(hi)}%) | ${(100 * (observed - r.predicted)).toFixed(1)} |`;
    }),
  ];
}
