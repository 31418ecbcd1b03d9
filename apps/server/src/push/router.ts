import { NOTIFICATION_KINDS, type PushKey, type PushSettings, type VisibleAnswer } from '@flightchess/protocol';
import express, { type Router } from 'express';
import { z } from 'zod';
import { type GuestReads, credentialsSchema } from '../accounts/guests';
import { signedInBody } from '../accounts/signedInBody';
import { fail, route } from '../http/respond';
import type { PushStorage } from './pushRepository';
import type { Pushes } from './pushes';
import { pushTargetAllowed } from './pushTargets';
import { isTimeZone } from './quietHours';

export interface PushRouterDeps {
  readonly storage: GuestReads & { readonly push: PushStorage };
  readonly pushes: Pushes;
  readonly publicKey: () => string;
  /** PUSH_SERVICES: where a subscription may point. */
  readonly services: readonly string[];
  readonly now: () => number;
}

/** The page's site, when it is an https one (a push service may resolve it as the pushes' contact). */
function httpsOrigin(header: string | undefined): string | null {
  if (!header || header.length > 200) return null;
  try {
    const url = new URL(header);
    return url.protocol === 'https:' && url.origin === header ? url.origin : null;
  } catch {
    return null;
  }
}

/** Base64url of exactly `bytes` bytes (a key of a browser's subscription), the first one `first` if given. */
const keyOf = (bytes: number, first?: number) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'base64url')
    .refine((text) => {
      const raw = Buffer.from(text, 'base64url');
      return raw.length === bytes && (first === undefined || raw[0] === first);
    }, `a key of ${bytes} bytes`);

const endpointSchema = z.string().min(1).max(2048);
const subscribing = credentialsSchema
  .extend({
    subscription: z.object({
      endpoint: endpointSchema,
      // An uncompressed P-256 point, and the 16-byte authentication secret (RFC 8291).
      keys: z.object({ p256dh: keyOf(65, 4), auth: keyOf(16) }).strict(),
      expirationTime: z.number().nullable().optional(),
    }),
    kinds: z
      .array(z.enum(NOTIFICATION_KINDS))
      .max(NOTIFICATION_KINDS.length)
      .refine((kinds) => new Set(kinds).size === kinds.length, 'each kind once'),
    lang: z.enum(['zh-CN', 'en']),
  })
  .strict();
const minute = z
  .number()
  .int()
  .min(0)
  .max(24 * 60 - 1);
const quieting = credentialsSchema
  .extend({
    quiet: z
      .object({ from: minute, to: minute, timeZone: z.string().max(64).refine(isTimeZone, 'a time zone (IANA name)') })
      .strict()
      .nullable(),
  })
  .strict();
const asking = credentialsSchema.extend({ endpoint: endpointSchema.optional() }).strict();
const unsubscribing = credentialsSchema.extend({ endpoint: endpointSchema }).strict();
const showing = credentialsSchema
  .extend({ page: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/, '8 to 40 letters, digits, - or _'), visible: z.boolean() })
  .strict();

/** Web Push's routes (docs/server/friends.md), mounted under /api: each a POST with the player's credentials, but the key. */
export function pushRouter({ storage, pushes, publicKey, services, now }: PushRouterDeps): Router {
  const api = express.Router();
  const settings = async (playerId: string, endpoint?: string): Promise<PushSettings> => {
    const device = endpoint ? (await storage.push.devices(playerId)).find((d) => d.endpoint === endpoint) : undefined;
    return { quiet: await storage.push.quiet(playerId), kinds: device ? device.kinds : null };
  };

  api.get('/push/key', (_req, res) => {
    res.json({ key: publicKey() } satisfies PushKey);
  });

  api.post(
    '/push',
    route(async (req, res) => {
      const asked = await signedInBody(storage, req, res, asking);
      if (asked) res.json(await settings(asked.player.id, asked.body.endpoint));
    }),
  );

  api.post(
    '/push/subscribe',
    route(async (req, res) => {
      const asked = await signedInBody(storage, req, res, subscribing);
      if (!asked) return;
      const { subscription, kinds, lang } = asked.body;
      if (!pushTargetAllowed(subscription.endpoint, services))
        return fail(res, 400, 'ERR_PUSH_SERVICE', 'this server does not send pushes to that push service');
      const origin = httpsOrigin(req.get('origin'));
      const device = { endpoint: subscription.endpoint, keys: subscription.keys, kinds, lang, ...(origin ? { origin } : {}) };
      await storage.push.subscribe(asked.player.id, asked.player.deviceId, device, now());
      res.status(201).json(await settings(asked.player.id, subscription.endpoint));
    }),
  );

  api.post(
    '/push/unsubscribe',
    route(async (req, res) => {
      const asked = await signedInBody(storage, req, res, unsubscribing);
      if (!asked) return;
      await storage.push.unsubscribe(asked.player.id, asked.body.endpoint);
      res.json(await settings(asked.player.id));
    }),
  );

  api.post(
    '/push/quiet',
    route(async (req, res) => {
      const asked = await signedInBody(storage, req, res, quieting);
      if (!asked) return;
      await storage.push.setQuiet(asked.player.id, asked.body.quiet);
      // A window moved or gone may be over now: what it held is told at once.
      pushes.wakeSoon(asked.player.id);
      res.json(await settings(asked.player.id));
    }),
  );

  api.post(
    '/push/visible',
    route(async (req, res) => {
      const asked = await signedInBody(storage, req, res, showing);
      if (!asked) return;
      await pushes.visible(asked.player.id, asked.body.page, asked.body.visible);
      res.json({ wanted: (await storage.push.devices(asked.player.id)).length > 0 } satisfies VisibleAnswer);
    }),
  );
  return api;
}
