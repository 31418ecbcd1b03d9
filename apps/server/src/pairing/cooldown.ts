import type { QuickPlayCooldown } from '@flightchess/protocol';

/**
 * Quick play's cooldown for escapers (after lichess's playban): leaving rated games (an escape,
 * or a dropped seat's hold running out) closes quick play for a while; private tables stay open.
 */

/** Escapes are counted over this long… */
export const ESCAPE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** …and this many within it bring a cooldown (the first one is forgiven: a lost connection happens). */
export const ESCAPES_FOR_COOLDOWN = 2;
/** The first cooldown; each further one doubles it… */
export const FIRST_COOLDOWN_MS = 10 * 60 * 1000;
/** …up to this. */
export const LONGEST_COOLDOWN_MS = 24 * 60 * 60 * 1000;
/** Every this many rated games played to the end in a row forgive one step of the doubling. */
export const CLEAN_GAMES_PER_STEP = 3;

/** A player's standing with quick play (the `quick_play_conduct` row; none is a clean one). */
export interface Conduct {
  /** Cooldowns earned and not yet forgiven: the next is FIRST_COOLDOWN_MS × 2^strikes. */
  readonly strikes: number;
  /** Rated games played to the end since the last escape or the last step forgiven. */
  readonly cleanGames: number;
  /** Quick play is closed until then (epoch ms; 0: never closed). */
  readonly until: number;
}

export const CLEAN_CONDUCT: Conduct = { strikes: 0, cleanGames: 0, until: 0 };

/** How long the cooldown is that a player with `strikes` unforgiven cooldowns earns next. */
export const cooldownLength = (strikes: number): number => Math.min(FIRST_COOLDOWN_MS * 2 ** strikes, LONGEST_COOLDOWN_MS);

/**
 * A player's conduct after a rated game that ended at `at`: `escaped` when they left it (escape or
 * hold expired), `escapes` the end times of the rated games they escaped from, this one included.
 * ESCAPES_FOR_COOLDOWN of them within ESCAPE_WINDOW_MS bring a cooldown, longer for each strike; a game
 * played to the end counts towards forgiving a strike.
 */
export function conductAfter(
  conduct: Conduct,
  game: { readonly at: number; readonly escaped: boolean; readonly escapes: readonly number[] },
): Conduct {
  if (!game.escaped) {
    const cleanGames = conduct.cleanGames + 1;
    if (cleanGames < CLEAN_GAMES_PER_STEP || conduct.strikes === 0) return { ...conduct, cleanGames };
    return { ...conduct, strikes: conduct.strikes - 1, cleanGames: 0 };
  }
  if (recentEscapes(game.escapes, game.at) < ESCAPES_FOR_COOLDOWN) return { ...conduct, cleanGames: 0 };
  return { strikes: conduct.strikes + 1, cleanGames: 0, until: Math.max(conduct.until, game.at + cooldownLength(conduct.strikes)) };
}

/** How many of `escapes` (end times) fall within ESCAPE_WINDOW_MS before `now`. */
export const recentEscapes = (escapes: readonly number[], now: number): number =>
  escapes.filter((at) => at > now - ESCAPE_WINDOW_MS && at <= now).length;

/** The cooldown a player is under at `now`, as the profile shows it; null when quick play is open to them. */
export function cooldownAt(conduct: Conduct, escapes: readonly number[], now: number): QuickPlayCooldown | null {
  return conduct.until > now ? { until: conduct.until, reason: 'escapes', escapes: recentEscapes(escapes, now) } : null;
}
