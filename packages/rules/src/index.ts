/**
 * @flightchess/rules — the one implementation of Aeroplane Chess (飞行棋) used by the server, the
 * browser, the bots and the simulator. Pure: no I/O, no clock, no Math.random. See README.md.
 */
export { COLOURS, type Colour, type BySeat, type Position, type PlaneRef, isColour, oppositeOf, teamOf, seatIndex } from './colours';
export * from './geometry';
export { PRESETS, PRESET_NAMES, type PresetName, type RulesConfig, isPresetName } from './presets';
export type { ThreeSixes, Special, Stacks, Finish, TakeoffTo } from './presets';
export { type HouseRules, applyHouseRules } from './options';
export { type Result, type RuleError, type ErrorCode, RULE_ERROR_CODES, ok, fail } from './result';
export type { GameSetup, GameState, GameResult, Phase, OutRecord, LeftRecord, OutReason, EndReason, CollisionCount } from './state';
export { type Action, type ActionType, type Applied, type GameEvent, type ExtraRollReason, ACTION_TYPES } from './actions';
export { createGame } from './createGame';
export { type Intent, type IntentType, intentAction } from './intent';
export { applyAction } from './applyAction';
export { legalMoves, movesFor, type LegalMove } from './legalMoves';
export { routeOf, type Route, type RouteSegment, type Capture, type Square, type SegmentKind } from './route';
export { boardOf, type Board } from './board';
export { currentSeat, phase, planePositions, winner, arrivedCount, activeSeats, standingSeats, mateOf } from './queries';
export { replayGame } from './replay';
export { scoreGame, type ScoreOptions, type SeatScore, type GameScore, COLLISION_POINTS, ESCAPE_PENALTY, TEAM_FACTOR } from './scoreGame';
export { LEVELS, levelFor, type Level } from './levels';
export { createRng, shuffled, type Rng } from './rng';
export { chooseMove, BOT_NAMES, type BotName } from './bots/chooseMove';
export { nextSteps, stepAction, AUTO_PLAY_BOT, type SeatControl, type TurnStep, type AnswerStep, type NextSteps } from './automation';
export { ENGINE_VERSION } from './engineVersion';
export { evaluate } from './bots/strong';
export {
  commitmentOf,
  rollAt,
  rollsIn,
  streamRollAt,
  verifyRolls,
  verifyStreamRolls,
  SEED_BYTES,
  DICE_ERROR_CODES,
  type DiceCheck,
  type DiceErrorCode,
} from './dice';
export { winChances } from './review/winModel';
export {
  reviewGame,
  judgeMoves,
  type JudgedMove,
  type ReviewPart,
  type GameReview,
  type MoveReview,
  type RollReview,
  type SeatReview,
  type ChoiceReview,
  type MoveTally,
  type MovedBy,
  type Verdict,
  type ReviewOptions,
} from './review/reviewGame';
export { MOVE_LABELS, LABEL_THRESHOLDS, labelOf, isError, moveAccuracy, type MoveLabel, type LabelCounts } from './review/labels';
export { type GameLuck, gameLuck } from './review/placeLuck';
export * from './ratings';
export * from './tournament';
