import {
  type FriendCodeOwner,
  type FriendRequestAnswer,
  type FriendsAnswer,
  INVITATION_POLICIES,
  type SettingsAnswer,
} from '@flightchess/protocol';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { type GuestReads, credentialsSchema } from '../accounts/guests';
import { signedInBody } from '../accounts/signedInBody';
import type { SignedOutDevices } from '../accounts/signedOutDevices';
import type { Bans } from '../bans/bans';
import { fail, route } from '../http/respond';
import { coalescedWrites } from './coalescedWrites';
import type { Friendships } from './friendships';
import type { LiveEvents, Page } from './liveEvents';

/** A comment line this often keeps proxies (nginx closes a silent one after 60 s) from cutting the stream. */
const KEEP_ALIVE_MS = 25_000;
/** A page's stream is written at most this often (coalescedWrites.ts): a friend's change reaches it within this, plus the way. */
const WRITE_EVERY_MS = 250;

export interface FriendsRouterDeps {
  readonly storage: GuestReads;
  readonly friendships: Friendships;
  readonly live: LiveEvents;
  readonly devices: Pick<SignedOutDevices, 'watchDevice'>;
  readonly bans: Pick<Bans, 'answered'>;
  readonly addressOf: (req: Request) => string;
  readonly keepAliveMs?: number;
}

const playerIdSchema = credentialsSchema.shape.playerId;
const asking = credentialsSchema.extend({ to: z.string().min(1).max(64) }).strict();
const answering = credentialsSchema.extend({ from: playerIdSchema }).strict();
const removing = credentialsSchema.extend({ friend: playerIdSchema }).strict();
/** A page's name for itself (it draws it): letters, digits, `-` and `_`. */
const pageIdSchema = z.string().regex(/^[\w-]{8,40}$/, 'a page id: 8 to 40 letters, digits, - or _');
const opening = credentialsSchema.extend({ page: pageIdSchema.optional() }).strict();
const present = credentialsSchema.extend({ page: pageIdSchema }).strict();
const alerting = credentialsSchema.extend({ friend: playerIdSchema, on: z.boolean() }).strict();
const setting = credentialsSchema
  .extend({ appearOffline: z.boolean().optional(), invitations: z.enum(INVITATION_POLICIES).optional() })
  .strict()
  .refine((b) => b.appearOffline !== undefined || b.invitations !== undefined, { message: 'send appearOffline or invitations' });

/**
 * Friends (docs/server/friends.md), mounted under /api: every route is a POST with the player's
 * credentials in the body, and answers the player's friends as they are after it (FriendsAnswer; a change
 * of settings answers the settings);
 * `POST /me/events` holds the player's page's event stream.
 */
