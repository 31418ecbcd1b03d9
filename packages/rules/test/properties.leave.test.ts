import fc from 'fast-check';
import { type Action, type GameState, PRESET_NAMES } from '../src';
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

/** Rolls a seat that plays on made after its person left (the rolls of the whole game numbered from 1). */
function rollsAfterLeaving(state: GameState, actions: readonly Action[]): number {
  let rolls = 0;
  let after = 0;
  for (const a of actions) {
    if (a.type !== 'roll') continue;
    rolls++;
    const left = state.left[a.seat];
    if (left && rolls > left.atRoll) after++;
  }
  return after;
}

/**
 * With `leftSeatsPlayOn` (README, reading 19): the same checks, plus — a seat that leaves while two
 * sides still stand keeps its planes and turns, its leave actions are refused (ERR_NOT_ALLOWED), its
 * record of leaving never changes, and the game ends by leaving only when one side is left standing.
 */
const GAMES_PLAYING_ON = 120;

describe('leftSeatsPlayOn: games with leaves keep every invariant, seats that left play on', () => {
  test.each(PRESET_NAMES)('%s', (preset) => {
    let playedOn = 0;
    fc.assert(
      fc.property(gameSpecFor(preset, { leftSeatsPlayOn: true }), (spec) => {
        const { state, actions } = runCheckedGame(spec, { leaves: true });
        expect(state.result).not.toBeNull();
        if (spec.seats.length === 2) expect(state.left).toEqual({});
        playedOn += rollsAfterLeaving(state, actions);
      }),
      gameRuns(GAMES_PLAYING_ON),
    );
    // Where more than two seats can sit, seats really played on after their person left.
    if (preset !== 'plyyard') expect(playedOn).toBeGreaterThan(0);
  });
});
