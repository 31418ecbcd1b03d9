import { type TournamentList, type TournamentView, tournamentRequestSchema } from '@flightchess/protocol';
import express, { type Request, type Response, type Router } from 'express';
import { type GuestReads, credentialsSchema } from '../accounts/guests';
import { signedInBody } from '../accounts/signedInBody';
import type { Bans } from '../bans/bans';
import { fail, route } from '../http/respond';
import type { Tournaments } from './tournaments';

export interface TournamentsRouterDeps {
  readonly storage: GuestReads;
  readonly tournaments: Tournaments;
  readonly bans: Pick<Bans, 'answered'>;
  readonly addressOf: (req: Request) => string;
}

/** A tournament's id as a path names it: anything else is no tournament. */
const ID = /^[A-Za-z0-9_-]{1,32}$/;

/** Tournaments (docs/server/tournaments.md), mounted under /api: GET to read, POST with the player's credentials to act. */
export function tournamentsRouter({ storage, tournaments, bans, addressOf }: TournamentsRouterDeps): Router {
  const api = express.Router();

  /** The id of the path, or null with 404 sent. */
  const idOf = (req: Request, res: Response): string | null => {
    const id = String(req.params.id);
    if (ID.test(id)) return id;
    fail(res, 404, 'ERR_NO_TOURNAMENT', 'no such tournament');
    return null;
  };

  api.post(
    '/tournaments',
    route(async (req, res) => {
      const asked = await signedInBody(storage, req, res, tournamentRequestSchema);
      if (!asked || (await bans.answered(res, asked.player.id, addressOf(req)))) return;
      const made = await tournaments.create(asked.player, asked.body);
      if ('refused' in made) return fail(res, made.refused.status, made.refused.code, made.refused.message);
      res.status(201).json((await tournaments.view(made.id)) satisfies TournamentView | null);
    }),
  );

  api.get(
    '/tournaments',
    route(async (_req, res) => res.json((await tournaments.list()) satisfies TournamentList)),
  );

  api.get(
    '/tournaments/:id',
    route(async (req, res) => {
      const id = idOf(req, res);
      if (!id) return;
      const view = await tournaments.view(id);
      if (!view) return fail(res, 404, 'ERR_NO_TOURNAMENT', 'no such tournament');
      res.json(view satisfies TournamentView);
    }),
  );

  api.post(
    '/tournaments/:id/join',
    route(async (req, res) => {
      const id = idOf(req, res);
      const asked = id && (await signedInBody(storage, req, res, credentialsSchema.strict()));
      if (!id || !asked || (await bans.answered(res, asked.player.id, addressOf(req)))) return;
      const refused = await tournaments.join(id, asked.player);
      if (refused) return fail(res, refused.refused.status, refused.refused.code, refused.refused.message);
      res.json((await tournaments.view(id)) satisfies TournamentView | null);
    }),
  );

  api.post(
    '/tournaments/:id/withdraw',
    route(async (req, res) => {
      const id = idOf(req, res);
      const asked = id && (await signedInBody(storage, req, res, credentialsSchema.strict()));
      if (!id || !asked) return;
      const refused = await tournaments.withdraw(id, asked.player.id);
      if (refused) return fail(res, refused.refused.status, refused.refused.code, refused.refused.message);
      res.json((await tournaments.view(id)) satisfies TournamentView | null);
    }),
  );

  return api;
}
