import { describeIssues } from '@flightchess/protocol';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { fail } from '../http/respond';
import { type GuestReads, type SignedInPlayer, verifyGuest } from './guests';

/**
 * A POST body with the player's credentials in it, as `schema` reads it, and the player (and device) they
 * prove; or null, the refusal sent: 400 `ERR_BAD_REQUEST` saying what is wrong, 401 `ERR_BAD_CREDENTIALS`.
 */
export async function signedInBody<T extends z.ZodType<{ playerId: string; secret: string }>>(
  storage: GuestReads,
  req: Request,
  res: Response,
  schema: T,
): Promise<{ body: z.infer<T>; player: SignedInPlayer } | null> {
  const parsed = schema.safeParse(req.body ?? {});
  if (!parsed.success) return (fail(res, 400, 'ERR_BAD_REQUEST', describeIssues(parsed.error)), null);
  const player = await verifyGuest(storage, parsed.data.playerId, parsed.data.secret);
  if (!player) return (fail(res, 401, 'ERR_BAD_CREDENTIALS', 'send the playerId and secret from POST /api/guests'), null);
  return { body: parsed.data, player };
}
