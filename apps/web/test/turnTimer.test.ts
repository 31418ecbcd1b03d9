import { turnSecondsShown } from '../src/play/turnTimer';

describe('the turn timer shows what the player has', () => {
  test.each([
    ['the board still shows the step before (1.8 s of it): the whole turn time, not 17', 16_800, 15, 15],
    ['the turn time running', 9_200, 15, 10],
    ['the last second', 400, 15, 1],
    ['past the deadline', -3_000, 15, 0],
    ['a turn time of whole seconds and a half', 20_000, 12.5, 13],
    ['no turn time known (offline): what is left', 16_800, undefined, 17],
  ])('%s', (_what, leftMs, turnSeconds, shown) => {
    expect(turnSecondsShown(1_000_000 + leftMs, 1_000_000, turnSeconds)).toBe(shown);
  });
});
