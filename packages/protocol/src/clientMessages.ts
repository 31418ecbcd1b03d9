import { BOT_NAMES, COLOURS, type Result } from '@flightchess/rules';
import { z } from 'zod';
import { type Rejection, reject } from './codes';
import { describeIssues } from './describeIssues';
import { QUICK_PHRASES } from './quickPhrases';

/** The engine state version a player acted on: anything else is refused as stale. */
const version = z.number().int().min(0);

/**
 * Every message a client may send a table, by type. Strict: an unknown field (a seat, a colour, a die
 * value…) is refused, because the server never takes those from a client.
 */
export const CLIENT_MESSAGES = {
  'pick-colour': z.strictObject({ colour: z.enum(COLOURS) }),
  ready: z.strictObject({ ready: z.boolean() }),
  'add-bot': z.strictObject({ colour: z.enum(COLOURS).optional(), bot: z.enum(BOT_NAMES).optional() }),
  'remove-bot': z.strictObject({ colour: z.enum(COLOURS) }),
  start: z.strictObject({}),
  'auto-play': z.strictObject({ on: z.boolean() }),
  roll: z.strictObject({ version }),
  move: z.strictObject({ version, plane: z.number().int().min(0).max(3) }),
  resign: z.strictObject({ version }),
  'answer-resign': z.strictObject({ version, accept: z.boolean() }),
  'offer-draw': z.strictObject({ version }),
  'answer-draw': z.strictObject({ version, accept: z.boolean() }),
  rematch: z.strictObject({}),
  /** A quick phrase for the table (quickPhrases.ts). */
  phrase: z.strictObject({ phrase: z.enum(QUICK_PHRASES) }),
  /** Ask for a `snapshot` of the game: after joining or reconnecting, or when an `action` shows a gap. */
  sync: z.strictObject({}),
  /**
   * Is the link alive? The server answers `pong` at once, outside the table's queue. A browser cannot see
   * the websocket's own pings, so the page sends these when it has heard nothing for a while.
   */
  ping: z.strictObject({}),
  /** A watcher takes a free seat while the table is seating players (before its first game or after a rematch). */
  sit: z.strictObject({ colour: z.enum(COLOURS).optional() }),
} as const;

export type ClientMessageType = keyof typeof CLIENT_MESSAGES;
export type ClientMessage<T extends ClientMessageType> = z.infer<(typeof CLIENT_MESSAGES)[T]>;
export const CLIENT_MESSAGE_TYPES = Object.keys(CLIENT_MESSAGES) as ClientMessageType[];

/** A message type the server knows. An own-property test: a type named after an Object member is unknown. */
export function isClientMessageType(type: unknown): type is ClientMessageType {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(CLIENT_MESSAGES, type);
}

export type ParsedMessage<T extends ClientMessageType> = Result<ClientMessage<T>, Rejection>;

/** Validate one message; a missing payload counts as `{}` so that `room.send('start')` works. */
export function parseClientMessage<T extends ClientMessageType>(type: T, payload: unknown): ParsedMessage<T> {
  const parsed = CLIENT_MESSAGES[type].safeParse(payload === undefined ? {} : payload);
  return parsed.success
    ? { ok: true, value: parsed.data as ClientMessage<T> }
    : { ok: false, error: reject('ERR_BAD_MESSAGE', `${type}: ${describeIssues(parsed.error)}`) };
}
