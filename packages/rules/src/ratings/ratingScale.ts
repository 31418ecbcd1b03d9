import type { Rating } from 'openskill';

/** A player's skill in the model's own units (OpenSkill: mean μ and uncertainty σ). */
export type Skill = Readonly<Rating>;

/** The model's newcomer: μ 25, σ 25/3 (OpenSkill's defaults), shown as 1500 ± 350. */
export const NEW_SKILL: Skill = { mu: 25, sigma: 25 / 3 };

/** Shown points per model unit: σ 25/3 reads as 350, like lichess's Glicko-2 newcomer. */
const POINTS_PER_UNIT = 350 / (25 / 3);

/**
 * A mode's rating is provisional for its first this many rated games, in every mode. A deviation
 * threshold (lichess's 110) would mean 52 games in 2p and 277 in 2v2, where one team result says little
 * about each of its players: the same count keeps "provisional" the newcomer's label it is meant to be.
 */
export const PROVISIONAL_GAMES = 20;

/** Whether a rating of this many rated games is still provisional. */
export const isProvisional = (games: number): boolean => games < PROVISIONAL_GAMES;

/** A rating as players read it: on the 1500 scale, rounded. */
export interface ShownRating {
  readonly rating: number;
  readonly deviation: number;
}

export function shownRating(skill: Skill): ShownRating {
  return {
    rating: Math.round(1500 + (skill.mu - NEW_SKILL.mu) * POINTS_PER_UNIT),
    deviation: Math.round(skill.sigma * POINTS_PER_UNIT),
  };
}

/** The model's skill of a rating shown on the 1500 scale (a bot's anchor). */
export function skillOf(rating: number, deviation: number): Skill {
  return { mu: NEW_SKILL.mu + (rating - 1500) / POINTS_PER_UNIT, sigma: deviation / POINTS_PER_UNIT };
}

/** A newcomer's rating as shown: 1500. */
export const NEWCOMER_RATING = shownRating(NEW_SKILL).rating;

/** What leaderboards sort by: a rating the player is very likely above (rating − 2 × deviation). */
export const conservativeRating = (shown: Pick<ShownRating, 'rating' | 'deviation'>): number => shown.rating - 2 * shown.deviation;
