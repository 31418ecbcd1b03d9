import { type Colour, type GameReview, type MoveReview, type SeatReview, isError, teamOf } from '@flightchess/rules';
import { type Named, nameOf, teamName } from '../play/describe';

/** One line of the winning-chances chart: a seat, or a team in team mode (drawn in its first seat's colour). */
export interface ChanceSeries {
  readonly colour: Colour;
  readonly name: string;
  /** Chance (0..1) after 0, 1, … actions. */
  readonly points: readonly number[];
}

/** The chart's lines: one per side that played (team-mates share a line). */
export function chanceSeries(review: GameReview, seats: readonly Named[], teams: boolean): ChanceSeries[] {
  const colours = review.seats.map((s) => s.colour);
  const lines = teams ? ([0, 1] as const).flatMap((team) => colours.filter((c) => teamOf(c) === team).slice(0, 1)) : colours;
  return lines.map((colour) => ({
    colour,
    name: teams ? teamName(teamOf(colour)) : nameOf(seats.find((s) => s.colour === colour) ?? { colour, name: '', bot: null }),
    points: review.chances.map((c) => c[colour] ?? 0),
  }));
}

/** The game's errors (inaccuracies, mistakes and blunders), in order: where "next mistake" steps. */
export function mistakes(review: GameReview): MoveReview[] {
  return review.moves.filter((m) => isError(m.label));
}

/** The first error after replay position `position` (an error at action i is shown at position i, before it is played). */
export function nextMistake(review: GameReview, position: number): MoveReview | null {
  return mistakes(review).find((m) => m.index > position) ?? null;
}

export function previousMistake(review: GameReview, position: number): MoveReview | null {
  const before = mistakes(review).filter((m) => m.index < position);
  return before[before.length - 1] ?? null;
}

/**
 * The move the replay talks about at `position`: the one about to be played (action `position`), else
 * the one just played (action `position − 1`).
 */
export function moveAt(review: GameReview, position: number): MoveReview | null {
  return review.moves.find((m) => m.index === position) ?? review.moves.find((m) => m.index === position - 1) ?? null;
}

/** A seat's summary in the words the page shows. */
export function seatSummary(seat: SeatReview): { accuracy: string; luck: string; adjusted: string | null } {
  return {
    accuracy: seat.moves.accuracy === null ? '–' : seat.moves.accuracy.toFixed(1),
    luck: signed(seat.luck),
    adjusted: seat.luckAdjusted === null ? null : whole(seat.luckAdjusted),
  };
}

/** Whole points, a negative one with a true minus sign. */
function whole(points: number): string {
  const rounded = Math.round(points);
  return rounded < 0 ? `−${-rounded}` : String(rounded);
}

/** Points with a sign: "+12.3", "−4.0" (a true minus sign). */
export function signed(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  if (rounded === 0) return '0.0';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(1)}`;
}
