import { ServerError } from '@colyseus/core';
import { type Invitation, type InvitationAccepted, type InvitationsAnswer, joinErrorCode } from '@flightchess/protocol';
import { COLOURS } from '@flightchess/rules';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { type GuestReads, credentialsSchema } from '../accounts/guests';
import { signedInBody } from '../accounts/signedInBody';
import type { Bans } from '../bans/bans';
import { fail, route } from '../http/respond';
import type { Invitations } from './invitations';

export interface InvitationsRouterDeps {
  readonly storage: GuestReads;
  readonly invitations: Invitations;
  readonly bans: Pick<Bans, 'answered'>;
  readonly addressOf: (req: Request) => string;
}

const idSchema = z.string().min(1).max(64);
const inviting = credentialsSchema.extend({ to: idSchema, roomId: idSchema, seat: z.enum(COLOURS).optional() }).strict();
const answering = credentialsSchema.extend({ id: idSchema }).strict();

/**
 * Invitations (docs/server/friends.md), mounted under /api: every route a POST with the player's
 * credentials in the body.
 */
export function invitationsRouter({ storage, invitations, bans, addressOf }: InvitationsRouterDeps): Router {
  const api = express.Router();

  const signedIn = <T extends z.ZodType<{ playerId: string; secret: string }>>(req: Request, res: Response, schema: T) =>
    signedInBody(storage, req, res, schema);

  api.post(
    '/invitations',
    route(async (req, res) => {
      const asked = await signedIn(req, res, inviting);
      if (!asked || (await bans.answered(res, asked.player.id, addressOf(req)))) return;
      const sent = await invitations.invite(asked.player.id, asked.body.to, asked.body.roomId, asked.body.seat);
      if ('refused' in sent) return fail(res, sent.refused.status, sent.refused.code, sent.refused.message);
      res.status(201).json(sent satisfies Invitation);
    }),
  );

  api.post(
    '/invitations/mine',
    route(async (req, res) => {
      const asked = await signedIn(req, res, credentialsSchema.strict());
      if (asked) res.json((await invitations.answer(asked.player.id)) satisfies InvitationsAnswer);
    }),
  );

  api.post(
    '/invitations/accept',
    route(async (req, res) => {
      const asked = await signedIn(req, res, answering);
      if (!asked || (await bans.answered(res, asked.player.id, addressOf(req)))) return;
      try {
        const credentials = { playerId: asked.body.playerId, secret: asked.body.secret };
        const accepted = await invitations.accept(asked.player, asked.body.id, credentials, {
          headers: req.headers,
          ip: addressOf(req),
          req,
        });
        if ('refused' in accepted) return fail(res, accepted.refused.status, accepted.refused.code, accepted.refused.message);
        res.json(accepted satisfies InvitationAccepted);
      } catch (error) {
        // The table refused the seat or the place to watch (full of watchers, closing…): its own words.
        if (!(error instanceof ServerError)) throw error;
        fail(res, 409, joinErrorCode(error.code), error.message.replace(/^ERR_[A-Z_]+: /, ''));
      }
    }),
  );

  api.post(
    '/invitations/decline',
    route(async (req, res) => {
      const asked = await signedIn(req, res, answering);
      if (!asked) return;
      const refused = await invitations.decline(asked.player.id, asked.body.id);
      if (refused) return fail(res, refused.refused.status, refused.refused.code, refused.refused.message);
      res.json(await invitations.answer(asked.player.id));
    }),
  );

  return api;
}
