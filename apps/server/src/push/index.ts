import type { Presence } from '@colyseus/core';
import type { NotificationKind } from '@flightchess/protocol';
import type { Router } from 'express';
import type { Logger } from 'pino';
import type { GuestReads } from '../accounts/guests';
import type { PushStorage, VapidKeys } from './pushRepository';
import { type PushSender, newVapidKeys, webPushSender } from './pushSender';
import { Pushes } from './pushes';
import { pushRouter } from './router';

export interface PushDeps {
  readonly storage: GuestReads & { readonly push: PushStorage };
  /** Shared by every process: which pages are visible. */
  readonly presence: Presence;
  /** The only process (no Redis): see Pushes. */
  readonly alone: boolean;
  readonly logger: Logger;
  readonly config: { readonly pushServices: readonly string[]; readonly pushContact: string | undefined };
  /** How often held notices are looked at (a sleep window over: one summary). */
  readonly sweepMs?: number;
  /** Tests post elsewhere. */
  readonly sender?: (keys: VapidKeys) => PushSender;
  readonly now?: () => number;
}

export interface PushCapability {
  /** GET /push/key, POST /push, /push/subscribe, /push/unsubscribe, /push/quiet, /push/visible (mounted under /api). */
  readonly router: Router;
  /** A notice the bell got: pushed where it should be (failures logged, never thrown). */
  notice(playerId: string, kind: NotificationKind, fromId: string, roomId?: string): Promise<void>;
  /** Read (or make, on the first start) the keys, and begin sweeping held notices. */
  start(): Promise<void>;
  stop(): void;
}

const SWEEP_MS = 60_000;

/** Web Push (issue 41): the server's VAPID keys, the devices that take pushes, the sleep windows. */
export function createPush({
  storage,
  presence,
  alone,
  logger,
  config,
  sweepMs = SWEEP_MS,
  sender = (keys) => webPushSender(keys, config.pushContact),
  now = Date.now,
}: PushDeps): PushCapability {
  let keys: VapidKeys | null = null;
  let send: PushSender | null = null;
  let sweeper: NodeJS.Timeout | null = null;
  const pushes = new Pushes({
    storage: storage.push,
    presence,
    alone,
    log: logger,
    now,
    nickname: async (playerId) => (await storage.getPlayer(playerId))?.nickname ?? '',
    send: (device, payload, options) => send!(device, payload, options),
  });
  const router = pushRouter({ storage, pushes, publicKey: () => keys!.publicKey, services: config.pushServices, now });
  const sweep = () =>
    void pushes.sweep().catch((err: unknown) => logger.error({ event: 'push-sweep-failed', err }, 'could not send the held notices'));
  return {
    router,
    notice: async (playerId, kind, fromId, roomId) => {
      try {
        await pushes.notice(playerId, kind, fromId, roomId);
      } catch (err) {
        logger.error({ event: 'push-notice-failed', playerId, kind, err }, 'could not push a notice');
      }
    },
    start: async () => {
      keys = await storage.push.keys(newVapidKeys, now());
      send = sender(keys);
      sweeper = setInterval(sweep, sweepMs).unref();
    },
    stop: () => {
      if (sweeper) clearInterval(sweeper);
    },
  };
}
