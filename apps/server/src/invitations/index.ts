import { matchMaker } from '@colyseus/core';
import type { Request, Router } from 'express';
import type { Logger } from 'pino';
import type { GuestReads } from '../accounts/guests';
import type { Bans } from '../bans/bans';
import { randomId } from '../core/ids';
import type { Friends } from '../friends';
import type { Budgets } from '../limits/budgets';
import { type InvitationsStore, Invitations, type ListedTable, type OfferedSeat } from './invitations';
import { invitationsRouter } from './router';

/** How often each process expires the invitations past their time (and tells both sides). */
const SWEEP_MS = 5_000;

export interface InvitationsDeps {
  readonly storage: InvitationsStore & GuestReads;
  readonly logger: Logger;
  readonly budgets: Budgets;
  readonly bans: Pick<Bans, 'answered'>;
  readonly addressOf: (req: Request) => string;
  readonly blockedBetween: (a: string, b: string) => Promise<boolean>;
  /** The pages' event streams carry the invitations too (friends/). */
  readonly feeds: Friends['feeds'];
  /** Tell the invitee's bell (notifications/). */
  readonly notify: (playerId: string, kind: 'invitation', fromId: string, roomId: string) => Promise<void>;
}

/** What a table asks of invitations. */
export interface TableInvitations {
  /** Whether an invitation lets this player in (to sit, or watch once full) without the table's code. */
  admits(id: string, playerId: string, roomId: string): Promise<boolean>;
  /** The seat of a game in progress an invitation offers this player to take over (its player left), if it does and may still. */
  offeredSeat(id: string, playerId: string, roomId: string): Promise<OfferedSeat | null>;
  /** The table's game started or ended, or a seat was taken over: its pending invitations expire. */
  roomChanged(roomId: string): Promise<void>;
}

export interface InvitationsCapability {
  /** POST /invitations… (mounted under /api). */
  readonly router: Router;
  readonly tables: TableInvitations;
  start(): void;
  stop(): void;
}

const FEED = 'invitations';

/** Invitations to a table, over every process: their storage, routes, expiry, and their place in the pages' streams. */
export function createInvitations(deps: InvitationsDeps): InvitationsCapability {
  const invitations = new Invitations({
    storage: deps.storage,
    blockedBetween: deps.blockedBetween,
    budgets: deps.budgets,
    listing: async (roomId) => ((await matchMaker.driver.findOne({ roomId }))?.metadata as ListedTable | undefined) ?? null,
    reserve: (roomId, options, asker) => matchMaker.joinById(roomId, options, asker as Parameters<typeof matchMaker.joinById>[2]),
    changed: (playerIds) => deps.feeds.feedChanged(FEED, playerIds),
    newId: () => randomId(12),
    notify: deps.notify,
  });
  deps.feeds.addFeed(FEED, async (playerId) => ({ type: 'invitations', invitations: await invitations.answer(playerId) }));
  let sweeper: NodeJS.Timeout | null = null;
  return {
    router: invitationsRouter({ storage: deps.storage, invitations, bans: deps.bans, addressOf: deps.addressOf }),
    tables: {
      admits: (id, playerId, roomId) => invitations.admits(id, playerId, roomId),
      offeredSeat: (id, playerId, roomId) => invitations.offeredSeat(id, playerId, roomId),
      roomChanged: (roomId) => invitations.roomChanged(roomId),
    },
    start: () => {
      sweeper = setInterval(
        () =>
          void invitations
            .sweep()
            .catch((err: unknown) => deps.logger.error({ event: 'invitations-sweep-failed', err }, 'could not expire invitations')),
        SWEEP_MS,
      ).unref();
    },
    stop: () => {
      if (sweeper) clearInterval(sweeper);
    },
  };
}
