import { pack } from '@colyseus/msgpackr';
import type { Rng } from '@flightchess/rules';

/** The names an attacker tries first: every member of Object.prototype (`__proto__`, `constructor`, …). */
export const PROTOTYPE_NAMES: readonly string[] = Object.getOwnPropertyNames(Object.prototype);

/** Keys of random objects: the fields the server reads, the ones it must refuse, and the prototype's. */
const KEYS = [
  'version',
  'plane',
  'seat',
  'value',
  'colour',
  'accept',
  'on',
  'ready',
  'bot',
  'type',
  'action',
  '',
  '0',
  'length',
  ...PROTOTYPE_NAMES,
];

/** Values msgpack carries that are edge cases for a reader or a validator. */
const ATOMS: readonly unknown[] = [
  null,
  undefined,
  true,
  false,
  0,
  -0,
  1,
  -1,
  3,
  4,
  6,
  7,
  0.5,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 53,
  -(2 ** 53),
  2 ** 64,
  1e308,
  -1e308,
  5e-324,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  2n ** 63n - 1n,
  -(2n ** 63n),
  2n ** 53n + 1n,
  '',
  '0',
  'NaN',
  'true',
  'red',
  'roll',
  '__proto__',
  '\u0000',
  '💥飞行棋',
  'x'.repeat(300),
];

/**
 * Largest encoded payload the fuzz sends: with the longest type (400 characters, up to 1600 bytes) it
 * stays below the server's 4 KiB frame limit, which closes the connection (1009).
 */
const MAX_PAYLOAD_BYTES = 2000;

export const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)]!;

export function randomString(rng: Rng, maxLength: number): string {
  const length = rng.int(maxLength + 1);
  const alphabets = ['abcdefghijklmnopqrstuvwxyz-', 'ROLMVEabc_-0123456789 ', '飞行棋红黄蓝绿\u0000\n\t"\\/', '😀💥🛩️'];
  const alphabet = [...pick(rng, alphabets)];
  let s = '';
  for (let i = 0; i < length; i++) s += pick(rng, alphabet);
  return s;
}

export function randomBytes(rng: Rng, maxLength: number): Uint8Array {
  const bytes = new Uint8Array(rng.int(maxLength + 1));
  for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(256);
  return bytes;
}

/** An own, enumerable property even for `__proto__` (plain assignment would set the prototype instead). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Any value msgpack can carry: atoms, numbers, strings, arrays, objects, binary, dates, deep nesting. */
export function randomValue(rng: Rng, depth = 0): unknown {
  const r = rng.next();
  if (depth >= 4 || r < 0.35) return randomAtom(rng);
  if (r < 0.5) return Array.from({ length: rng.int(6) }, () => randomValue(rng, depth + 1));
  if (r < 0.85) return randomObject(rng, depth + 1);
  if (r < 0.9) return randomBytes(rng, 64);
  if (r < 0.93) return new Date(rng.int(2 ** 31) * 1000);
  return nested(rng, 1 + rng.int(400));
}

function randomAtom(rng: Rng): unknown {
  const r = rng.next();
  if (r < 0.5) return pick(rng, ATOMS);
  if (r < 0.7) return rng.int(2 ** 31) - 2 ** 30;
  if (r < 0.8) return (rng.next() - 0.5) * 10 ** rng.int(20);
  return randomString(rng, 40);
}

export function randomObject(rng: Rng, depth: number): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  const count = rng.int(6);
  for (let i = 0; i < count; i++) setOwn(target, rng.next() < 0.8 ? pick(rng, KEYS) : randomString(rng, 12), randomValue(rng, depth));
  return target;
}

/** `[[[…]]]` or `{a: {a: …}}`, `levels` deep. */
function nested(rng: Rng, levels: number): unknown {
  const asArray = rng.next() < 0.5;
  let value: unknown = randomAtom(rng);
  for (let i = 0; i < levels; i++) value = asArray ? [value] : { a: value };
  return value;
}

/** Keep a payload under the frame limit (and packable): a too large one is replaced by an atom. */
export function fitting(rng: Rng, payload: unknown): unknown {
  try {
    if (payload === undefined || pack(payload).length <= MAX_PAYLOAD_BYTES) return payload;
  } catch {
    // e.g. a value msgpack cannot carry: send something else
  }
  return randomAtom(rng);
}
