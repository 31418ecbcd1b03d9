import fc from 'fast-check';
import { PRESET_NAMES } from '../src';
import { runCheckedGame } from './support/checkedGame';
import { gameRuns } from './support/fcRuns';
import { gameSpecFor } from './support/gameSpec';

/**
 * The same games with random resignations (too early ones must fail with ERR_RESIGN_TOO_EARLY; in
 * team mode the team-mate answers), escapes, forfeits and, in plyyard, draw offers mixed in: every
 * invariant still holds, each seat that leaves is taken off the board, and the game ends with the
 * right reason and a standing winner as soon as one player or one team is left (§7).
 */
const GAMES_PER_PRESET = 175;

describe('games with resign / escape / forfeit keep every invariant and end correctly', () => {
  test.each(PRESET_NAMES)('%s', (preset) => {
    const reasons = new Set<string>();
    fc.assert(
      fc.property(gameSpecFor(preset), (spec) => {
        const { state } = runCheckedGame(spec, { leaves: true });
        expect(state.result).not.toBeNull();
        reasons.add(state.result!.reason);
      }),
      gameRuns(GAMES_PER_PRESET),
    );
    // The mix really exercises leaving: some games end by a seat leaving, not only by finishing.
    expect([...reasons].some((r) => r !== 'finish')).toBe(true);
  });
});
