import { COLOURS } from '@flightchess/rules';
import { colourFor, seatsInPlay } from './seatColours';

describe('seat colours', () => {
  test.each([
    ['an empty two-seat table: red and the opposite yellow', 2, [], ['red', 'yellow']],
    ['a two-seat table where green sat first: green and the opposite blue', 2, ['green'], ['green', 'blue']],
    ['a full two-seat table: its two seats', 2, ['blue', 'red'], ['red', 'blue']],
    ['an empty three-seat table: the first three colours', 3, [], ['red', 'green', 'yellow']],
    ['a four-seat table: every colour', 4, ['yellow'], [...COLOURS]],
  ] as const)('a lobby shows %s', (_what, size, taken, shown) => {
    expect(seatsInPlay(COLOURS, size, taken)).toEqual(shown);
  });

  test('a two-colour preset shows only its colours', () => {
    expect(seatsInPlay(['red', 'yellow'], 2, [])).toEqual(['red', 'yellow']);
  });

  test('a newcomer at a two-seat table sits opposite the other player; a full table has no colour left', () => {
    expect(colourFor(COLOURS, 2, ['green'])).toBe('blue');
    expect(colourFor(COLOURS, 2, ['green', 'red'])).toBeNull();
  });
});
