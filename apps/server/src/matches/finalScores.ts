import { type BySeat, type Colour, type GameState, type Result, scoreGame } from '@flightchess/rules';
import type { SeatResult } from '@flightchess/protocol';

/** Scores, coins and levels of a finished game (RULES.md §7.1), ready to store; `coinsHeld`: the players' coins before it. */
export function finalScores(game: GameState, base: number, lifetime: BySeat<number>, coinsHeld: BySeat<number> = {}): Result<SeatResult[]> {
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
      coinsAfter: s.coinsAfter,
      arrived: s.arrived,
      rank: s.rank,
      escapePenalty: s.escapePenalty,
      lifetimeAfter: s.lifetimeAfter,
      levelAfter: s.levelAfter.level,
      out: game.out[colour]?.reason ?? null,
      winner: winners.includes(colour),
      ratingBefore: null,
      ratingAfter: null,
    };
  });
  return { ok: true, value: seats };
}
