/**
 * The modes a rating is kept per (RULES.md has none): free-for-all by seat count, and 2v2
 * teams. Every preset of a mode shares its rating.
 */
export const RATING_MODES = ['2p', '3p', '4p', '2v2'] as const;
export type RatingMode = (typeof RATING_MODES)[number];

export const isRatingMode = (s: unknown): s is RatingMode => (RATING_MODES as readonly unknown[]).includes(s);

/** The mode of a table of `seats` seats, with or without teams. */
export function ratingModeOf(table: { readonly seats: number; readonly teams?: boolean }): RatingMode {
  if (table.teams) return '2v2';
  return table.seats <= 2 ? '2p' : table.seats === 3 ? '3p' : '4p';
}
