import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { z } from 'zod';
import { randomId } from '../core/ids';
import type { PlayerRecord, PlayerStorage } from '../players/playerRepository';
import type { AccountStorage } from './AccountStorage';
import type { GuestStorage } from './guestRepository';

export const credentialsSchema = z.object({
  playerId: z.string().min(1).max(64),
  secret: z.string().min(1).max(128),
});

export interface GuestCredentials {
  readonly playerId: string;
  readonly secret: string;
  readonly nickname: string;
}

/** A secret is 32 random bytes, so one SHA-256 is enough: there is nothing to brute-force. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A device's new secret: the server issues it; only its hash is stored. */
export const newSecret = (): string => randomId(32);

/** A player as its credentials prove it: the player and the device (each device has its own secret). */
export interface SignedInPlayer extends PlayerRecord {
  readonly deviceId: string;
}

/** What checking a player's credentials reads: their devices and their record. */
export type GuestReads = Pick<PlayerStorage, 'getPlayer'> & { readonly accounts: Pick<AccountStorage, 'devices' | 'touchDevice'> };

/** How stale a device's "last seen" may get before a request writes it again. */
const SEEN_EVERY_MS = 60_000;

/** A new guest: the server issues the id and the first device's secret; only the secret's hash is stored. */
export async function createGuest(storage: GuestStorage, nickname: string, deviceName = ''): Promise<GuestCredentials> {
  const playerId = randomId(12);
  const secret = newSecret();
  await storage.createPlayer({
    id: playerId,
    nickname,
    secretHash: hashSecret(secret),
    createdAt: Date.now(),
    deviceId: randomId(9),
    deviceName,
  });
  return { playerId, secret, nickname };
}

/**
 * The player and device these credentials belong to, or null when the id is unknown or the secret is
 * no device's of that player (signed out, or wrong). Each stored hash is compared in constant time.
 */
export async function verifyGuest(storage: GuestReads, playerId: string, secret: string): Promise<SignedInPlayer | null> {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const device = (await storage.accounts.devices(playerId)).find((d) => {
    const stored = Buffer.from(d.secretHash, 'hex');
    return stored.length === given.length && timingSafeEqual(given, stored);
  });
  const player = device ? await storage.getPlayer(playerId) : null;
  if (!device || !player) return null;
  const now = Date.now();
  if (device.lastSeenAt < now - SEEN_EVERY_MS) await storage.accounts.touchDevice(device.id, now, now - SEEN_EVERY_MS);
  return { ...player, deviceId: device.id };
}

/** The player the path names (`:id`), when the body has the secret of one of their devices; else null. */
export async function playerAsking(storage: GuestReads, req: Request): Promise<SignedInPlayer | null> {
  const secret = credentialsSchema.shape.secret.safeParse(req.body?.secret);
  return secret.success ? verifyGuest(storage, String(req.params.id), secret.data) : null;
}
