import { type GameSetup, type RatingMode, ratingModeOf } from '@flightchess/rules';

/** The rating mode a game is played in, by its seats and teams. */
export const setupMode = (setup: Pick<GameSetup, 'seats' | 'teams'>): RatingMode =>
  ratingModeOf({ seats: setup.seats.length, teams: setup.teams });
