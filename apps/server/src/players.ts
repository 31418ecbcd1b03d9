import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { randomId } from './ids';
import type { PlayerRecord, Storage } from './storage/Storage';

export const nicknameSchema = z
  .string()
  .trim()
  .min(1, 'a nickname needs at least 1 character')
  .max(20, 'a nickname has at most 20 characters')
  .refine((s) => !/[\p{Cc}\p{Cf}]/u.test(s), 'a nickname cannot contain control characters');

export const credentialsSchema = z.object({
  playerId: z.string().min(1).max(64),
  secret: z.string().min(1).max(128),
});

export interface GuestCredentials {
  readonly playerId: string;
  readonly secret: string;
  readonly nickname: string;
}

/** The secret is 32 random bytes, so one SHA-256 is enough: there is nothing to brute-force. */
const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A new guest: the server issues the id and the secret; only the secret's hash is stored. */
export async function createGuest(storage: Storage, nickname: string): Promise<GuestCredentials> {
  const playerId = randomId(12);
  const secret = randomId(32);
  await storage.createPlayer({ id: playerId, nickname, secretHash: hashSecret(secret), createdAt: Date.now() });
  return { playerId, secret, nickname };
}

/** The player these credentials belong to, or null when the id is unknown or the secret is wrong. */
export async function verifyGuest(storage: Storage, playerId: string, secret: string): Promise<PlayerRecord | null> {
  const player = await storage.getPlayer(playerId);
  if (!player) return null;
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(player.secretHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored) ? player : null;
}
