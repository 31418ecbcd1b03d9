import type { GameState } from '@flightchess/rules';
import type { Listing } from '../../src/table/listing';
import { presenceTable } from '../../src/table/listing';

const listing = (arrived: number[], listed = true): Listing =>
  ({
    metadata: { preset: 'classic', size: 2, teams: false, rated: false, watchable: true, listed, arrived },
    hidden: false,
  }) as unknown as Listing;
const game = (planes: Record<string, number>) =>
  ({ planes: Object.fromEntries(Object.entries(planes).map(([c, n]) => [c, Array(n).fill(0)])) }) as unknown as Pick<GameState, 'planes'>;

describe("what a player's friends see of their table", () => {
  test.each([
    ['before a game', [0, 0], null, 0],
    ['four planes a seat, three home of eight', [2, 1], { red: 4, yellow: 4 }, 3 / 8],
    ['a house rule of two planes a seat: three home of four', [2, 1], { red: 2, yellow: 2 }, 3 / 4],
  ] as const)('progress %s', (_, arrived, planes, progress) => {
    expect(presenceTable('r1', listing([...arrived]), planes ? game(planes) : null).progress).toBeCloseTo(progress);
  });

  test('a private table is not offered to watch', () => {
    expect(presenceTable('r1', listing([0, 0], false), null).watchable).toBe(false);
    expect(presenceTable('r1', listing([0, 0], true), null).watchable).toBe(true);
  });
});
