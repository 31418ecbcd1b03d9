import type { NotificationKind, NotificationsAnswer } from '@flightchess/protocol';
import express, { type Router } from 'express';
import type { Logger } from 'pino';
import type { GuestReads } from '../accounts/guests';
import { credentialsSchema } from '../accounts/guests';
import { signedInBody } from '../accounts/signedInBody';
import { randomId } from '../core/ids';
import type { Friends } from '../friends';
import { route } from '../http/respond';
import type { NotificationStorage } from './notificationRepository';

export interface NotificationsDeps {
  readonly storage: GuestReads & { readonly notifications: NotificationStorage };
  readonly logger: Logger;
  /** The bell's count rides the pages' event streams (friends/). */
  readonly feeds: Friends['feeds'];
  /** Each stored notice, to push to the player's devices (push/; it logs its own failures). */
  readonly push: Notify;
  readonly now?: () => number;
}

/** What the rest of the server tells the bell. */
export type Notify = (playerId: string, kind: NotificationKind, fromId: string, roomId?: string) => Promise<void>;

export interface NotificationsCapability {
  /** POST /notifications, POST /notifications/read (mounted under /api). */
  readonly router: Router;
  readonly notify: Notify;
}

const FEED = 'notifications';

/**
 * The bell (issue 41): notices stored per player (the latest 50), the unread count pushed to every open
 * page of theirs, all read at once from any device. A failed notice is logged, never the cause of a
 * refusal: the friend request or the invitation it tells of stands.
 */
export function createNotifications({ storage, logger, feeds, push, now = Date.now }: NotificationsDeps): NotificationsCapability {
  feeds.addFeed(FEED, async (playerId) => ({ type: 'notifications', unread: await storage.notifications.unread(playerId) }));
  const answer = async (playerId: string): Promise<NotificationsAnswer> => ({
    notifications: await storage.notifications.latest(playerId),
    unread: await storage.notifications.unread(playerId),
  });
  const api = express.Router();
  const credentials = credentialsSchema.strict();
  api.post(
    '/notifications',
    route(async (req, res) => {
      const asked = await signedInBody(storage, req, res, credentials);
      if (asked) res.json(await answer(asked.player.id));
    }),
  );
  api.post(
    '/notifications/read',
    route(async (req, res) => {
      const asked = await signedInBody(storage, req, res, credentials);
      if (!asked) return;
      if ((await storage.notifications.readAll(asked.player.id, now())) > 0) await feeds.feedChanged(FEED, [asked.player.id]);
      res.json(await answer(asked.player.id));
    }),
  );
  return {
    router: api,
    notify: async (playerId, kind, fromId, roomId) => {
      try {
        await storage.notifications.add({ id: randomId(12), playerId, kind, fromId, ...(roomId ? { roomId } : {}), at: now() });
        await feeds.feedChanged(FEED, [playerId]);
      } catch (err) {
        logger.error({ event: 'notify-failed', playerId, kind, err }, 'could not store a notice');
      }
      // Not waited for: a push service may take seconds to answer, and the request that made the notice does not.
      void push(playerId, kind, fromId, roomId);
    },
  };
}
