import type { TableCodeMiss } from '@flightchess/protocol';
import express, { type Router } from 'express';
import { type GuestReads, credentialsSchema, verifyGuest } from '../accounts/guests';
import { apiError, fail, route } from '../http/respond';
import type { JoinCodes } from './joinCodes';
import { type EndedTableStore, endedTable } from '../matches/endedTable';
import { isOpen, publicTables, tablesOf } from './lobbyTables';

export interface LobbyRouterDeps {
  readonly storage: GuestReads & EndedTableStore;
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

  /** A table by its join code; a code whose table is gone says what became of it (EndedTable) when a game was stored there. */
  api.get(
    '/tables/code/:code',
    route(async (req, res) => {
      const code = String(req.params.code).toUpperCase();
      const roomId = await codes.lookup(code);
      if (roomId) return res.json({ code, roomId, link: `/?join=${code}` });
      const ended = await endedTable(storage, { code });
      const miss: TableCodeMiss = ended
        ? { ...apiError('ERR_NO_TABLE', `the table with the code ${code} has closed`), ended }
        : apiError('ERR_NO_TABLE', `no table has the code ${code}`);
      res.status(404).json(miss);
    }),
  );

  /** A link to a public table that outlived it: what became of it (a private table's id is no key: not found). */
  api.get(
    '/tables/:roomId/ended',
    route(async (req, res) => {
      const roomId = String(req.params.roomId);
      if (await isOpen(roomId)) return fail(res, 409, 'ERR_NOT_OVER', 'the table is open: join it');
      const ended = await endedTable(storage, { tableId: roomId });
      if (!ended) return fail(res, 404, 'ERR_NO_TABLE', 'no such table played a game');
      res.json(ended);
    }),
  );

  return api;
}
