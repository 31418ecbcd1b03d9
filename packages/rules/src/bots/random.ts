import type { LegalMove } from '../legalMoves';
import type { Rng } from '../rng';

/** Any legal move, uniformly. */
export function randomMove(moves: readonly LegalMove[], rng: Rng): LegalMove {
  return moves[rng.int(moves.length)]!;
}
