/** Tournaments (issue 42): pairing, what a game is worth, and standings, as pure functions of stored results. */
export { type DecisionLoss, decisionLosses } from './decisionLoss';
export { matchpoints, matchpointsBy, streamsFor } from './duplicate';
export { type PairingInput, type RoundPairing, type RoundTable, type TableSize, pairRound } from './pairing';
export { type ArenaGame, BYE_POINTS, type SeatFinish, ahead, arenaScore, placePoints } from './points';
export {
  type Comparison,
  type RatedTable,
  type TableLuck,
  PLACE_WEIGHTS,
  RATING_RIDGE,
  leastSquaresRatings,
  luckFreeRatings,
  placedAdjustment,
  ratedShare,
  resultShare,
  shareLess,
  tableComparisons,
} from './luckFreeRatings';
export { type PlayedRound, type PlayedTable, type Standing, standingsOf } from './standings';
