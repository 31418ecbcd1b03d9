/**
 * @flightchess/protocol — what the server and its clients say to each other, defined once and imported
 * by both: the messages a client sends (zod schemas), the messages the server sends, error and close
 * codes, the synced table facts, the HTTP API's records, and the client's replica of the game stream.
 */
export * from './errorCodes';
export * from './codes';
export * from './clientMessages';
export * from './serverMessages';
export * from './tableFacts';
export * from './tableOptions';
export * from './records';
export * from './ratings';
export * from './quickPhrases';
export { colourFor, defaultColours, seatsInPlay } from './seatColours';
export { GameStream, type StreamStep } from './gameStream';
export { describeIssues } from './describeIssues';
export { botLabel } from './botLabel';
export * from './accounts';
export * from './typedCodes';
export * from './admin';
export * from './friends';
export * from './push';
export * from './tournaments';
export { WATCHER_MESSAGES, WATCHER_NAMES_SHOWN, liveGames } from './watching';
export {
  CAPTURE_MS,
  LEG_MS,
  NOTICE_MS,
  ROLL_MS,
  ROUTE_CAP_MS,
  type Leg,
  type LegKind,
  legPace,
  legsOf,
  routeMs,
  shownMs,
} from './movePace';
