import { BOT_NAMES, COLOURS } from '@flightchess/rules';
import { z } from 'zod';
import { describeIssues } from '../validation';

const version = z.number().int().min(0);

/**
 * Every message a client may send, by type. Strict: an unknown field (a seat, a colour, a die value…)
 * is refused, because the server never takes those from a client.
 */
export const MESSAGES = {
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
} as const;

export type MessageType = keyof typeof MESSAGES;
export type MessageOf<T extends MessageType> = z.infer<(typeof MESSAGES)[T]>;
export const MESSAGE_TYPES = Object.keys(MESSAGES) as MessageType[];

export type Parsed<T extends MessageType> = { ok: true; value: MessageOf<T> } | { ok: false; message: string };

/** Validate one message; a missing payload counts as `{}` so that `room.send('start')` works. */
export function parseMessage<T extends MessageType>(type: T, payload: unknown): Parsed<T> {
  const parsed = MESSAGES[type].safeParse(payload === undefined ? {} : payload);
  return parsed.success
    ? { ok: true, value: parsed.data as MessageOf<T> }
    : { ok: false, message: `${type}: ${describeIssues(parsed.error)}` };
}
