import { type BySeat, type Colour, type GameState, type Result, scoreGame } from '@flightchess/rules';
import type { SeatResult } from '@flightchess/protocol';

/** A person's standing before the game: their lifetime score and the coins they hold. */
export interface Standing {
  readonly lifetime: number;
  readonly coins: number;
}

/**
 * Scores, coins and levels of a finished game (RULES.md §7.1), ready to store. `people`: each person's
 * seat and standing before it; the other seats are bots, which hold no coins, so that a bot's loss stops
 * at 0 as a person's who holds none does (one floor for both), and which keep no balance (coinsAfter null).
 */
export function finalScores(game: GameState, base: number, people: BySeat<Standing>): Result<SeatResult[]> {
  const lifetime: BySeat<number> = {};
  const coinsHeld: BySeat<number> = {};
  for (const colour of game.seats) {
    lifetime[colour] = people[colour]?.lifetime ?? 0;
    coinsHeld[colour] = people[colour]?.coins ?? 0;
  }
  const scored = scoreGame(game, { base, lifetime, coinsHeld });
  if (!scored.ok) return scored;
  const winners = game.result?.winners ?? [];
  const seats = game.seats.map((colour: Colour): SeatResult => {
    const s = scored.value.seats[colour]!;
    return {
      colour,
      score: s.score,
      coins: s.coins,
      coinsEarned: s.coinsEarned,
      coinsAfter: people[colour] ? s.coinsAfter : null,
      arrived: s.arrived,
      rank: s.rank,
      escapePenalty: s.escapePenalty,
      lifetimeAfter: s.lifetimeAfter,
      levelAfter: s.levelAfter.level,
      // How its player left, whether the seat went out or played on without them.
      out: (game.out[colour] ?? game.left[colour])?.reason ?? null,
      winner: winners.includes(colour),
      ratingBefore: null,
      ratingAfter: null,
    };
  });
  return { ok: true, value: seats };
}
