/** Frames written byte by byte: the ones a server must refuse, and the ones colyseus.js cannot write. */
import type { Rng } from '@flightchess/rules';
import { pick, randomBytes } from './randomValues';

/** Colyseus 0.16 frame kinds: joining and leaving (Colyseus' own), a message (msgpack payload), a binary message. */
const JOIN_ROOM = 10;
const LEAVE_ROOM = 12;
export const ROOM_DATA = 13;
export const ROOM_DATA_BYTES = 17;

/** A frame as Colyseus writes one: its kind, the type as a msgpack string (the length little-endian), the body. */
export function frameOf(kind: number, type: string, body: Uint8Array): Uint8Array {
  const text = Buffer.from(type, 'utf8');
  const head = text.length < 0x100 ? [0xd9, text.length] : [0xda, text.length & 0xff, text.length >> 8];
  return Uint8Array.from([kind, ...head, ...text, ...body]);
}

/**
 * The longest type colyseus.js 0.16 writes correctly with a payload: it reserves `offset & 0xff` bytes
 * for the frame head (msgpackr's RESERVE_START_SPACE), so the payload overwrites a longer type; and
 * @colyseus/schema 3.0 writes the length of a 255-byte string as 0 (`length % 255`), binary messages
 * too. Such types go in frames built here, as the SDK means to write them.
 */
export const SDK_TYPE_BYTES = 252;

/** A frame the server cannot decode (it closes the connection with 4400). */
export function badFrame(rng: Rng): Uint8Array {
  const roll = [0xa4, 0x72, 0x6f, 0x6c, 0x6c]; // the type 'roll' as a msgpack string
  switch (rng.int(6)) {
    case 0:
      return new Uint8Array(0);
    case 1: {
      const kinds = Array.from({ length: 256 }, (_, i) => i).filter(
        (k) => ![JOIN_ROOM, LEAVE_ROOM, ROOM_DATA, ROOM_DATA_BYTES].includes(k),
      );
      return new Uint8Array([pick(rng, kinds), ...randomBytes(rng, 16)]);
    }
    case 2:
      return new Uint8Array([pick(rng, [ROOM_DATA, ROOM_DATA_BYTES])]);
    case 3:
      // A type whose length runs past the frame.
      return new Uint8Array([ROOM_DATA, 0xd9, 200 + rng.int(56), ...randomBytes(rng, 100)]);
    case 4:
      // A payload cut short: a map of two entries with one key only, or a string longer than the rest.
      return new Uint8Array([
        ROOM_DATA,
        ...roll,
        ...pick(rng, [
          [0x82, 0xa1, 0x61],
          [0xa5, 0x61],
        ]),
      ]);
    default:
      // A number type no table reads: a float or a 64-bit integer.
      return new Uint8Array([ROOM_DATA, pick(rng, [0xca, 0xcb, 0xcf, 0xd3]), ...randomBytes(rng, 8).subarray(0, 4)]);
  }
}
