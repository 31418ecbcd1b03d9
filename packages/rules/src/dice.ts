/**
 * Provably fair dice (docs/decisions/003-provably-fair-dice.md). The server draws a secret 32-byte seed per game and publishes
 * `commitmentOf(seed)` = SHA-256(seed bytes) when the game starts. Roll number `index` (0-based, in
 * game order) is `rollAt(seed, index)`. When the game ends the seed is revealed, and anyone can check
 * the commitment and recompute every roll with `verifyRolls` — in the browser too (no node:crypto).
 *
 * Derivation: for round = 0, 1, 2, …: digest = SHA-256(seed ‖ uint32be(index) ‖ uint32be(round));
 * the first digest byte b < 252 gives the roll 1 + (b mod 6). Rejecting 252..255 keeps the six faces
 * exactly equally likely (252 = 6 × 42); a whole digest of rejects (p ≈ 2⁻¹⁹²) moves to the next round.
 */
import type { Action } from './actions';
import type { BySeat } from './colours';
import { fromHex, sha256, toHex } from './sha256';

export const SEED_BYTES = 32;

export const DICE_ERROR_CODES = ['ERR_BAD_SEED', 'ERR_COMMITMENT_MISMATCH', 'ERR_ROLL_MISMATCH'] as const;
export type DiceErrorCode = (typeof DICE_ERROR_CODES)[number];

export type DiceCheck =
  | { readonly ok: true; readonly value: { readonly rolls: number } }
  | { readonly ok: false; readonly error: { readonly code: DiceErrorCode; readonly message: string; readonly index?: number } };

function seedBytes(seedHex: string): Uint8Array | null {
  const bytes = fromHex(seedHex);
  return bytes && bytes.length === SEED_BYTES ? bytes : null;
}

function requireSeed(seedHex: string): Uint8Array {
  const bytes = seedBytes(seedHex);
  if (!bytes) throw new RangeError(`a dice seed is ${SEED_BYTES * 2} hex characters`);
  return bytes;
}

/** SHA-256 hex of the seed's bytes: published at game start. Throws RangeError on a malformed seed. */
export function commitmentOf(seedHex: string): string {
  return toHex(sha256(requireSeed(seedHex)));
}

/** A word of a roll's message: an integer 0..2³²−1, else RangeError naming it. */
function word(name: string, v: number): number {
  if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new RangeError(`a ${name} is an integer 0..2³²−1`);
  return v;
}

/** The die of SHA-256(seed ‖ uint32be(each word) ‖ uint32be(round)), round = 0, 1, … until a byte < 252. */
function dieOf(seedHex: string, words: readonly number[]): number {
  const seed = requireSeed(seedHex);
  const message = new Uint8Array(SEED_BYTES + 4 * words.length + 4);
  message.set(seed);
  const view = new DataView(message.buffer);
  words.forEach((w, i) => view.setUint32(SEED_BYTES + 4 * i, w));
  for (let round = 0; ; round++) {
    view.setUint32(message.length - 4, round);
    for (const byte of sha256(message)) if (byte < 252) return 1 + (byte % 6);
  }
}

/** The die (1..6) of roll number `index` (0-based). Throws RangeError on a malformed seed or index. */
export function rollAt(seedHex: string, index: number): number {
  return dieOf(seedHex, [word('roll index', index)]);
}

/**
 * Duplicate dice (a tournament's board: every table of a round plays the same one): roll number `n`
 * (0-based) of the seat holding stream `stream`, so an extra roll at one table never shifts another
 * seat's dice, there or at any other table. Derived as `rollAt` from SHA-256(seed ‖ uint32be(stream) ‖
 * uint32be(n) ‖ uint32be(round)): a message four bytes longer, so it never meets a roll of `rollAt`.
 */
export function streamRollAt(seedHex: string, stream: number, n: number): number {
  return dieOf(seedHex, [word('stream', stream), word('roll index', n)]);
}

/** The roll values of an action log, in game order (roll number i is the i-th entry). */
export function rollsIn(actions: readonly Action[]): number[] {
  return actions.flatMap((a) => (a.type === 'roll' ? [a.value] : []));
}

/** Check a revealed seed against its commitment and every roll of a game against the seed. */
export function verifyRolls(seedHex: string, commitment: string, rolls: readonly number[]): DiceCheck {
  return checkRolls(seedHex, commitment, rolls, (i) => rollAt(seedHex, i));
}

/**
 * Check a duplicate board (streamRollAt) against its commitment and every roll of a game against the
 * stream its seat held (`streams`): roll n of a seat is the n-th die of its stream.
 */
export function verifyStreamRolls(seedHex: string, commitment: string, actions: readonly Action[], streams: BySeat<number>): DiceCheck {
  const rolled: BySeat<number> = {};
  const seats = actions.flatMap((a) => (a.type === 'roll' ? [a.seat] : []));
  const expected = seats.map((seat) => {
    const n = rolled[seat] ?? 0;
    rolled[seat] = n + 1;
    return { stream: streams[seat], n };
  });
  return checkRolls(seedHex, commitment, rollsIn(actions), (i) => {
    const { stream, n } = expected[i]!;
    return stream === undefined ? 0 : streamRollAt(seedHex, stream, n);
  });
}

function checkRolls(seedHex: string, commitment: string, rolls: readonly number[], die: (index: number) => number): DiceCheck {
  if (!seedBytes(seedHex)) {
    return { ok: false, error: { code: 'ERR_BAD_SEED', message: `the seed must be ${SEED_BYTES * 2} hex characters` } };
  }
  const actual = commitmentOf(seedHex);
  if (typeof commitment !== 'string' || actual !== commitment.toLowerCase()) {
    return {
      ok: false,
      error: { code: 'ERR_COMMITMENT_MISMATCH', message: `SHA-256 of the seed is ${actual}, not the published ${String(commitment)}` },
    };
  }
  for (let i = 0; i < rolls.length; i++) {
    const expected = die(i);
    if (rolls[i] !== expected) {
      return {
        ok: false,
        error: { code: 'ERR_ROLL_MISMATCH', message: `roll ${i} was ${String(rolls[i])}, the seed gives ${expected}`, index: i },
      };
    }
  }
  return { ok: true, value: { rolls: rolls.length } };
}