export function friendsRouter({
  storage,
  friendships,
  live,
  devices,
  bans,
  addressOf,
  keepAliveMs = KEEP_ALIVE_MS,
}: FriendsRouterDeps): Router {
  const api = express.Router();

  /** The body as `schema` reads it, and the player its credentials prove; or the refusal sent. */
  const signedIn = <T extends z.ZodType<{ playerId: string; secret: string }>>(req: Request, res: Response, schema: T) =>
    signedInBody(storage, req, res, schema);

  const answer = async (res: Response, playerId: string) => res.json((await friendships.answer(playerId)) satisfies FriendsAnswer);

  api.post(
    '/friends',
    route(async (req, res) => {
      const asked = await signedIn(req, res, credentialsSchema.strict());
      if (asked) await answer(res, asked.player.id);
    }),
  );

  // Whose a friend code is (the name only), for the page its link opens. Counted as a guess: a miss costs the
  // address's hourly budget (limits/httpGuard.ts), as asking by a code that leads nowhere does.
  api.get(
    '/friends/code/:code',
    route(async (req, res) => {
      const owner = await friendships.ownerOf(String(req.params.code));
      if (!owner) return fail(res, 404, 'ERR_NO_PLAYER', 'no player has that friend code');
      res.json({ nickname: owner.nickname } satisfies FriendCodeOwner);
    }),
  );

  api.post(
    '/friends/requests',
    route(async (req, res) => {
      const asked = await signedIn(req, res, asking);
      if (!asked || (await bans.answered(res, asked.player.id, addressOf(req)))) return;
      const done = await friendships.ask(asked.player.id, asked.body.to);
      if ('refused' in done) return fail(res, done.refused.status, done.refused.code, done.refused.message);
      res.json({ outcome: done.outcome, ...(await friendships.answer(asked.player.id)) } satisfies FriendRequestAnswer);
    }),
  );

  for (const [path, act] of [
    ['/friends/requests/accept', (playerId: string, from: string) => friendships.accept(playerId, from)],
    ['/friends/requests/decline', (playerId: string, from: string) => friendships.decline(playerId, from)],
  ] as const) {
    api.post(
      path,
      route(async (req, res) => {
        const asked = await signedIn(req, res, answering);
        if (!asked) return;
        const refused = await act(asked.player.id, asked.body.from);
        if (refused) return fail(res, refused.refused.status, refused.refused.code, refused.refused.message);
        await answer(res, asked.player.id);
      }),
    );
  }

  api.post(
    '/friends/remove',
    route(async (req, res) => {
      const asked = await signedIn(req, res, removing);
      if (!asked) return;
      await friendships.part(asked.player.id, asked.body.friend);
      await answer(res, asked.player.id);
    }),
  );

  api.post(
    '/friends/alert',
    route(async (req, res) => {
      const asked = await signedIn(req, res, alerting);
      if (!asked) return;
      const refused = await friendships.setAlert(asked.player.id, asked.body.friend, asked.body.on);
      if (refused) return fail(res, refused.refused.status, refused.refused.code, refused.refused.message);
      await answer(res, asked.player.id);
    }),
  );

  api.post(
    '/friends/settings',
    route(async (req, res) => {
      const asked = await signedIn(req, res, setting);
      if (!asked) return;
      const { appearOffline, invitations } = asked.body;
      const settings = await friendships.changeSettings(asked.player.id, {
        ...(appearOffline === undefined ? {} : { appearOffline }),
        ...(invitations === undefined ? {} : { invitations }),
      });
      // The settings alone: reading and sending the whole list again was most of what a change cost (docs/capacity.md).
      res.json({ settings } satisfies SettingsAnswer);
    }),
  );

  api.post(
    '/friends/code',
    route(async (req, res) => {
      const asked = await signedIn(req, res, credentialsSchema.strict());
      if (!asked) return;
      await friendships.replaceCode(asked.player.id);
      await answer(res, asked.player.id);
    }),
  );

  // A page that named itself when it opened its stream says it is still there (see PAGE_SILENT_MS).
  api.post(
    '/me/here',
    route(async (req, res) => {
      const asked = await signedIn(req, res, present);
      if (!asked) return;
      await live.here(asked.player.id, asked.body.page);
      res.status(204).end();
    }),
  );

  api.post(
    '/me/events',
    route(async (req, res) => {
      const asked = await signedIn(req, res, opening);
      if (!asked) return;
      // nginx buffers a proxied answer unless told not to; no-transform keeps other proxies from compressing it.
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store, no-transform',
        'X-Accel-Buffering': 'no',
      });
      const out = coalescedWrites((text) => void res.write(text), WRITE_EVERY_MS);
      const page: Page = {
        playerId: asked.player.id,
        ...(asked.body.page === undefined ? {} : { id: asked.body.page }),
        write: out.write,
        end: () => {
          out.flush();
          res.end();
        },
        drop: () => res.destroy(),
      };
      const beat = setInterval(() => out.write(':\n\n'), keepAliveMs);
      // A device signed out loses its pages' streams at once, on whichever process they are.
      const forget = devices.watchDevice(asked.player.deviceId, page.end);
      res.once('close', () => {
        clearInterval(beat);
        out.stop();
        forget();
        live.close(page);
      });
      await live.open(page);
    }),
  );

  return api;
}
