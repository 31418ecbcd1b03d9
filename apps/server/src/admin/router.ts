import {
  type AdminActionName,
  type AdminOverview,
  type AdminTable,
  type NoticeAnswer,
  describeIssues,
  scheduledTournamentSchema,
} from '@flightchess/protocol';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { fail, route } from '../http/respond';
import type { BanStorage } from '../bans/banRepository';
import type { ClientLimiter } from '../limits/clientLimiter';
import type { PlayerStorage } from '../players/playerRepository';
import { CLOSED_BY_OPERATOR } from '../table';
import type { TournamentsCapability } from '../tournaments';
import type { AdminStorage } from './adminRepository';
import { type Deployment, NoSuchTable } from './deployment';
import { adminGate } from './gate';
import type { Notices } from './notices';
import { noticeStream } from './noticeStream';

export interface AdminDeps {
  /** ADMIN_TOKEN; undefined: the console is off (every admin route answers 404). */
  readonly token: string | undefined;
  /** The console's own notice and audit, the bans, and the players banned. */
  readonly storage: AdminStorage & BanStorage & Pick<PlayerStorage, 'getPlayer'>;
  readonly deployment: Deployment;
  readonly notices: Notices;
  readonly limiter: Pick<ClientLimiter, 'addressOf' | 'budgets'>;
  readonly logger: Logger;
  /** Public tournaments the operator schedules (tournaments/). */
  readonly tournaments: Pick<TournamentsCapability, 'schedule'>;
}

const AUDIT_SHOWN = 50;
/** A ban takes the address the player was seen from last too, for `addressHours` (unless `address: false`). */
const banSchema = z.strictObject({
  playerId: z.string().min(1).max(64),
  reason: z.string().trim().max(200).default(''),
  address: z.boolean().default(true),
  addressHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
});
const HOUR = 3_600_000;
const noticeSchema = z.strictObject({
  text: z.string().trim().min(1, 'a notice needs some text').max(200, 'a notice has at most 200 characters'),
});

/** The body as `schema` reads it, or null once a 400 has answered why not. */
function bodyOf<T>(schema: z.ZodType<T>, req: Request, res: Response): T | null {
  const parsed = schema.safeParse(req.body);
  if (parsed.success) return parsed.data;
  fail(res, 400, 'ERR_BAD_REQUEST', describeIssues(parsed.error));
  return null;
}

/** `/admin`: the web client's console page (its hash route), when there is a console; else as any unknown path. */
export const adminPage =
  (token: string | undefined) =>
  (_req: Request, res: Response, next: NextFunction): void =>
    token ? res.redirect(302, '/#/admin') : next();

/**
 * The operator's console API (docs/server/console-api.md): `/api/admin/*` behind
 * the token (gate.ts), and the public `GET /api/notice` (and its stream) every page reads. Every action is logged
 * (`admin-action`) and stored in the audit with its time and the operator's address.
 */
