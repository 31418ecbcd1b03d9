import fc from 'fast-check';
import { PRESET_NAMES } from '../src';
import { MAX_ACTIONS, runCheckedGame } from './support/checkedGame';
import { gameRuns } from './support/fcRuns';
import { gameSpecFor } from './support/gameSpec';

/**
 * Whole seeded games with random and heuristic bots, 2–4 players, team mode where allowed, for every
 * preset. After every action runCheckedGame checks: planes conserved and on their path, captures
 * only where RULES.md allows them, legalMoves ⇔ applyAction, ERR_BAD_ROLL / ERR_NOT_YOUR_TURN /
 * phase errors for bad actions without any change, turn order, the end of the game within
 * MAX_ACTIONS, and finally that replayGame(setup, log) rebuilds the very same state and events.
 */
const GAMES_PER_PRESET = 250;

describe('seeded bot games keep every invariant', () => {
  test.each(PRESET_NAMES)('%s', (preset) => {
    fc.assert(
      fc.property(gameSpecFor(preset), (spec) => {
        const { state, actions } = runCheckedGame(spec);
        expect(state.result).not.toBeNull();
        expect(actions.length).toBeLessThanOrEqual(MAX_ACTIONS);
      }),
      gameRuns(GAMES_PER_PRESET),
    );
  });
});
