import { PRESETS, PRESET_NAMES } from '../src';
import { ALL4, type Row, fleet, fleetFor, game, idle, idleEvents, rm, roll, runRow, yellowAt as Y } from './helpers';

/** RULES.md §2 a turn, §2.1 extra rolls and three sixes, §5 end of game, §9.1, §9.3, §9.4, §9.10, §9.14 (§9.13 error precedence: fixtures.errors.test.ts). */

const sixMoved = ['rolled', 'moved', 'extra-roll'] as const;

const extraSixRows = PRESET_NAMES.map((preset): Row => ({
  name: `§2.1 (${preset}): a 6 earns an extra roll`,
  setup: game(preset, { red: [1] }),
  actions: rm('red', 6, 0),
  planes: { red: fleetFor(preset, 7) },
  events: [...sixMoved],
  has: [{ type: 'extra-roll', seat: 'red', reason: 'six' }],
  next: 'red roll',
}));

/** Three sixes in one turn with red's planes on 1 and 3 (and, for all-home, one arrived and one on launch). */
const threeSixRows = PRESET_NAMES.map((preset): Row => {
  const { threeSixes } = PRESETS[preset];
  const start = threeSixes === 'all-home' ? [1, 3, 56, 0] : [1, 3];
  const setup = game(preset, { red: start });
  const two = [...rm('red', 6, 0), ...rm('red', 6, 1)];
  if (threeSixes === 'none') {
    return {
      name: `§2.1 threeSixes none (${preset}): the third 6 is moved like any 6`,
      setup,
      actions: [...two, ...rm('red', 6, 0)],
      planes: { red: fleetFor(preset, 13, 9) },
      events: [...sixMoved, ...sixMoved, ...sixMoved],
      next: 'red roll',
    };
  }
  const outcome = {
    void: { planes: fleetFor(preset, 7, 9), sentHome: [], rule: 'the third 6 is not moved, the turn ends, earlier moves stay' },
    'last-moved-home': {
      planes: fleetFor(preset, 7),
      sentHome: [{ colour: 'red', plane: 1 }],
      rule: 'the plane moved last this turn goes home',
    },
    'all-home': {
      planes: fleetFor(preset),
      sentHome: [0, 1, 2, 3].map((plane) => ({ colour: 'red', plane })),
      rule: 'every plane goes home, the arrived and the launched ones included',
    },
  }[threeSixes];
  return {
    name: `§2.1 threeSixes ${threeSixes} (${preset}): ${outcome.rule}`,
    setup,
    actions: [...two, roll('red', 6)],
    planes: { red: outcome.planes },
    events: [...sixMoved, ...sixMoved, 'rolled', 'three-sixes', 'turn'],
    has: [{ type: 'three-sixes', seat: 'red', penalty: threeSixes, sentHome: outcome.sentHome }],
    next: 'yellow roll',
  };
});

const winRows = PRESET_NAMES.map((preset): Row => {
  const home = fleetFor(preset).map(() => 56);
  return {
    name: `§5 / §9.14 (${preset}): the last plane arriving wins and ends the game at once${PRESETS[preset].extraRollOnArrival ? ', no arrival extra roll' : ''}`,
    setup: game(preset, { red: [...home.slice(1), 54] }),
    actions: rm('red', 2, home.length - 1),
    planes: { red: home },
    events: ['rolled', 'moved', 'arrived', 'game-over'],
    has: [{ type: 'game-over', result: { winner: 'red', winners: ['red'], reason: 'finish' } }],
    next: 'over: red',
  };
});

