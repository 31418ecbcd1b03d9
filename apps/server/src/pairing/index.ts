import { type BlockedPlayer, type ModeRating, type QuickPlayCooldown, reject } from '@flightchess/protocol';
import type { RatingMode } from '@flightchess/rules';
import type { Presence } from '@colyseus/core';
import type { Request, Router } from 'express';
import type { Bans } from '../bans/bans';
import type { TablePairing } from '../table/tableDeps';
import { cooldownAt } from './cooldown';
import { QuickPlay } from './quickPlay';
import { QuickPlayLedger } from './quickPlayLedger';
import { type PairingStore, pairingRouter } from './router';

export interface PairingDeps {
  readonly storage: PairingStore;
  /** A player's rating in a mode (null: never rated in it), from the ratings' repository. */
  readonly ratingOf: (playerId: string, mode: RatingMode) => Promise<ModeRating | null>;
  readonly bans: Pick<Bans, 'answered'>;
  readonly addressOf: (req: Request) => string;
  /** Where quick play keeps what its decisions share: the presence (Redis with several processes), and whether there are several. */
  readonly presence: Presence;
  readonly clustered: boolean;
  /** A block was made: what else it ends (a friendship, requests: friends/). */
  readonly blocked: (blocker: string, other: string) => Promise<void>;
}

/** Quick play as the rest of the server reaches it: its routes, what a table asks of it, and the owner's profile's part. */
export interface Pairing {
  /** POST /quick, POST and DELETE /players/:id/blocks (mounted under /api). */
  readonly router: Router;
  readonly table: TablePairing;
  /** What the player's own profile shows of quick play: their cooldown and whom they blocked. */
  ownProfile(playerId: string): Promise<{ cooldown: QuickPlayCooldown | null; blocked: BlockedPlayer[] }>;
  /** Whether either of two players blocked the other. */
  blockedBetween(a: string, b: string): Promise<boolean>;
}

/**
 * Quick play that pairs by rating, escapers' cooldowns and blocks (docs/server/quick-play.md): the
 * pure rules (chooseTable, cooldown), their storage (pairingRepository) and the routes, wired here.
 */
export function createPairing({ storage, ratingOf, bans, addressOf, presence, clustered, blocked }: PairingDeps): Pairing {
  const cooldown = async (playerId: string): Promise<QuickPlayCooldown | null> => {
    const now = Date.now();
    const conduct = await storage.pairing.conduct(playerId);
    // The escapes are read only for a cooldown that is running.
    return conduct.until > now ? cooldownAt(conduct, await storage.pairing.escapes(playerId, now), now) : null;
  };
  const quick = new QuickPlay({
    ratingOf,
    avoided: (playerId) => storage.pairing.avoided(playerId),
    cooldown,
    ledger: new QuickPlayLedger(presence, clustered),
  });
  return {
    router: pairingRouter({ storage, quick, bans, addressOf, blocked }),
    table: {
      cooldown: async (playerId) => {
        const running = await cooldown(playerId);
        return running
          ? reject(
              'ERR_COOLDOWN',
              `you left rated games early: rated public tables are closed to you until ${new Date(running.until).toISOString()}`,
            )
          : null;
      },
      blockersOf: (playerId) => storage.pairing.blockersOf(playerId),
    },
    blockedBetween: async (a, b) => (await storage.pairing.avoided(a)).has(b),
    ownProfile: async (playerId) => ({ cooldown: await cooldown(playerId), blocked: await storage.pairing.blocked(playerId) }),
  };
}
