import { DICE_ERROR_CODES, RULE_ERROR_CODES } from '@flightchess/rules';

/**
 * Every code a player can meet: in an `error` or `closing` message, a refused create or join, a close
 * reason, an HTTP refusal, or the client's own. The codes are stable API: clients switch on them and
 * show a message of their own for each; the server's text beside a code is for people reading logs.
 * A code is listed once, under where it first appears; many travel several ways (ERR_BANNED: all).
 */
export const ERROR_CODES = [
  // The engine's refusals of a move or a setup, and the dice check of GET /api/matches/:id/verify.
  ...RULE_ERROR_CODES,
  ...DICE_ERROR_CODES,

  // A table's refusals of a message (RULES.md §7 and the room's own rules).
  'ERR_BAD_MESSAGE',
  'ERR_UNKNOWN_MESSAGE',
  'ERR_RATE_LIMITED',
  'ERR_STALE_VERSION',
  'ERR_NOT_SEATED',
  'ERR_NOT_HOST',
  'ERR_NOT_STARTED',
  'ERR_ALREADY_STARTED',
  'ERR_COLOUR_TAKEN',
  'ERR_NO_FREE_SEAT',
  'ERR_NOT_A_BOT',
  'ERR_NOT_READY',
  'ERR_SHUTTING_DOWN',
  'ERR_NOT_OVER',
  'ERR_NOT_RECORDED',
  'ERR_STORAGE',
  'ERR_TOO_MANY',
  'ERR_SERVER_FULL',
  /** The operator banned this guest: no new tables, joins or phrases; a game in progress goes on. */
  'ERR_BANNED',
  /** The operator closed the table (a game in progress is aborted: no scores); sent in `closing`. */
  'ERR_TABLE_CLOSED',
  /** A watcher's message that acts (roll, move, ready, phrase…): a watcher only watches. */
  'ERR_WATCHING',
  /** The table was created with `watchable: false`: its link only seats players. */
  'ERR_NOT_WATCHABLE',
  /** The table has its WATCHERS_PER_TABLE watchers already. */
  'ERR_WATCHERS_FULL',
  /** Quick play is closed to the player for a while (escapes from rated games); private tables stay open. */
  'ERR_COOLDOWN',
  /** No player with that secret, or a device signed out after its seat was asked for. */
  'ERR_BAD_CREDENTIALS',
  /** A nickname that looks like a seated player's ("Аnn" for "Ann"), or a login name another player has. */
  'ERR_NAME_TAKEN',
  /** A private table is sat at or watched by a newcomer only with its join code (`code` in the join options). */
  'ERR_PRIVATE_TABLE',

  // Refusals of creating or joining a table (JOIN_ERROR_NUMBERS), besides the table's above.
  'ERR_BAD_CONFIG',

  // Close reasons (CLOSE_CODES): the reason text starts with the code.
  'ERR_REPLACED',
  'ERR_BAD_FRAME',
  'ERR_SIGNED_OUT',

  // The JSON API's refusals (ApiError).
  'ERR_BAD_REQUEST',
  'ERR_BAD_QUERY',
  'ERR_BAD_NICKNAME',
  'ERR_NOT_FOUND',
  'ERR_NO_PLAYER',
  'ERR_NO_TABLE',
  'ERR_NO_MATCH',
  'ERR_UNAUTHORIZED',
  'ERR_INTERNAL',
  // …of the accounts API.
  'ERR_BAD_LOGIN_NAME',
  'ERR_BAD_PASSWORD',
  'ERR_WRONG_PASSWORD',
  'ERR_NO_LINK_CODE',
  'ERR_NO_DEVICE',
  'ERR_NO_PASSKEY',
  'ERR_PASSKEY_FAILED',
  // …of friends and invitations.
  /** One of the two blocked the other: no request, invitation or presence between them. */
  'ERR_BLOCKED',
  /** A cap of FRIEND_LIMITS: friends, requests waiting on either side. */
  'ERR_FRIENDS_FULL',
  /** No such friend request (answered, withdrawn, or never sent). */
  'ERR_NO_REQUEST',
  /** No such invitation to answer: answered already, expired, or never sent to this player. */
  'ERR_NO_INVITATION',
  /** The player takes no invitations from this one (only friends', or none). */
  'ERR_NOT_INVITABLE',
  /** A push subscription to a service this server does not send to (PUSH_SERVICES). */
  'ERR_PUSH_SERVICE',
  // …of tournaments.
  'ERR_NO_TOURNAMENT',
  /** The tournament took TOURNAMENT_LIMITS.maxPlayers already. */
  'ERR_TOURNAMENT_FULL',
  /** Withdrawing from a tournament the player is not in (or withdrew from, or that is over). */
  'ERR_NOT_JOINED',
  // …of the operator's API.
  'ERR_NOT_BANNED',
  'ERR_NO_PROCESS',
  /** The process holding a table to close does not answer. */
  'ERR_UNREACHABLE',

  // The client's own: a reconnection token the room no longer holds (Colyseus 4214), no answer at all.
  'ERR_EXPIRED',
  'ERR_NETWORK',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether a code read off the wire is one of ours (a client then has words for it). */
export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && KNOWN.has(code);