const ROWS: readonly Row[] = [
  {
    name: '§2 a roll that earns nothing passes the turn clockwise to the next seat',
    setup: game('online', { red: [10] }, { seats: ALL4 }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(13) },
    events: ['rolled', 'moved', 'turn'],
    has: [{ type: 'turn', seat: 'green' }],
    next: 'green roll',
  },
  {
    name: '§2 the last seat clockwise passes the turn back to the first',
    setup: game('online', { blue: [10] }, { seats: ALL4, firstSeat: 'blue' }),
    actions: rm('blue', 3, 0),
    planes: { blue: fleet(13) },
    events: ['rolled', 'moved', 'turn'],
    next: 'red roll',
  },
  {
    name: '§2 no legal move: the turn passes, also on a 6',
    setup: game('appfree', { red: [56, 56, 56, 53] }),
    actions: [roll('red', 6)],
    planes: { red: fleet(56, 56, 56, 53) },
    events: ['rolled', 'no-move', 'turn'],
    has: [{ type: 'no-move', seat: 'red', value: 6 }],
    next: 'yellow roll',
  },
  {
    name: '§2 the turn passes to the next seat that is still playing (green is out)',
    setup: game('online', { red: [10], green: [20] }, { seats: ALL4 }),
    actions: [{ type: 'escape', seat: 'green' }, ...rm('red', 3, 0)],
    planes: { red: fleet(13), green: fleet() },
    events: ['out', 'rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§9.1 turn order is clockwise (red → green → yellow → blue) whatever order the setup lists',
    setup: { preset: 'online', seats: ['blue', 'red', 'yellow', 'green'] },
    actions: idle(['red', 'green', 'yellow', 'blue'], 4),
    planes: { red: fleet(), blue: fleet() },
    events: idleEvents(4),
    has: (['green', 'yellow', 'blue', 'red'] as const).map((seat) => ({ type: 'turn', seat })),
    next: 'red roll',
  },
  {
    name: '§9.1 any two colours may play: red and green (not opposite)',
    setup: { preset: 'traditional', seats: ['green', 'red'] },
    actions: idle(['red'], 1),
    planes: { red: fleet(), green: fleet() },
    events: idleEvents(1),
    next: 'green roll',
  },
  {
    name: '§9.1 three players red, yellow, blue: yellow follows red, blue follows yellow',
    setup: { preset: 'improved', seats: ['yellow', 'blue', 'red'] },
    actions: idle(['red', 'yellow'], 2),
    planes: { red: fleet(), yellow: fleet(), blue: fleet() },
    events: idleEvents(2),
    has: [
      { type: 'turn', seat: 'yellow' },
      { type: 'turn', seat: 'blue' },
    ],
    next: 'blue roll',
  },
  ...extraSixRows,
  {
    name: '§2.1 plyyard: a capture earns an extra roll',
    setup: game('plyyard', { red: [20], yellow: [Y(23)] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(23), yellow: fleet() },
    events: ['rolled', 'moved', 'captured', 'extra-roll'],
    has: [{ type: 'extra-roll', reason: 'capture' }],
    next: 'red roll',
  },
  {
    name: '§2.1 plyyard: an arrival earns an extra roll',
    setup: game('plyyard', { red: [53, 10] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(56, 10) },
    events: ['rolled', 'moved', 'arrived', 'extra-roll'],
    has: [{ type: 'extra-roll', reason: 'arrival' }],
    next: 'red roll',
  },
  {
    name: '§2.1 a 5 used for take-off never earns an extra roll, even a capturing one (house rules)',
    setup: game('plyyard', { yellow: [Y(1)] }, { options: { takeoff: [5, 6], safeSquares: false } }),
    actions: rm('red', 5, 0),
    planes: { red: fleet(1), yellow: fleet() },
    events: ['rolled', 'moved', 'captured', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§2.1 online: a capture with a 3 earns no extra roll',
    setup: game('online', { red: [20], yellow: [Y(23)] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(23), yellow: fleet() },
    events: ['rolled', 'moved', 'captured', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§2.1 traditional: an arrival earns no extra roll',
    setup: game('traditional', { red: [53, 10] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(56, 10) },
    events: ['rolled', 'moved', 'arrived', 'turn'],
    next: 'yellow roll',
  },
  ...threeSixRows,
  {
    name: '§9.3 any other roll resets the count (plyyard: 6, a capturing 3, 6, 6 — no penalty)',
    setup: game('plyyard', { red: [1], yellow: [Y(10)] }),
    actions: [...rm('red', 6, 0), ...rm('red', 3, 0), ...rm('red', 6, 0), ...rm('red', 6, 0)],
    planes: { red: fleet(22), yellow: fleet() },
    events: [...sixMoved, 'rolled', 'moved', 'captured', 'extra-roll', ...sixMoved, ...sixMoved],
    next: 'red roll',
  },
  {
    name: '§9.3 after the reset, the third uninterrupted 6 is void (plyyard)',
    setup: game('plyyard', { red: [1], yellow: [Y(10)] }),
    actions: [...rm('red', 6, 0), ...rm('red', 3, 0), ...rm('red', 6, 0), ...rm('red', 6, 0), roll('red', 6)],
    planes: { red: fleet(22), yellow: fleet() },
    events: [...sixMoved, 'rolled', 'moved', 'captured', 'extra-roll', ...sixMoved, ...sixMoved, 'rolled', 'three-sixes', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§9.3 sixes of an earlier turn do not count (wango-classic: 6, 6, 3 | yellow | 6 is moved)',
    setup: game('wango-classic', { red: [1] }),
    actions: [...rm('red', 6, 0), ...rm('red', 6, 0), ...rm('red', 3, 0), roll('yellow', 2), ...rm('red', 6, 0)],
    planes: { red: fleet(26) },
    events: [...sixMoved, ...sixMoved, 'rolled', 'moved', 'turn', ...idleEvents(1), ...sixMoved],
    next: 'red roll',
  },
  {
    name: '§9.3 a 6 earns its extra roll even when the moving plane is sent home (landing on a stack)',
    setup: game('online', { red: [17], yellow: [Y(23), Y(23)] }),
    actions: rm('red', 6, 0),
    planes: { red: fleet(), yellow: fleet() },
    events: ['rolled', 'moved', 'captured', 'extra-roll'],
    has: [{ type: 'extra-roll', reason: 'six' }],
    next: 'red roll',
  },
  {
    name: '§9.4 last-moved-home sends the most recently moved plane home even if that move made it arrive',
    setup: game('appfree', { red: [3, 50] }),
    actions: [...rm('red', 6, 0), ...rm('red', 6, 1), roll('red', 6)],
    planes: { red: fleet(9) },
    events: [...sixMoved, 'rolled', 'moved', 'arrived', 'extra-roll', 'rolled', 'three-sixes', 'turn'],
    has: [{ type: 'three-sixes', sentHome: [{ colour: 'red', plane: 1 }] }],
    next: 'yellow roll',
  },
  {
    name: '§9.10 the engine waits for a move even when only one move is legal',
    setup: game('online', { red: [10] }),
    actions: [roll('red', 3)],
    planes: { red: fleet(10) },
    events: ['rolled'],
    next: 'red move',
  },
  ...winRows,
  {
    name: '§9.14 the last plane arriving on a 6 ends the game: no extra roll',
    setup: game('online', { red: [56, 56, 56, 50] }),
    actions: rm('red', 6, 3),
    planes: { red: fleet(56, 56, 56, 56) },
    events: ['rolled', 'moved', 'arrived', 'game-over'],
    next: 'over: red',
  },
  {
    name: "§5 team mode: one member's last plane wins the game for the team",
    setup: game('traditional', { red: [56, 56, 56, 54], green: [56, 56, 56] }, { seats: ALL4, teams: true }),
    actions: rm('red', 2, 3),
    planes: { red: fleet(56, 56, 56, 56), green: fleet(56, 56, 56) },
    events: ['rolled', 'moved', 'arrived', 'game-over'],
    has: [{ type: 'game-over', result: { winner: 'red', winners: ['red', 'yellow'], reason: 'finish' } }],
    next: 'over: red',
  },
  {
    name: '§5 free-for-all: arriving planes of other players do not end the game until one player has all',
    setup: game('online', { red: [56, 56, 56, 10], green: [56, 56, 56, 54] }, { seats: ['red', 'green', 'yellow'] }),
    actions: [...rm('red', 3, 3), ...rm('green', 1, 3)],
    planes: { red: fleet(56, 56, 56, 13), green: fleet(56, 56, 56, 55) },
    events: ['rolled', 'moved', 'turn', 'rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
];

describe('turns: order, extra rolls, three sixes, end of game', () => {
  test.each(ROWS)('$name', runRow);
});
