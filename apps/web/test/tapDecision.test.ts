import type { LegalMove } from '@flightchess/rules';
import { tapDecision } from '../src/play/gameController';

const route = {} as LegalMove['route'];
const moves: LegalMove[] = [
  { plane: 0, route },
  { plane: 2, route },
  { plane: 2, route },
];

describe('tapDecision', () => {
  it('moves a plane with exactly one legal move at once, unless the player keeps select-then-confirm', () => {
    expect(tapDecision(moves, 0, null, false)).toBe('move');
    expect(tapDecision(moves, 0, null, true)).toBe('select');
    expect(tapDecision(moves, 0, 2, false)).toBe('move');
  });

  it('selects a plane that leaves a choice to confirm, and moves the selected plane on its second tap', () => {
    expect(tapDecision(moves, 2, null, false)).toBe('select');
    expect(tapDecision(moves, 2, 2, false)).toBe('move');
    expect(tapDecision(moves, 0, 0, true)).toBe('move');
  });

  it('does nothing for a plane without a move', () => {
    expect(tapDecision(moves, 1, null, false)).toBe('none');
    expect(tapDecision(moves, 1, 1, true)).toBe('none');
  });
});
