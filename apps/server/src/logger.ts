import pino, { type DestinationStream, type Logger } from 'pino';
import type { ServerConfig } from './config';

/**
 * Never logged, at the top of a log object or one level down: player secrets, reconnection tokens, the
 * dice seed; and passwords, their hashes, link codes, passkey material and request bodies
 * (body-parser's errors carry the raw body).
 */
export const REDACTED_KEYS = [
  'secret',
  'seed',
  'reconnectionToken',
  'password',
  'currentPassword',
  'passwordHash',
  'secretHash',
  'linkCode',
  'codeHash',
  'publicKey',
  'challenge',
  'response',
  'body',
] as const;

/**
 * Structured JSON logs, one line per event. Secrets are never passed to the logger; the redaction
 * below is a second line of defence.
 */
export function createLogger(level: ServerConfig['logLevel'], destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'flightchess' },
    redact: { paths: REDACTED_KEYS.flatMap((key) => [key, `*.${key}`]), censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
