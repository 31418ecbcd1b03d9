import { type Action, type GameSetup, legalMoves, planePositions } from '../src';
import { ALL4, H, blueAt, game, greenAt as G, like, move, play, rm, roll, yellowAt as Y } from './helpers';

/** RULES.md §6 route preview data, and §9.9 / §9.11 legalMoves. */

const dice = (from: number, to: number, path: number[], more: object = {}) => ({
  kind: 'dice',
  from,
  to,
  path,
  bounce: 0,
  walkBack: 0,
  sixStop: false,
  ...more,
});

interface RouteRow {
  readonly name: string;
  readonly setup: GameSetup;
  /** Actions up to and including the roll whose moves are previewed. */
  readonly before: readonly Action[];
  readonly plane: number;
  /** The expected route (deep partial: objects on the keys given, arrays in full). */
  readonly route: object;
}

const ROUTES: readonly RouteRow[] = [
  {
    name: '§6 take-off: a takeoff segment from the hangar to the launch square',
    setup: game('online'),
    before: [roll('red', 5)],
    plane: 0,
    route: {
      colour: 'red',
      plane: 0,
      roll: 5,
      from: H,
      segments: [{ kind: 'takeoff', from: H, to: 0 }],
      captures: [],
      final: 0,
      arrived: false,
      sixStop: false,
    },
  },
  {
    name: '§6 take-off (plyyard): the takeoff segment ends on the entry square',
    setup: game('plyyard'),
    before: [roll('red', 6)],
    plane: 2,
    route: { segments: [{ kind: 'takeoff', from: H, to: 1 }], final: 1 },
  },
  {
    name: '§6 dice: every square stepped on, in order',
    setup: game('online', { red: [10] }),
    before: [roll('red', 3)],
    plane: 0,
    route: { from: 10, segments: [dice(10, 13, [11, 12, 13])], captures: [], final: 13 },
  },
  {
    name: '§6 jump: a jump segment after the dice',
    setup: game('online', { red: [3] }),
    before: [roll('red', 3)],
    plane: 0,
    route: { segments: [dice(3, 6, [4, 5, 6]), { kind: 'jump', from: 6, to: 10 }], final: 10 },
  },
  {
    name: '§6 flight: dice, flight (no crossing), jump',
    setup: game('online', { red: [15] }),
    before: [roll('red', 3)],
    plane: 0,
    route: {
      segments: [dice(15, 18, [16, 17, 18]), { kind: 'flight', from: 18, to: 30, crossing: null }, { kind: 'jump', from: 30, to: 34 }],
      final: 34,
    },
  },
  {
    name: '§6 flight over the crossing: the crossing square and its capture with victims',
    setup: game('online', { red: [15], yellow: [53] }),
    before: [roll('red', 3)],
    plane: 0,
    route: {
      segments: [
        dice(15, 18, [16, 17, 18]),
        { kind: 'flight', from: 18, to: 30, crossing: { colour: 'yellow', progress: 53 } },
        { kind: 'jump', from: 30, to: 34 },
      ],
      captures: [
        {
          segment: 'crossing',
          square: { colour: 'yellow', progress: 53 },
          victims: [{ colour: 'yellow', plane: 0 }],
          moverSentHome: false,
        },
      ],
      final: 34,
    },
  },
  {
    name: '§6 blocked flight: a blocked segment names the stack on the crossing',
    setup: game('online', { red: [15], yellow: [53, 53] }),
    before: [roll('red', 3)],
    plane: 0,
    route: {
      segments: [dice(15, 18, [16, 17, 18]), { kind: 'blocked', special: 'flight', at: 18, by: { colour: 'yellow', progress: 53 } }],
      captures: [],
      final: 18,
    },
  },
  {
    name: '§6 blocked jump: a blocked segment names the stack in the way',
    setup: game('online', { red: [3], yellow: [Y(8), Y(8)] }),
    before: [roll('red', 3)],
    plane: 0,
    route: { segments: [dice(3, 6, [4, 5, 6]), { kind: 'blocked', special: 'jump', at: 6, by: { colour: 'red', progress: 8 } }], final: 6 },
  },
  {
    name: '§6 bounce: shown as steps to the finish and back (seed 003: 54, roll 4)',
    setup: game('wango-classic', { red: [54] }),
    before: [roll('red', 4)],
    plane: 0,
    route: { segments: [dice(54, 54, [55, 56, 55, 54], { bounce: 2 })], final: 54, arrived: false },
  },
  {
    name: '§6 overshoot (improved): the dice stops on the finish and arrives',
    setup: game('improved', { red: [54] }),
    before: [roll('red', 4)],
    plane: 0,
    route: { segments: [dice(54, 56, [55, 56])], final: 56, arrived: true },
  },
  {
    name: '§6 walk-back: shown as steps to the stack and back',
    setup: game('online', { red: [20], yellow: [Y(22), Y(22)] }),
    before: [roll('red', 5)],
    plane: 0,
    route: { segments: [dice(20, 19, [21, 22, 21, 20, 19], { walkBack: 3 })], captures: [], final: 19 },
  },
  {
    name: '§6 six-stop: flagged on the dice segment and on the route, no capture',
    setup: game('online', { red: [20], yellow: [Y(22), Y(22)] }),
    before: [roll('red', 6)],
    plane: 0,
    route: { segments: [dice(20, 22, [21, 22], { sixStop: true })], captures: [], final: 22, sixStop: true },
  },
  {
    name: '§6 capture: the dice landing with its square and victims {colour, plane}',
    setup: game('online', { red: [20], green: [H, G(23)] }, { seats: ALL4 }),
    before: [roll('red', 3)],
    plane: 0,
    route: {
      captures: [
        { segment: 'dice', square: { colour: 'red', progress: 23 }, victims: [{ colour: 'green', plane: 1 }], moverSentHome: false },
      ],
      final: 23,
    },
  },
  {
    name: "§6 / §9.11 the mover sent home: moverSentHome and final 'hangar'",
    setup: game('online', { red: [20], yellow: [Y(23), Y(23)] }),
    before: [roll('red', 3)],
    plane: 0,
    route: {
      segments: [dice(20, 23, [21, 22, 23])],
      captures: [
        {
          segment: 'dice',
          victims: [
            { colour: 'yellow', plane: 0 },
            { colour: 'yellow', plane: 1 },
          ],
          moverSentHome: true,
        },
      ],
      final: H,
      arrived: false,
    },
  },
  {
    name: '§6 captures of several segments are listed in order (dice, flight, jump)',
    setup: game('online', { red: [15], green: [G(18)], blue: [blueAt(30)], yellow: [Y(34)] }, { seats: ALL4 }),
    before: [roll('red', 3)],
    plane: 0,
    route: {
      captures: [
        { segment: 'dice', square: { progress: 18 }, victims: [{ colour: 'green', plane: 0 }] },
        { segment: 'flight', square: { progress: 30 }, victims: [{ colour: 'blue', plane: 0 }] },
        { segment: 'jump', square: { progress: 34 }, victims: [{ colour: 'yellow', plane: 0 }] },
      ],
      final: 34,
    },
  },
];

