/** Every expected failure is a value, never an exception: the codes are stable API. */
export const RULE_ERROR_CODES = [
  'ERR_GAME_OVER',
  'ERR_NOT_YOUR_TURN',
  'ERR_ROLL_EXPECTED',
  'ERR_MOVE_EXPECTED',
  'ERR_BAD_ROLL',
  'ERR_BAD_ACTION',
  'ERR_ILLEGAL_MOVE',
  'ERR_BAD_SETUP',
  'ERR_BAD_OPTIONS',
  'ERR_NOT_IN_GAME',
  'ERR_RESIGN_TOO_EARLY',
  'ERR_NOT_ALLOWED',
  'ERR_NOTHING_PENDING',
] as const;
export type ErrorCode = (typeof RULE_ERROR_CODES)[number];

export interface RuleError {
  readonly code: ErrorCode;
  readonly message: string;
}

/** The one success-or-failure shape of the project; other layers use it with their own error (a code and a message). */
export type Result<T, E = RuleError> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: ErrorCode, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}
