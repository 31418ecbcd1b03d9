import type { ErrorCode } from '@flightchess/rules';

/** Refusals that come from the table rather than from the rules engine. */
export type TableErrorCode =
  | 'ERR_BAD_MESSAGE'
  | 'ERR_UNKNOWN_MESSAGE'
  | 'ERR_RATE_LIMITED'
  | 'ERR_STALE_VERSION'
  | 'ERR_NOT_SEATED'
  | 'ERR_NOT_HOST'
  | 'ERR_NOT_STARTED'
  | 'ERR_ALREADY_STARTED'
  | 'ERR_COLOUR_TAKEN'
  | 'ERR_NO_FREE_SEAT'
  | 'ERR_NOT_A_BOT'
  | 'ERR_NOT_READY'
  | 'ERR_SHUTTING_DOWN'
  | 'ERR_NOT_OVER'
  | 'ERR_NOT_RECORDED';

/** What a client gets in an `error` message: the engine's code or the table's, and a readable reason. */
export interface Rejection {
  readonly code: ErrorCode | TableErrorCode;
  readonly message: string;
}

export const reject = (code: Rejection['code'], message: string): Rejection => ({ code, message });
