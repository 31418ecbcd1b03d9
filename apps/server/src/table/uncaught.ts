import { ServerError } from '@colyseus/core';
import type { Logger } from 'pino';
import { metrics } from '../core/metrics';

/**
 * An exception Colyseus caught in a table's room: a refusal thrown on purpose (a ServerError, as the cause
 * of Colyseus' own wrapper) is counted and logged as a refusal; anything else is an unexpected error.
 */
export function logUncaught(log: Logger, error: Error, method: string): void {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof ServerError) {
    metrics.joinRefusals.inc({ code: /^ERR_[A-Z_]+/.exec(cause.message)?.[0] ?? 'other' });
    log.warn({ event: 'join-refused', method, reason: cause.message }, 'request refused');
  } else logUnexpected(log, cause ?? error, method);
}

/** An unexpected error: logged with the table, never beyond it. */
export function logUnexpected(log: Logger, error: unknown, where: string): void {
  log.error({ event: 'uncaught', where, err: error }, 'unexpected error in table');
}
