import type { BlockedPlayer, PlayerProfile, QuickPlayCooldown } from '@flightchess/protocol';

/**
 * The owner's profile (POST /api/players/:id/profile) with what quick play's pairing adds: the cooldown
 * and the players blocked. Optional here, so that a server without them yet shows the page without them.
 */
export type RatedProfile = PlayerProfile & {
  readonly cooldown?: QuickPlayCooldown | null;
  readonly blocked?: readonly BlockedPlayer[];
};
