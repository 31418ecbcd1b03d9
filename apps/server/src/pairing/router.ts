import { type BlockedPlayer, type ErrorCode, describeIssues } from '@flightchess/protocol';
import { PRESET_NAMES } from '@flightchess/rules';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import type { Bans } from '../bans/bans';
import { fail, route } from '../http/respond';
import { type GuestReads, credentialsSchema, verifyGuest } from '../accounts/guests';
import type { PairingStorage } from './pairingRepository';
import type { QuickPlay } from './quickPlay';

/** What quick play and blocks read and write: their own storage, and the players' records and devices. */
export type PairingStore = GuestReads & { readonly pairing: PairingStorage };

export interface PairingRouterDeps {
  readonly storage: PairingStore;
  readonly quick: QuickPlay;
  readonly bans: Pick<Bans, 'answered'>;
  /** The client's address (limits/clientAddress.ts). */
  readonly addressOf: (req: Request) => string;
  /** A block was made: what else it ends (a friendship, requests: friends/). */
  readonly blocked: (blocker: string, other: string) => Promise<void>;
}

/** POST /api/quick: the credentials, and what the table should be (each left out: any). */
const quickSchema = credentialsSchema
  .extend({
    preset: z.enum(PRESET_NAMES).optional(),
    size: z.number().int().min(2).max(4).optional(),
    teams: z.boolean().optional(),
  })
  .strict();

/** A block: the blocker's secret (the path names the blocker) and the other player's id. */
const blockSchema = z.strictObject({ secret: credentialsSchema.shape.secret, playerId: credentialsSchema.shape.playerId });

/** Send a refusal; nothing to go on with. */
const refuse = (res: Response, status: number, code: ErrorCode, message: string): null => {
  fail(res, status, code, message);
  return null;
};

/** Quick play's refusals as HTTP statuses. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  ERR_COOLDOWN: 403,
  ERR_BANNED: 403,
  ERR_BAD_CREDENTIALS: 401,
  ERR_BAD_CONFIG: 400,
  ERR_TOO_MANY: 429,
  ERR_SERVER_FULL: 503,
  ERR_SHUTTING_DOWN: 503,
};

/**
 * Quick play and blocks (docs/server/quick-play.md), mounted under /api. Quick play answers a seat reservation
 * the client consumes; the Colyseus routes that would pick a table by themselves (joinOrCreate, join) are
 * closed (limits/httpGuard.ts), so that no client walks around a cooldown or a block.
 */
export function pairingRouter({ storage, quick, bans, addressOf, blocked }: PairingRouterDeps): Router {
  const api = express.Router();

  api.post(
    '/quick',
    route(async (req, res) => {
      const body = quickSchema.safeParse(req.body ?? {});
      if (!body.success) return fail(res, 400, 'ERR_BAD_REQUEST', describeIssues(body.error));
      const { playerId, secret, ...wanted } = body.data;
      const player = await verifyGuest(storage, playerId, secret);
      if (!player) return fail(res, 401, 'ERR_BAD_CREDENTIALS', 'send the playerId and secret from POST /api/guests');
      if (await bans.answered(res, player.id, addressOf(req))) return;
      const decided = await quick.seat(player, wanted, {
        credentials: { playerId, secret },
        context: { headers: req.headers, ip: addressOf(req), req },
      });
      if ('seat' in decided) return res.json(decided.seat);
      const { code, message } = decided.refused;
      res.status(STATUS[code] ?? 409).json({ error: { code, message }, ...(decided.cooldown ? { cooldown: decided.cooldown } : {}) });
    }),
  );

  /** The blocker named by the path, with the secret of one of their devices, and the player to (un)block; or the refusal sent. */
  const blockRequest = async (req: Request, res: Response): Promise<{ blocker: string; other: string } | null> => {
    const body = blockSchema.safeParse(req.body ?? {});
    if (!body.success) return refuse(res, 400, 'ERR_BAD_REQUEST', describeIssues(body.error));
    const blocker = await verifyGuest(storage, String(req.params.id), body.data.secret);
    if (!blocker) return refuse(res, 401, 'ERR_BAD_CREDENTIALS', 'send the secret from POST /api/guests');
    if (body.data.playerId === blocker.id) return refuse(res, 400, 'ERR_BAD_REQUEST', 'you cannot block yourself');
    if (!(await storage.getPlayer(body.data.playerId))) return refuse(res, 404, 'ERR_NO_PLAYER', 'no such player');
    return { blocker: blocker.id, other: body.data.playerId };
  };

  const blockedNow = async (res: Response, blocker: string) => {
    const blocked: BlockedPlayer[] = await storage.pairing.blocked(blocker);
    res.json({ blocked });
  };

  api
    .route('/players/:id/blocks')
    .post(
      route(async (req, res) => {
        const asked = await blockRequest(req, res);
        if (!asked) return;
        await storage.pairing.block(asked.blocker, asked.other, Date.now());
        await blocked(asked.blocker, asked.other);
        await blockedNow(res, asked.blocker);
      }),
    )
    .delete(
      route(async (req, res) => {
        const asked = await blockRequest(req, res);
        if (!asked) return;
        await storage.pairing.unblock(asked.blocker, asked.other);
        await blockedNow(res, asked.blocker);
      }),
    );

  return api;
}
