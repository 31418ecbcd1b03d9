import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: N (a power of two), r, p. Memory: 128·N·r bytes a hash. */
export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/**
 * What a password hash costs (docs/server/accounts.md): N = 2^15, r = 8, p = 1 — 32 MiB and about 100 ms on
 * the 2-core development machine, on libuv's thread pool (the event loop keeps serving). Stored with
 * each hash, so a later change of cost still reads the old hashes.
 */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...cost, maxmem: 256 * cost.N * cost.r }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$key` (salt and key base64url). The password is NFKC-normalised first, so that it types the same everywhere. */
export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`; the keys are compared in constant time. */
export async function checkPassword(password: string, stored: string): Promise<boolean> {
  const [kind, N, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const given = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) });
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A hash of no one's password at the current cost: checked against when a login name is unknown, so
 * that an unknown name and a wrong password take the same work.
 */
export function decoyHash(cost: ScryptCost): () => Promise<string> {
  let decoy: Promise<string> | null = null;
  return () => (decoy ??= hashPassword(randomBytes(18).toString('base64url'), cost));
}
