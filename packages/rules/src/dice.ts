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

/** The die (1..6) of roll number `index` (0-based). Throws RangeError on a malformed seed or index. */
export function rollAt(seedHex: string, index: number): number {
  const seed = requireSeed(seedHex);
  if (!Number.isInteger(index) || index < 0 || index > 0xffffffff) throw new RangeError('a roll index is an integer 0..2³²−1');
  const message = new Uint8Array(SEED_BYTES + 8);
  message.set(seed);
  const view = new DataView(message.buffer);
  view.setUint32(SEED_BYTES, index);
  for (let round = 0; ; round++) {
    view.setUint32(SEED_BYTES + 4, round);
    for (const byte of sha256(message)) if (byte < 252) return 1 + (byte % 6);
  }
}

/** The roll values of an action log, in game order (roll number i is the i-th entry). */
export function rollsIn(actions: readonly Action[]): number[] {
  return actions.flatMap((a) => (a.type === 'roll' ? [a.value] : []));
}

/** Check a revealed seed against its commitment and every roll of a game against the seed. */
export function verifyRolls(seedHex: string, commitment: string, rolls: readonly number[]): DiceCheck {
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
    const expected = rollAt(seedHex, i);
    if (rolls[i] !== expected) {
      return {
        ok: false,
        error: { code: 'ERR_ROLL_MISMATCH', message: `roll ${i} was ${String(rolls[i])}, the seed gives ${expected}`, index: i },
      };
    }
  }
  return { ok: true, value: { rolls: rolls.length } };
}
