import { rate } from 'openskill';
import { plackettLuce } from 'openskill/models';
import { type BySeat, type Colour, teamOf } from '../colours';
import { type RatingMode, ratingModeOf } from './ratingModes';
import type { Skill } from './ratingScale';

/**
 * The performance noise β of this game's model per mode: how far one game's result strays from skill.
 * Fitted on 2026-12-02 by `npm run fit:ratings -- --games 1500` to simulated games of each mode: the β whose
 * ratings best predict each next game's winner (README: Ratings). OpenSkill's chess-like default is 25/6;
 * a team game is much noisier for each player in it.
 */
export const RATING_BETA: Readonly<Record<RatingMode, number>> = { '2p': 4.25, '3p': 3.5, '4p': 2.75, '2v2': 8 };

/** The β of a game of these seats (its mode, from how many there are and whether in teams). */
const betaOf = (seats: readonly unknown[], teams: boolean): number => RATING_BETA[ratingModeOf({ seats: seats.length, teams })];

/** One seat of a finished rated game, as the model takes it. */
export interface RatedSeat {
  readonly colour: Colour;
  /** The seat's skill before the game (for a bot, its fixed anchor). */
  readonly skill: Skill;
  /** A bot: it rates the others, and is never changed itself. */
  readonly anchored: boolean;
  /** Its place, 1 the best; equal places tie (ratingPlaces.ts). */
  readonly place: number;
  /** How much of the update the seat takes, (0, 1]: less where auto-play decided for a person (ratingPlaces.ts). */
  readonly weight: number;
}

/** The sides of a game: each seat alone, or with `teams` the two teams (red+yellow, green+blue). */
function sidesOf<T extends { readonly colour: Colour }>(seats: readonly T[], teams: boolean): T[][] {
  if (!teams) return seats.map((s) => [s]);
  return [0, 1].map((team) => seats.filter((s) => teamOf(s.colour) === team)).filter((side) => side.length > 0);
}

/**
 * Every unanchored seat's skill after a game (Plackett–Luce over its sides and places). A weight below 1
 * takes that share of the change (OpenSkill's partial play): the mean moves by w × Δμ and the variance by w × Δσ².
 * `beta` is for the fitting script only (it tries several); a game's mode sets it otherwise.
 */
export function rateGame(seats: readonly RatedSeat[], teams: boolean, beta = betaOf(seats, teams)): BySeat<Skill> {
  const sides = sidesOf(seats, teams);
  const rated = rate(
    sides.map((side) => side.map((s) => ({ ...s.skill }))),
    { model: plackettLuce, beta, rank: sides.map((side) => Math.min(...side.map((s) => s.place))) },
  );
  const after: BySeat<Skill> = {};
  sides.forEach((side, i) =>
    side.forEach((seat, j) => {
      if (seat.anchored) return;
      const next = rated[i]![j]!;
      const w = Math.min(Math.max(seat.weight, 0), 1);
      const variance = seat.skill.sigma ** 2 + w * (next.sigma ** 2 - seat.skill.sigma ** 2);
      after[seat.colour] = { mu: seat.skill.mu + w * (next.mu - seat.skill.mu), sigma: Math.sqrt(variance) };
    }),
  );
  return after;
}

/**
 * Each seat's chance to win (its side's, with teams) before a game: Plackett–Luce's own chance of
 * coming first, exp(μᵢ/c) / Σⱼ exp(μⱼ/c) with c² = Σ over the sides of (σ² + β²) — the very model that
 * rateGame updates by. (OpenSkill's predictWin averages pairwise normal chances instead, which is a
 * different curve: for skills fitted by Plackett–Luce it overstates the favourite, e.g. 86% for 75%.)
 */
export function predictedWins(
  seats: readonly Pick<RatedSeat, 'colour' | 'skill'>[],
  teams: boolean,
  beta = betaOf(seats, teams),
): BySeat<number> {
  const sides = sidesOf(seats, teams).map((side) => ({
    side,
    mu: side.reduce((sum, s) => sum + s.skill.mu, 0),
    variance: side.reduce((sum, s) => sum + s.skill.sigma ** 2, 0),
  }));
  const c = Math.sqrt(sides.reduce((sum, s) => sum + s.variance + beta ** 2, 0));
  const top = Math.max(...sides.map((s) => s.mu / c));
  const strengths = sides.map((s) => Math.exp(s.mu / c - top));
  const total = strengths.reduce((a, b) => a + b, 0);
  const bySeat: BySeat<number> = {};
  sides.forEach(({ side }, i) => side.forEach((s) => (bySeat[s.colour] = strengths[i]! / total)));
  return bySeat;
}
