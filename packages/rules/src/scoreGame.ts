import type { BySeat, Colour } from './colours';
import { type Level, levelFor } from './levels';
import { arrivedCount, leaveOf } from './queries';
import { type Result, fail, ok } from './result';
import type { GameState } from './state';

export const COLLISION_POINTS = 5;
export const ESCAPE_PENALTY = 200;
/** 获胜系数 of team games (seed 002). */
export const TEAM_FACTOR = 2;

export interface ScoreOptions {
  /** 底分: the room's base score per plane. */
  readonly base: number;
  /** Coins per point (倍数), default 1. */
  readonly multiplier?: number;
  /** 台费 taken from every seat's coins, default 0. */
  readonly tableFee?: number;
  /** Lifetime scores before this game, for levels. */
  readonly lifetime?: BySeat<number>;
  /** The coins each seat holds before this game; a seat listed here never ends below 0 (a seat not listed holds none on record). */
  readonly coinsHeld?: BySeat<number>;
}

export interface SeatScore {
  readonly arrived: number;
  readonly notArrived: number;
  /** Points from planes (not arrived / arrived × base). */
  readonly points: number;
  readonly collision: number;
  /** −200 for an escaper, else 0. */
  readonly escapePenalty: number;
  /** points + collision + escapePenalty. */
  readonly score: number;
  /** The coins the rule gives (score × multiplier − fee, the escape penalty's coins shared out); may be below 0. */
  readonly coinsEarned: number;
  /** The coins actually added: `coinsEarned`, but a loss takes at most what the seat holds, so coins never go below 0. */
  readonly coins: number;
  /** The seat's coins before and after the game; null when it holds none on record (a bot, an offline game). */
  readonly coinsBefore: number | null;
  readonly coinsAfter: number | null;
  readonly rank: number;
  readonly lifetimeBefore: number;
  readonly lifetimeAfter: number;
  readonly levelBefore: Level;
  readonly levelAfter: Level;
}

export interface GameScore {
  readonly seats: BySeat<SeatScore>;
  /** Seats best first: winners, then by planes arrived. */
  readonly ranking: readonly Colour[];
}

/** Scores, coins and levels of a finished game (RULES.md §7.1). */
export function scoreGame(state: GameState, options: ScoreOptions): Result<GameScore> {
  const { result } = state;
  if (!result) return fail('ERR_NOT_ALLOWED', 'the game is not over');
  const { base, multiplier = 1, tableFee = 0 } = options;
  if (![base, multiplier, tableFee].every(Number.isFinite) || base < 0) {
    return fail('ERR_BAD_OPTIONS', 'base, multiplier and tableFee must be finite numbers, base ≥ 0');
  }
  // A seat whose person left (out, or playing on with `leftSeatsPlayOn`) is scored as it stood then.
  const arrived = (c: Colour) => leaveOf(state, c)?.arrived ?? arrivedCount(state, c);
  const notArrived = (c: Colour) => state.config.planes - arrived(c);
  const points = planePoints(state, base, arrived, notArrived);
  const escaped = (c: Colour) => leaveOf(state, c)?.reason === 'escape';
  const stayers = state.seats.filter((c) => !escaped(c));
  const penaltyCoins = (state.seats.length - stayers.length) * ESCAPE_PENALTY * multiplier;

  const ranking = [...state.seats].sort(
    (a, b) => Number(result.winners.includes(b)) - Number(result.winners.includes(a)) || arrived(b) - arrived(a),
  );
  const seats: BySeat<SeatScore> = {};
  for (const c of state.seats) {
    // A seat playing on scores the collisions it had when its person left: what it does afterwards earns nothing.
    const hits = state.left[c]?.collisions ?? state.collisions[c] ?? { sent: 0, lost: 0 };
    const collision = COLLISION_POINTS * (hits.sent - (state.teams ? hits.lost : 0));
    const escapePenalty = escaped(c) ? -ESCAPE_PENALTY : 0;
    const p = points[c] ?? 0;
    const score = p + collision + escapePenalty;
    const share = escaped(c) ? -ESCAPE_PENALTY * multiplier : Math.floor(penaltyCoins / stayers.length);
    const before = options.lifetime?.[c] ?? 0;
    const earned = (p + collision) * multiplier - tableFee + share;
    const held = options.coinsHeld?.[c] ?? null;
    // A balance cannot go below zero: a loss bigger than the coins held takes them all, no more.
    const coins = held === null ? earned : Math.max(earned, 0 - Math.max(held, 0)); // 0 − x: never −0
    seats[c] = {
      arrived: arrived(c),
      notArrived: notArrived(c),
      points: p,
      collision,
      escapePenalty,
      score,
      coinsEarned: earned,
      coins,
      coinsBefore: held,
      coinsAfter: held === null ? null : held + coins,
      rank: ranking.indexOf(c) + 1,
      lifetimeBefore: before,
      lifetimeAfter: before + score,
      levelBefore: levelFor(before),
      levelAfter: levelFor(before + score),
    };
  }
  return ok({ seats, ranking });
}

/** Negate without producing −0 (a loser with every plane home loses 0, not −0). */
const neg = (x: number): number => (x === 0 ? 0 : -x);

/** The plane part of each seat's score, by how the game ended (§7.1). */
function planePoints(state: GameState, base: number, arrived: (c: Colour) => number, notArrived: (c: Colour) => number): BySeat<number> {
  const { result, seats } = state;
  const points: BySeat<number> = {};
  if (!result || result.winner === null) return points;
  const winners = result.winners;
  const losers = seats.filter((c) => !winners.includes(c));

  // Team points follow one formula however the game ended (RULES.md §7.1 gives no other for teams).
  if (state.teams) {
    const team = losers.reduce((sum, c) => sum + notArrived(c), 0) * base * TEAM_FACTOR;
    // A winner whose person left (out, or playing on) takes no share.
    const standing = winners.filter((c) => !leaveOf(state, c));
    for (const c of winners) points[c] = leaveOf(state, c) ? 0 : team / standing.length;
    for (const c of losers) points[c] = neg(notArrived(c) * base * TEAM_FACTOR);
    return points;
  }

  const w = result.winner;
  const loser = losers[0];
  if (seats.length === 2 && loser && result.reason !== 'finish') {
    points[w] = arrived(w) * base;
    points[loser] = neg((result.reason === 'escape' ? arrived(w) : notArrived(loser)) * base);
    return points;
  }
  let pot = 0;
  for (const c of losers) {
    points[c] = neg(notArrived(c) * base);
    pot += notArrived(c) * base;
  }
  // A winner playing on after its person left scores as that leaver: the pot goes to nobody.
  points[w] = state.left[w] ? neg(notArrived(w) * base) : pot;
  return points;
}
