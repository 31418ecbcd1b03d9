import express, { type Router } from 'express';
import { type GuestReads, credentialsSchema, verifyGuest } from '../accounts/guests';
import { fail, route } from '../http/respond';
import type { JoinCodes } from './joinCodes';
import { publicTables, tablesOf } from './lobbyTables';

export interface LobbyRouterDeps {
  readonly storage: GuestReads;
  readonly codes: JoinCodes;
}

/** The lobby under /api: the public tables, the caller's own, and a table by its join code (packages/protocol README: HTTP endpoints). */
export function lobbyRouter({ storage, codes }: LobbyRouterDeps): Router {
  const api = express.Router();

  api.get(
    '/tables',
    route(async (_req, res) => res.json(await publicTables())),
  );

  /** The caller's own unfinished tables, private ones included: so the secret is asked for, in the body. */
  api.post(
    '/tables/mine',
    route(async (req, res) => {
      const creds = credentialsSchema.safeParse(req.body);
      const player = creds.success ? await verifyGuest(storage, creds.data.playerId, creds.data.secret) : null;
      if (!player) return fail(res, 401, 'ERR_BAD_CREDENTIALS', 'send the playerId and secret from POST /api/guests');
      res.json(await tablesOf(player.id));
    }),
  );

  api.get(
    '/tables/code/:code',
    route(async (req, res) => {
      const code = String(req.params.code).toUpperCase();
      const roomId = await codes.lookup(code);
      if (!roomId) return fail(res, 404, 'ERR_NO_TABLE', `no table has the code ${code}`);
      res.json({ code, roomId, link: `/?join=${code}` });
    }),
  );

  return api;
}