describe('§6 route preview', () => {
  test.each(ROUTES)('$name', ({ setup, before, plane, route }) => {
    const { state } = play(setup, ...before);
    const preview = legalMoves(state).find((m) => m.plane === plane);
    expect(preview?.route).toEqual(like(route));
    // The move is resolved by the same route: the event carries it and the plane ends on its final square.
    const { state: after, events } = play(state, move(state.current, plane));
    expect(events.find((e) => e.type === 'moved')).toEqual({ type: 'moved', seat: state.current, plane, route: preview!.route });
    expect(planePositions(after)[state.current]![plane]).toBe(preview!.route.final);
  });
});

interface MovesRow {
  readonly name: string;
  readonly setup: GameSetup;
  readonly before: readonly Action[];
  /** The planes legalMoves lists, in order. */
  readonly planes: readonly number[];
}

const six = game('online', { red: [20], yellow: [Y(22), Y(22)] });

const MOVES: readonly MovesRow[] = [
  { name: '§9.11 legalMoves is empty in the roll phase', setup: game('online', { red: [10] }), before: [], planes: [] },
  { name: '§9.11 legalMoves is empty once the turn has passed', setup: game('online', { red: [10] }), before: rm('red', 3, 0), planes: [] },
  {
    name: '§9.11 legalMoves is empty after the game is over',
    setup: game('online', { red: [56, 56, 56, 54] }),
    before: rm('red', 2, 3),
    planes: [],
  },
  {
    name: '§9.11 one entry per plane: four identical take-offs from the hangar are four entries',
    setup: game('online'),
    before: [roll('red', 6)],
    planes: [0, 1, 2, 3],
  },
  {
    name: '§9.11 wango-quick: the launched plane and two identical take-offs',
    setup: { preset: 'wango-quick', seats: ['red', 'yellow'] },
    before: [roll('red', 6)],
    planes: [0, 1, 2],
  },
  {
    name: '§9.11 planes that cannot move are left out (arrived, hangar on a 3)',
    setup: game('online', { red: [56, 10] }),
    before: [roll('red', 3)],
    planes: [1],
  },
  {
    name: '§9.11 a take-off roll lists the planes out and every hangar plane',
    setup: game('traditional', { red: [10, 56] }),
    before: [roll('red', 6)],
    planes: [0, 2, 3],
  },
  {
    name: '§9.9 after a six-stop only the stopped plane is listed',
    setup: game('online', { red: [20, 10], yellow: [Y(22), Y(22)] }),
    before: [...rm('red', 6, 0), roll('red', 3)],
    planes: [0],
  },
  {
    name: '§9.9 after a six-stop an extra 6 lists only the stopped plane (no take-off)',
    setup: six,
    before: [...rm('red', 6, 0), roll('red', 6)],
    planes: [0],
  },
];

describe('§9.11 legalMoves', () => {
  test.each(MOVES)('$name', ({ setup, before, planes }) => {
    expect(legalMoves(play(setup, ...before).state).map((m) => m.plane)).toEqual(planes);
  });
});
