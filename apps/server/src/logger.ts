import pino, { type DestinationStream, type Logger } from 'pino';
import type { ServerConfig } from './config';

/**
 * Structured JSON logs, one line per event. Secrets (player secrets, reconnection tokens, the dice
 * seed) are never passed to the logger; the redaction below is a second line of defence.
 */
export function createLogger(level: ServerConfig['logLevel'], destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'flightchess' },
    redact: { paths: ['secret', '*.secret', 'seed', '*.seed', 'reconnectionToken', '*.reconnectionToken'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
