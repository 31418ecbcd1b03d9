import type { Rating } from 'openskill';

/** A player's skill in the model's own units (OpenSkill: mean μ and uncertainty σ). */
export type Skill = Readonly<Rating>;

/** The model's newcomer: μ 25, σ 25/3 (OpenSkill's defaults), shown as 1500 ± 350. */
export const NEW_SKILL: Skill = { mu: 25, sigma: 25 / 3 };

/** Shown points per model unit: σ 25/3 reads as 350, like lichess's Glicko-2 newcomer. */
const POINTS_PER_UNIT = 350 / (25 / 3);

/** A deviation above this (in shown points) marks the rating provisional (lichess's threshold). */
export const PROVISIONAL_DEVIATION = 110;

/** A rating as players read it: on the 1500 scale, rounded. */
export interface ShownRating {
  readonly rating: number;
  readonly deviation: number;
  readonly provisional: boolean;
}

export function shownRating(skill: Skill): ShownRating {
  const deviation = Math.round(skill.sigma * POINTS_PER_UNIT);
  return {
    rating: Math.round(1500 + (skill.mu - NEW_SKILL.mu) * POINTS_PER_UNIT),
    deviation,
    provisional: deviation > PROVISIONAL_DEVIATION,
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
