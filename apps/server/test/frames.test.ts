import { pack } from '@colyseus/msgpackr';
import { readFrame } from '../src/table/frames';

const ROOM_DATA = 13;
const ROOM_DATA_BYTES = 17;
const frame = (...parts: (number[] | Uint8Array)[]) => new Uint8Array(parts.flatMap((p) => [...p]));
const text = (s: string) => [...Buffer.from(s, 'utf8')];

describe('readFrame: a client frame, read without ever throwing', () => {
  test.each([
    [
      'a fixstr type with a msgpack payload',
      frame([ROOM_DATA, 0xa4], text('roll'), pack({ version: 3 })),
      { kind: 'message', type: 'roll', payload: { version: 3 } },
    ],
    ['a type without a payload', frame([ROOM_DATA, 0xa5], text('start')), { kind: 'message', type: 'start', payload: undefined }],
    ['a str8 type', frame([ROOM_DATA, 0xd9, 4], text('sync')), { kind: 'message', type: 'sync', payload: undefined }],
    [
      'a str16 type (little-endian length, as Colyseus writes it)',
      frame([ROOM_DATA, 0xda, 4, 0], text('sync')),
      { kind: 'message', type: 'sync', payload: undefined },
    ],
    [
      'a prototype member name is just a type',
      frame([ROOM_DATA, 0xa9], text('__proto__')),
      { kind: 'message', type: '__proto__', payload: undefined },
    ],
    ['a positive fixint type', frame([ROOM_DATA, 7]), { kind: 'message', type: '7', payload: undefined }],
    ['a negative fixint type', frame([ROOM_DATA, 0xff]), { kind: 'message', type: '-1', payload: undefined }],
    ['an int8 type', frame([ROOM_DATA, 0xd0, 0xf0]), { kind: 'message', type: '-16', payload: undefined }],
    ['an int16 type', frame([ROOM_DATA, 0xd1, 0x00, 0x80]), { kind: 'message', type: '-32768', payload: undefined }],
    ['a uint16 type', frame([ROOM_DATA, 0xcd, 0x00, 0x80]), { kind: 'message', type: '32768', payload: undefined }],
    [
      'a binary payload',
      frame([ROOM_DATA_BYTES, 0xa4], text('roll'), [1, 2]),
      { kind: 'message', type: 'roll', payload: new Uint8Array([1, 2]) },
    ],
    ['a handshake frame', frame([10]), { kind: 'protocol' }],
    ['a leave frame', frame([12]), { kind: 'protocol' }],
    ['an empty frame', frame([]), { kind: 'bad', reason: 'empty frame' }],
    ['an unknown frame kind', frame([99, 1]), { kind: 'bad', reason: 'unknown frame kind 99' }],
    ['no type', frame([ROOM_DATA]), { kind: 'bad', reason: 'no message type' }],
    ['a type longer than the frame', frame([ROOM_DATA, 0xd9, 200, 0x61]), { kind: 'bad', reason: 'no message type' }],
    ['a truncated str32 length', frame([ROOM_DATA, 0xdb, 1, 0]), { kind: 'bad', reason: 'no message type' }],
    ['a nil type', frame([ROOM_DATA, 0xc0]), { kind: 'bad', reason: 'no message type' }],
    [
      'a payload that is not msgpack',
      frame([ROOM_DATA, 0xa4], text('roll'), [0x82, 0xa1, 0x61]),
      { kind: 'bad', reason: 'the payload is not msgpack' },
    ],
  ])('%s', (_what, bytes, expected) => {
    expect(readFrame(bytes)).toEqual(expected);
  });
});
