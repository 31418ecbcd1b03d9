import type { ErrorCode } from './errorCodes';

/** What a client gets in an `error` message (and in `closing`): a code and a readable reason. */
export interface Rejection {
  readonly code: ErrorCode;
  readonly message: string;
}

export const reject = (code: ErrorCode, message: string): Rejection => ({ code, message });

/** A refusal in one line of text (a refused join, a close reason): the code first, for clients and for people reading logs. */
export const codedText = (code: ErrorCode, text: string): string => `${code}: ${text}`;

/**
 * Refusals of creating, joining or re-joining a table. The matchmaker carries a number, so each code
 * has one (outside Colyseus' own 4210–4217); the message text starts with the code for people reading logs.
 */
export const JOIN_ERROR_NUMBERS = {
  ERR_BAD_CONFIG: 4601,
  ERR_BAD_CREDENTIALS: 4602,
  ERR_ALREADY_STARTED: 4603,
  ERR_NO_FREE_SEAT: 4604,
  ERR_SHUTTING_DOWN: 4605,
  ERR_STORAGE: 4606,
  /** A limit of the player's (tables at once) or their address's (HTTP 429, with Retry-After) was reached. */
  ERR_TOO_MANY: 4607,
  /** The server takes no more tables or players just now (MAX_TABLES, MAX_CONNECTIONS); games in progress go on. */
  ERR_SERVER_FULL: 4608,
  /** The operator banned this guest. */
  ERR_BANNED: 4620,
  /** Quick play's cooldown (escapes from rated games): no seat at a rated public table until it ends. */
  ERR_COOLDOWN: 4621,
  /** `watch: true` at a table created with `watchable: false`. */
  ERR_NOT_WATCHABLE: 4609,
  /** `watch: true` at a table that has its WATCHERS_PER_TABLE watchers. */
  ERR_WATCHERS_FULL: 4610,
  /** A name that looks like a seated player's (other letters drawn the same): choose another nickname. */
  ERR_NAME_TAKEN: 4611,
  /** A newcomer (to sit or to watch) at a private table without its join code, or with a wrong one. */
  ERR_PRIVATE_TABLE: 4612,
} as const satisfies Partial<Record<ErrorCode, number>>;
export type JoinErrorCode = keyof typeof JOIN_ERROR_NUMBERS;

/** Colyseus' own matchmaking errors (and HTTP statuses) that a client meets, under the names this project gives them. */
const COLYSEUS_ERRORS: Readonly<Record<number, ErrorCode>> = {
  429: 'ERR_TOO_MANY', // the HTTP status of a matchmaking request refused by a per-address limit
  4212: 'ERR_NO_TABLE', // no room with that id (or it has closed)
  4214: 'ERR_EXPIRED', // a reconnection token the room does not hold (any more)
  4215: 'ERR_BAD_CREDENTIALS',
};

/** The code of a matchmaking refusal from its number; unknown numbers are reported as such. */
export function joinErrorCode(number: number | undefined): ErrorCode {
  for (const [code, n] of Object.entries(JOIN_ERROR_NUMBERS)) if (n === number) return code as JoinErrorCode;
  return (number !== undefined && COLYSEUS_ERRORS[number]) || 'ERR_NETWORK';
}

/**
 * Websocket close codes the server uses beyond Colyseus' (4000 = the player left on purpose). The
 * reason text says the same for people.
 */
export const CLOSE_CODES = {
  /** The player left on purpose (Colyseus' own): nothing to reconnect to. */
  consented: 4000,
  /** A frame the server could not decode (not Colyseus' framing or not msgpack): the seat is held, as for any drop. */
  badFrame: 4400,
  /** The same player took this seat from another connection: this one should not fight back. */
  replaced: 4409,
  /** The process is stopping; the table is stored and another (or the next) process restores it: rejoin. */
  restarting: 4503,
  /** The device was signed out (from another device of the player's): its secret no longer works; start over as a guest. */
  signedOut: 4401,
  /** The operator closed the table (its `closing` message says so): there is nothing to come back to. */
  closedByOperator: 4410,
} as const;
