import type { BlockedPlayer, PlayerProfile, PlayerRatings, QuickPlayCooldown, RatingHistory } from '@flightchess/protocol';

/**
 * A profile with what ratings add (GET /api/players/:id, and the owner's POST …/profile): ratings and
 * their history for everyone; the cooldown and the blocked players for the owner only. Optional here,
 * so that a server without them yet shows the page without them.
 */
export type RatedProfile = PlayerProfile & {
  readonly ratings?: PlayerRatings;
  readonly ratingHistory?: RatingHistory;
  readonly cooldown?: QuickPlayCooldown | null;
  readonly blocked?: readonly BlockedPlayer[];
};
