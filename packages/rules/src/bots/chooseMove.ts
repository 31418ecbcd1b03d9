import type { LegalMove } from '../legalMoves';
import { legalMoves } from '../legalMoves';
import { type Rng, createRng } from '../rng';
import type { GameState } from '../state';
import { expertMove } from './expert';
import { heuristicMove } from './heuristic';
import { randomMove } from './random';
import { strongMove } from './strong';

export const BOT_NAMES = ['random', 'heuristic', 'strong', 'expert'] as const;
export type BotName = (typeof BOT_NAMES)[number];

/** The bot's pick among `legalMoves(state)`, or null when there is nothing to move. Pure given `rng`. */
export function chooseMove(state: GameState, bot: BotName, rng: Rng = createRng(state.version)): LegalMove | null {
  const moves = legalMoves(state);
  if (moves.length === 0) return null;
  if (moves.length === 1) return moves[0]!;
  switch (bot) {
    case 'random':
      return randomMove(moves, rng);
    case 'heuristic':
      return heuristicMove(moves);
    case 'strong':
      return strongMove(state, moves);
    case 'expert':
      return expertMove(state, moves);
  }
}
