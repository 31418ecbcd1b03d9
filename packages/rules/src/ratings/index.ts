export { RATING_MODES, type RatingMode, isRatingMode, ratingModeOf } from './ratingModes';
export {
  type Skill,
  type ShownRating,
  NEW_SKILL,
  NEWCOMER_RATING,
  PROVISIONAL_GAMES,
  isProvisional,
  shownRating,
  skillOf,
  conservativeRating,
} from './ratingScale';
export { RATING_BETA, type RatedSeat, rateGame, predictedWins } from './ratingModel';
export { ratingPlaces, playWeights, AUTO_PLAY_FLOOR } from './ratingPlaces';
export { BOT_RATINGS, BOT_DEVIATION, botSkill, nearestBot } from './botRatings';