export function adminRouter(deps: AdminDeps): Router {
  const { storage, deployment, notices } = deps;
  const router = express.Router();
  router.use(express.json({ limit: '2kb' }));

  router.get(
    '/notice',
    route(async (_req, res) => res.json({ notice: await notices.current() } satisfies NoticeAnswer)),
  );
  router.get('/notice/stream', route(noticeStream(notices)));

  const admin = express.Router();
  router.use('/admin', adminGate(deps.token, deps.limiter, deps.logger), admin);

  const audit = async (req: Request, action: AdminActionName, target: string, detail = '') => {
    const address = deps.limiter.addressOf(req);
    deps.logger.info({ event: 'admin-action', action, target, detail, address }, `operator: ${action}`);
    await storage.recordAdminAction({ at: Date.now(), address, action, target, detail });
  };

  admin.get(
    '/overview',
    route(async (_req, res) => {
      const { reports, unreachable } = await deployment.reports();
      const overview: AdminOverview = {
        processes: reports.map((r) => r.figures),
        unreachable,
        notice: await notices.current(),
        bans: await storage.bans(),
        audit: await storage.adminActions(AUDIT_SHOWN),
      };
      res.json(overview);
    }),
  );

  admin.get(
    '/tables',
    route(async (_req, res) => {
      const { reports } = await deployment.reports();
      const tables: AdminTable[] = reports.flatMap((r) => r.tables).sort((a, b) => a.createdAt - b.createdAt);
      res.json(tables);
    }),
  );

  admin.post(
    '/tables/:roomId/close',
    route(async (req, res) => {
      const roomId = String(req.params.roomId);
      let closed;
      try {
        closed = await deployment.close(roomId);
      } catch (error) {
        if (error instanceof NoSuchTable) return fail(res, 404, 'ERR_NO_TABLE', `no table ${roomId}`);
        // Listed, but its process does not answer (it died: another restores the table within a lease).
        deps.logger.warn({ event: 'admin-close-failed', roomId, err: error }, 'the process holding the table did not answer');
        return fail(res, 503, 'ERR_UNREACHABLE', 'the process holding this table does not answer: try again in a moment');
      }
      if (!closed) return fail(res, 503, 'ERR_STORAGE', 'the table could not be closed just now: nothing changed, try again');
      await audit(
        req,
        'close-table',
        roomId,
        closed.aborted ? `${CLOSED_BY_OPERATOR}: match ${closed.matchId} aborted` : CLOSED_BY_OPERATOR,
      );
      res.json(closed);
    }),
  );

  admin.get(
    '/bans',
    route(async (_req, res) => res.json(await storage.bans())),
  );

  admin.post(
    '/bans',
    route(async (req, res) => {
      const ban = bodyOf(banSchema, req, res);
      if (!ban) return;
      const player = await storage.getPlayer(ban.playerId);
      if (!player) return fail(res, 404, 'ERR_NO_PLAYER', 'no such player');
      const at = Date.now();
      const address = ban.address ? await storage.lastAddress(player.id) : '';
      await storage.banPlayer({
        playerId: player.id,
        reason: ban.reason,
        at,
        address,
        addressUntil: address === '' ? 0 : at + ban.addressHours * HOUR,
      });
      await audit(
        req,
        'ban',
        player.id,
        address === '' ? ban.reason : `${ban.reason} (address ${address} for ${ban.addressHours} h)`.trim(),
      );
      res.status(201).json((await storage.bans()).find((b) => b.playerId === player.id));
    }),
  );

  admin.delete(
    '/bans/:playerId',
    route(async (req, res) => {
      const playerId = String(req.params.playerId);
      if (!(await storage.liftBan(playerId))) return fail(res, 404, 'ERR_NOT_BANNED', 'that player is not banned');
      await audit(req, 'lift-ban', playerId);
      res.json({ playerId, banned: false });
    }),
  );

  admin.delete(
    '/bans/:playerId/address',
    route(async (req, res) => {
      const playerId = String(req.params.playerId);
      if (!(await storage.liftAddressBan(playerId))) return fail(res, 404, 'ERR_NOT_BANNED', "that player's ban covers no address");
      await audit(req, 'lift-address-ban', playerId);
      res.json({ playerId, address: null });
    }),
  );

  admin.post(
    '/tournaments',
    route(async (req, res) => {
      const asked = bodyOf(scheduledTournamentSchema, req, res);
      if (!asked) return;
      const made = await deps.tournaments.schedule(asked);
      if ('refused' in made) return fail(res, made.refused.status, made.refused.code, made.refused.message);
      await audit(req, 'schedule-tournament', made.id, `${asked.name} · ${new Date(asked.startsAt ?? Date.now()).toISOString()}`);
      res.status(201).json(made);
    }),
  );

  admin.put(
    '/notice',
    route(async (req, res) => {
      const body = bodyOf(noticeSchema, req, res);
      if (!body) return;
      const notice = await notices.set(body.text);
      await audit(req, 'set-notice', '', body.text);
      res.json({ notice } satisfies NoticeAnswer);
    }),
  );

  admin.delete(
    '/notice',
    route(async (req, res) => {
      await notices.set(null);
      await audit(req, 'clear-notice', '');
      res.json({ notice: null } satisfies NoticeAnswer);
    }),
  );

  admin.post(
    '/processes/:processId/drain',
    route(async (req, res) => {
      const processId = String(req.params.processId);
      if (!(await deployment.drain(processId))) return fail(res, 404, 'ERR_NO_PROCESS', `no process ${processId} in this deployment`);
      await audit(req, 'drain', processId);
      res.status(202).json({ processId, draining: true });
    }),
  );

  admin.use((_req: Request, res: Response) => fail(res, 404, 'ERR_NOT_FOUND', 'no such endpoint'));
  return router;
}
