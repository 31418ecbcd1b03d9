import { pack } from '@colyseus/msgpackr';
import { CLIENT_MESSAGE_TYPES } from '@flightchess/protocol';
import { BOT_NAMES, COLOURS, type Colour, type GameState, type Rng, legalMoves, mateOf } from '@flightchess/rules';
import { PROTOTYPE_NAMES, fitting, pick, randomBytes, randomObject, randomString, randomValue } from './randomValues';
import { ROOM_DATA, ROOM_DATA_BYTES, SDK_TYPE_BYTES, badFrame, frameOf } from './rawFrames';

/** Kinds of message, for the report: the right action, and the ways of getting it wrong. */
export const CATEGORIES = [
  'right',
  'near-valid',
  'random-payload',
  'prototype-name',
  'random-type',
  'numeric-type',
  'binary',
  'bad-frame',
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * What a fuzzing client sends next: a message or a binary message (through the SDK), a message frame
 * built here (one the SDK cannot write), or a raw undecodable frame.
 */
export type Shot =
  | { readonly kind: 'message'; readonly category: Category; readonly type: string | number; readonly payload?: unknown }
  | { readonly kind: 'bytes'; readonly category: Category; readonly type: string | number; readonly bytes: Uint8Array }
  | { readonly kind: 'frame'; readonly category: Category; readonly type: string; readonly bytes: Uint8Array }
  | { readonly kind: 'bad-frame'; readonly category: 'bad-frame'; readonly bytes: Uint8Array };

/** What a client knows of its table (the synced facts and its own replica of the game) when it picks. */
export interface View {
  readonly status: string;
  readonly colour: Colour | null;
  readonly host: boolean;
  readonly ready: boolean;
  readonly autoPlay: boolean;
  /** The game is over and its result recorded: the players ask for a rematch. */
  readonly rematchDue: boolean;
  /** The game as this client's replica has it; null when it does not follow the table's current match. */
  readonly game: GameState | null;
  /** This client already played the right move at this version (or asked for a snapshot it is waiting for). */
  readonly acted: boolean;
  readonly seats: readonly { readonly colour: Colour; readonly kind: string }[];
  readonly size: number;
  /** Players of this table who are getting back in: the host keeps their seats free for them. */
  readonly returning: number;
}

/** How often a client plays the right move rather than fuzz (enough for the games to progress and end). */
const RIGHT_RATE = 0.5;
/** How often a fuzz message is a raw undecodable frame (which costs a reconnection). */
const BAD_FRAME_RATE = 0.002;
/** Message types by how often the near-valid fuzz uses them: game actions most, leaving the game least. */
const NEAR_VALID_TYPES = [...CLIENT_MESSAGE_TYPES, 'roll', 'roll', 'roll', 'move', 'move', 'move', 'answer-resign', 'answer-draw'];

const message = (category: Category, type: string | number, payload?: unknown): Shot => ({ kind: 'message', category, type, payload });

export function nextShot(rng: Rng, view: View): Shot {
  if (rng.next() < RIGHT_RATE) {
    const right = rightShot(rng, view);
    if (right) return right;
  }
  return fuzzShot(rng, view);
}

/** What a player who follows the game would send now; null when there is nothing for them to do. */
function rightShot(rng: Rng, view: View): Shot | null {
  if (!view.colour) return null;
  if (view.status === 'waiting') return seatingShot(rng, view);
  if (view.acted) return null;
  if (view.status === 'over') return view.rematchDue ? message('right', 'rematch', {}) : null;
  const game = view.game;
  if (!game) return message('right', 'sync', {});
  if (game.phase === 'over' || game.out[view.colour]) return null;
  const { version } = game;
  if (view.autoPlay && rng.next() < 0.1) return message('right', 'auto-play', { on: false });
  if (game.pendingResign && mateOf(game, game.pendingResign) === view.colour) {
    return message('right', 'answer-resign', { version, accept: rng.next() < 0.5 });
  }
  if (game.drawOffer && game.drawOffer !== view.colour) return message('right', 'answer-draw', { version, accept: rng.next() < 0.2 });
  if (game.current !== view.colour) return null;
  if (game.phase === 'roll') return message('right', 'roll', { version });
  return message('right', 'move', { version, plane: pick(rng, legalMoves(game)).plane });
}

/** Before the game: get ready; the host fills the free seats with bots, or frees one for a returning player. */
function seatingShot(rng: Rng, view: View): Shot | null {
  if (!view.ready) return message('right', 'ready', { ready: true });
  if (!view.host) return null;
  const bot = view.seats.find((s) => s.kind === 'bot');
  if (view.returning > 0) return bot && view.seats.length >= view.size ? message('right', 'remove-bot', { colour: bot.colour }) : null;
  if (view.seats.length < view.size) return message('right', 'add-bot', { bot: pick(rng, BOT_NAMES) });
  return null;
}

function fuzzShot(rng: Rng, view: View): Shot {
  const r = rng.next();
  if (r < BAD_FRAME_RATE && view.status === 'playing') return { kind: 'bad-frame', category: 'bad-frame', bytes: badFrame(rng) };
  if (r < 0.45) {
    const type = pick(rng, NEAR_VALID_TYPES);
    return message('near-valid', type, nearValid(rng, type, view));
  }
  if (r < 0.6) {
    const type = pick(rng, CLIENT_MESSAGE_TYPES);
    return message('random-payload', type, fitting(rng, randomValue(rng)));
  }
  if (r < 0.7) return message('prototype-name', pick(rng, PROTOTYPE_NAMES), fitting(rng, rng.next() < 0.5 ? {} : randomValue(rng)));
  if (r < 0.8) return randomTypeShot(rng);
  if (r < 0.87) return message('numeric-type', numericType(rng), fitting(rng, randomValue(rng)));
  const type = rng.next() < 0.7 ? pick(rng, CLIENT_MESSAGE_TYPES) : randomType(rng);
  const bytes = randomBytes(rng, 300);
  if (Buffer.byteLength(type, 'utf8') !== 255) return { kind: 'bytes', category: 'binary', type, bytes };
  return { kind: 'frame', category: 'binary', type, bytes: frameOf(ROOM_DATA_BYTES, type, bytes) };
}

/** A well-formed payload for `type` at about the right version, then (mostly) spoiled one way or another. */
function nearValid(rng: Rng, type: string, view: View): unknown {
  if (type === 'resign' || type === 'offer-draw') return leaving(rng, view.game?.version);
  const current = view.game?.version ?? 0;
  const payload: Record<string, unknown> = wellFormed(rng, type, current);
  const r = rng.next();
  if (r < 0.2)
    payload[pick(rng, ['seat', 'value', 'colour', 'plane', 'version', 'extra'])] =
      rng.next() < 0.5 ? pick(rng, COLOURS) : randomValue(rng, 3);
  else if (r < 0.4) {
    const key = pick(rng, Object.keys(payload).length > 0 ? Object.keys(payload) : ['version']);
    payload[key] =
      key === 'plane'
        ? pick(rng, [-1, 1.5, 4, 9, '3', null])
        : pick(rng, [-1, 1.5, '3', null, true, current + 1_000_000, 2 ** 32, Number.NaN, [current], { version: current }]);
  } else if (r < 0.5) {
    const keys = Object.keys(payload);
    if (keys.length > 0) delete payload[pick(rng, keys)];
  } else if (r < 0.55) return fitting(rng, randomObject(rng, 1));
  return payload;
}

function wellFormed(rng: Rng, type: string, current: number): Record<string, unknown> {
  const accept = rng.next() < 0.5;
  const version = Math.max(0, current + pick(rng, [0, 0, 0, -1, 1, 2, -5]));
  switch (type) {
    case 'pick-colour':
    case 'remove-bot':
      return { colour: pick(rng, COLOURS) };
    case 'ready':
      return { ready: rng.next() < 0.8 };
    case 'add-bot':
      return rng.next() < 0.5 ? { bot: pick(rng, BOT_NAMES) } : { colour: pick(rng, COLOURS) };
    case 'auto-play':
      return { on: rng.next() < 0.3 };
    case 'move':
      return { version, plane: rng.int(4) };
    case 'answer-resign':
    case 'answer-draw':
      return { version, accept };
    case 'roll':
      return { version };
    default:
      return {};
  }
}

/** A random type name, sent by the SDK or, when longer than it can write, in a frame built here. */
function randomTypeShot(rng: Rng): Shot {
  const type = randomType(rng);
  const payload = fitting(rng, randomValue(rng));
  if (Buffer.byteLength(type, 'utf8') <= SDK_TYPE_BYTES) return message('random-type', type, payload);
  return {
    kind: 'frame',
    category: 'random-type',
    type,
    bytes: frameOf(ROOM_DATA, type, payload === undefined ? new Uint8Array(0) : pack(payload)),
  };
}

/**
 * Leaving the game (resigning, or offering a draw): once in two hundred at the version seen; otherwise
 * for a version not seen yet (stale) or malformed, so that most games still end by being played out.
 */
function leaving(rng: Rng, current: number | undefined): Record<string, unknown> {
  if (current !== undefined && rng.next() < 0.005) return { version: current };
  // Far ahead: a client's replica may be several versions behind the table, and any version seen counts.
  const unseen = (current ?? 0) + 1_000 + rng.int(1_000);
  return pick(rng, [{ version: unseen }, { version: unseen, seat: pick(rng, COLOURS) }, { version: String(current ?? 0) }, {}]);
}

/** Type names: near misses of the real ones, random text (short, and long enough for 16-bit lengths), unicode. */
function randomType(rng: Rng): string {
  const r = rng.next();
  if (r < 0.3) {
    const real = pick(rng, CLIENT_MESSAGE_TYPES);
    return pick(rng, [real.toUpperCase(), `${real} `, ` ${real}`, real.slice(0, -1), `${real}\u0000`, `${real}s`, real.replace('-', '_')]);
  }
  return randomString(rng, r < 0.45 ? 400 : 24);
}

/** Numeric message types within 32 bits (the range Colyseus' client writes as integers). */
function numericType(rng: Rng): number {
  const r = rng.next();
  if (r < 0.4) return rng.int(128);
  if (r < 0.6) return -rng.int(32) - 1;
  if (r < 0.8) return rng.int(2 ** 31);
  return -rng.int(2 ** 31);
}
