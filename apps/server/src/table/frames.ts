import { unpack } from '@colyseus/msgpackr';

/** Colyseus 0.16 frame kinds (its Protocol enum): the first byte of every websocket message. */
const JOIN_ROOM = 10;
const LEAVE_ROOM = 12;
const ROOM_DATA = 13;
const ROOM_DATA_BYTES = 17;

export type Frame =
  /** A message for the room: its type and payload (undefined when there is none). */
  | { readonly kind: 'message'; readonly type: string; readonly payload: unknown }
  /** Colyseus' own handshake and leave frames: Colyseus handles them. */
  | { readonly kind: 'protocol' }
  | { readonly kind: 'bad'; readonly reason: string };

const bad = (reason: string): Frame => ({ kind: 'bad', reason });

/**
 * Read one frame a client sent, never throwing. Colyseus 0.16 decodes the message type outside any
 * try/catch and looks its handler up in a plain object (so `__proto__` reached Object.prototype and
 * crashed the process): the room reads frames here instead and dispatches by its own table.
 * Types are msgpack strings (Colyseus writes their 8/16/32-bit lengths little-endian) or numbers.
 */
export function readFrame(buffer: Uint8Array): Frame {
  if (!(buffer instanceof Uint8Array) || buffer.length === 0) return bad('empty frame');
  const code = buffer[0];
  if (code === JOIN_ROOM || code === LEAVE_ROOM) return { kind: 'protocol' };
  if (code !== ROOM_DATA && code !== ROOM_DATA_BYTES) return bad(`unknown frame kind ${String(code)}`);
  const type = readType(buffer, 1);
  if (!type) return bad('no message type');
  if (code === ROOM_DATA_BYTES) return { kind: 'message', type: type.value, payload: buffer.subarray(type.end) };
  if (type.end === buffer.length) return { kind: 'message', type: type.value, payload: undefined };
  try {
    return { kind: 'message', type: type.value, payload: unpack(buffer.subarray(type.end)) };
  } catch {
    return bad('the payload is not msgpack');
  }
}

function readType(b: Uint8Array, at: number): { value: string; end: number } | null {
  const prefix = b[at];
  if (prefix === undefined) return null;
  let start = at + 1;
  let length: number;
  if (prefix >= 0xa0 && prefix <= 0xbf) length = prefix & 0x1f;
  else if (prefix === 0xd9) length = b[start++] ?? -1;
  else if (prefix === 0xda) {
    length = start + 2 <= b.length ? b[start]! | (b[start + 1]! << 8) : -1;
    start += 2;
  } else if (prefix === 0xdb) {
    length = start + 4 <= b.length ? (b[start]! | (b[start + 1]! << 8) | (b[start + 2]! << 16) | (b[start + 3]! << 24)) >>> 0 : -1;
    start += 4;
  } else {
    // A numeric type: no table message has one, so it is read as its text (and refused as unknown).
    const n = readNumber(b, at);
    return n && { value: String(n.value), end: n.end };
  }
  if (length < 0 || start + length > b.length) return null;
  return { value: Buffer.from(b.buffer, b.byteOffset + start, length).toString('utf8'), end: start + length };
}

function readNumber(b: Uint8Array, at: number): { value: number; end: number } | null {
  const prefix = b[at]!;
  if (prefix < 0x80) return { value: prefix, end: at + 1 };
  if (prefix >= 0xe0) return { value: prefix - 0x100, end: at + 1 };
  // uint8/16/32 and int8/16/32, little-endian as Colyseus writes them.
  const sizes: Record<number, number> = { 0xcc: 1, 0xcd: 2, 0xce: 4, 0xd0: 1, 0xd1: 2, 0xd2: 4 };
  const size = sizes[prefix];
  if (size === undefined || at + 1 + size > b.length) return null;
  let value = 0;
  for (let i = size - 1; i >= 0; i--) value = value * 256 + b[at + 1 + i]!;
  const signed = prefix >= 0xd0;
  if (signed && value >= 2 ** (8 * size - 1)) value -= 2 ** (8 * size);
  return { value, end: at + 1 + size };
}
