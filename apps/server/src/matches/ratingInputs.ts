import { type Action, type GameState, playWeights, ratingPlaces } from '@flightchess/rules';
import type { RatingInputs } from './MatchStorage';

/** A finished game's places and play weights: what its result gives the ratings (rules: ratings/ratingPlaces.ts). */
export const ratingInputs = (state: GameState, actions: readonly Action[]): RatingInputs => ({
  places: ratingPlaces(state),
  weights: playWeights(state.seats, actions),
});
