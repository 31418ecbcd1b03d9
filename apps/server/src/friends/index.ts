import type { Presence } from '@colyseus/core';
import type { Request, Router } from 'express';
import type { Logger } from 'pino';
import type { GuestReads } from '../accounts/guests';
import type { SignedOutDevices } from '../accounts/signedOutDevices';
import type { Bans } from '../bans/bans';
import type { Budgets } from '../limits/budgets';
import { type FriendsStore, Friendships, type FriendshipsDeps } from './friendships';
import { LiveEvents } from './liveEvents';
import { PresenceBoard } from './presenceBoard';
import { friendsRouter } from './router';

export interface FriendsDeps {
  readonly storage: FriendsStore & GuestReads;
  /** Shared by every process (Redis with several): the presence parts, and who hears what. */
  readonly presence: Presence;
  /** This process, as its presence parts name it. */
  readonly processId: string;
  /** The only process (no Redis): presence parts are kept in memory. */
  readonly alone: boolean;
  readonly logger: Logger;
  readonly budgets: Budgets;
  readonly devices: Pick<SignedOutDevices, 'watchDevice'>;
  readonly bans: Pick<Bans, 'answered'>;
  readonly addressOf: (req: Request) => string;
  /** Whether either of two players blocked the other (pairing/). */
  readonly blockedBetween: (a: string, b: string) => Promise<boolean>;
  /** Tell a player's bell (notifications/). */
  readonly notify: FriendshipsDeps['notify'];
}

/** What a table tells of the people at it: who is at it, each time its listing changes; who started playing there. */
export type TablePresence = Pick<PresenceBoard, 'atTable'> & Pick<Friendships, 'startedPlaying'>;

/** Friends as the rest of the server reaches them. */
export interface Friends {
  /** POST /friends…, POST /me/events (mounted under /api). */
  readonly router: Router;
  /** Tables tell who is at them. */
  readonly tables: TablePresence;
  /** Other feeds of the pages' event streams (invitations/). */
  readonly feeds: Pick<LiveEvents, 'addFeed' | 'feedChanged'>;
  /** One of the two blocked the other: no friendship or request between them any more. */
  blocked(blocker: string, other: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Friends, their presence pushed live to each other's open pages, over every process of a deployment
 * (docs/server/friends.md): the friendships and their storage, the presence board, the pages' streams.
 */
export function createFriends(deps: FriendsDeps): Friends {
  const { storage, presence, logger } = deps;
  // The board and the friendships tell the pages (live), which read through them: each reaches the other once all are made.
  const board = new PresenceBoard({
    presence,
    processId: deps.processId,
    alone: deps.alone,
    log: logger,
    hidden: async (playerId) => (await storage.friends.settings(playerId)).appearOffline,
    left: (playerId, at) => storage.friends.seen(playerId, at),
    changed: (playerId, p) => live.presenceChanged(playerId, p),
  });
  const friendships: Friendships = new Friendships({
    storage,
    blockedBetween: deps.blockedBetween,
    budgets: deps.budgets,
    board,
    changed: (playerIds) => live.friendsChanged(playerIds),
    // The settings are in the friends a page opens with; after, a change of them is sent alone.
    settingsChanged: (playerId, settings) => live.tell([playerId], { type: 'settings', settings }),
    notify: deps.notify,
  });
  const live: LiveEvents = new LiveEvents(presence, board, (playerId, presences) => friendships.answer(playerId, presences), logger);
  const router = friendsRouter({ storage, friendships, live, devices: deps.devices, bans: deps.bans, addressOf: deps.addressOf });
  return {
    router,
    tables: {
      atTable: (roomId, people, table) => board.atTable(roomId, people, table),
      startedPlaying: (playerIds, roomId, watchable) =>
        friendships
          .startedPlaying(playerIds, roomId, watchable)
          .catch((err: unknown) =>
            logger.error({ event: 'friend-alerts-failed', roomId, err }, 'could not tell friends of a game started'),
          ),
    },
    feeds: live,
    blocked: (blocker, other) => friendships.part(blocker, other),
    start: async () => {
      await board.start();
      await live.start();
    },
    stop: async () => {
      live.stop();
      await board.stop();
    },
  };
}
