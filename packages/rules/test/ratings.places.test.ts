import { type Action, type Colour, type GameState, applyAction, createRng, playWeights, ratingPlaces } from '../src';
import { botAction, playGame } from '../src/sim/playGame';
import { act, answer, create, game, idle } from './helpers';

/** Apply `actions`, then let heuristic bots play the game out with seeded dice. */
function playOut(state: GameState, actions: readonly Action[], seed = 'places'): GameState {
  let s = state;
  const dice = createRng(seed);
  const step = (a: Action): void => {
    const applied = applyAction(s, a);
    if (!applied.ok) throw new Error(`${applied.error.code}: ${applied.error.message}`);
    s = applied.value.state;
  };
  actions.forEach(step);
  while (s.phase !== 'over') step(botAction(s, 'heuristic', dice));
  return s;
}

// Red has three planes home and the others none: were arrivals all that counted, red would place first.
const threeSeats = (): GameState => create(game('online', { red: [56, 56, 56] }, { seats: ['red', 'green', 'yellow'], firstSeat: 'red' }));

describe('ratingPlaces', () => {
  test.each<[string, Action[]]>([
    ['resigns (after 15 rolls)', [...idle(['red', 'green', 'yellow'], 15), act('resign', 'red')]],
    ['escapes', [act('escape', 'red')]],
    ['forfeits (the hold expired)', [act('forfeit', 'red')]],
  ])('a seat that %s is last, whatever it had arrived', (_, actions) => {
    const end = playOut(threeSeats(), actions);
    const places = ratingPlaces(end);
    expect(end.out.red?.arrived).toBe(3);
    expect(places.red).toBe(3);
    expect(places[end.result!.winner!]).toBe(1);
    expect(Object.values(places).sort()).toEqual([1, 2, 3]);
  });

  test('stayers are placed by planes arrived, equal counts tie', () => {
    // Four seats; red escapes, then green wins at once with its last plane: yellow and blue (two home
    // each) tie for second, red is last although it had arrived one more plane than either.
    const start = create(
      game(
        'online',
        { red: [56, 56, 56], green: [56, 56, 56, 55], yellow: [56, 56], blue: [56, 56] },
        { seats: ['red', 'green', 'yellow', 'blue'], firstSeat: 'green' },
      ),
    );
    const end = playOut(start, [
      act('escape', 'red'),
      { type: 'roll', seat: 'green', value: 1 },
      { type: 'move', seat: 'green', plane: 3 },
    ]);
    expect(end.result?.winner).toBe('green');
    expect(ratingPlaces(end)).toEqual({ green: 1, yellow: 2, blue: 2, red: 4 });
  });

  test('a winning team shares first place, whatever each of the two arrived', () => {
    const played = playGame(
      { preset: 'online', seats: ['red', 'green', 'yellow', 'blue'], teams: true },
      { red: 'heuristic', green: 'heuristic', yellow: 'heuristic', blue: 'heuristic' },
      createRng('team'),
    );
    const [w1, w2] = played.state.result!.winners as Colour[];
    const places = ratingPlaces(played.state);
    expect([places[w1!], places[w2!]]).toEqual([1, 1]);
    expect(Object.values(places).filter((p) => p === 1)).toHaveLength(2);
  });

  test('a draw ties everyone at first place', () => {
    const start = create(game('plyyard', {}, { seats: ['red', 'yellow'] }));
    const end = playOut(start, [act('offer-draw', 'red'), answer('answer-draw', 'yellow', true)]);
    expect(end.result?.reason).toBe('draw');
    expect(ratingPlaces(end)).toEqual({ red: 1, yellow: 1 });
  });
});

describe('playWeights', () => {
  /** Four moves of red's, the first `auto` made by auto-play, and two of yellow's own, rolls between. */
  const log = (auto: number): Action[] =>
    [0, 1, 2, 3].flatMap((i): Action[] => [
      { type: 'roll', seat: 'red', value: 6 },
      i < auto ? { type: 'move', seat: 'red', plane: 0, by: 'auto-play' } : { type: 'move', seat: 'red', plane: 0 },
      ...(i < 2
        ? ([
            { type: 'roll', seat: 'yellow', value: 6 },
            { type: 'move', seat: 'yellow', plane: 0 },
          ] as Action[])
        : []),
    ]);

  // 0.5 + 0.5 × (own moves / moves): the floor when auto-play made them all.
  test.each([
    [0, 1],
    [1, 0.875],
    [2, 0.75],
    [3, 0.625],
    [4, 0.5],
  ])("auto-play made %p of red's 4 moves: red counts %p, yellow 1", (auto, weight) => {
    const weights = playWeights(['red', 'yellow'], log(auto));
    expect(weights.red).toBeCloseTo(weight, 12);
    expect(weights.yellow).toBe(1);
  });

  test('a seat that never moved counts fully', () => {
    expect(playWeights(['red', 'green'], [{ type: 'roll', seat: 'red', value: 1 }])).toEqual({ red: 1, green: 1 });
  });
});
