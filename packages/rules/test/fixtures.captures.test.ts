import { PRESETS, PRESET_NAMES } from '../src';
import { ALL4, H, type Row, afterMove, blueAt, fleet, fleetFor, game, greenAt, rm, runRow, yellowAt } from './helpers';

/** RULES.md §3.3 crossing, §4 meeting planes (captures, stacks, own planes), §9.5 captures in route order. */

const crossingRows = PRESET_NAMES.filter((p) => PRESETS[p].flight).map((preset): Row => {
  const { crossing, special } = PRESETS[preset];
  const final = special === 'single' ? 30 : 34;
  return {
    name: crossing
      ? `§3.3 crossing (${preset}): one opponent plane on the crossing goes home, the flight continues`
      : `§3.3 crossing (${preset}): no crossing rule, the plane on the crossing stays`,
    setup: game(preset, { red: [15], yellow: [53] }),
    actions: rm('red', 3, 0),
    planes: { red: fleetFor(preset, final), yellow: crossing ? fleetFor(preset) : fleetFor(preset, 53) },
    events: crossing ? ['rolled', 'moved', 'captured', 'turn'] : ['rolled', 'moved', 'turn'],
    has: crossing
      ? [
          {
            type: 'captured',
            seat: 'red',
            capture: { segment: 'crossing', square: { colour: 'yellow', progress: 53 }, victims: [{ colour: 'yellow', plane: 0 }] },
          },
        ]
      : [],
    next: 'yellow roll',
  };
});

/** Two yellow planes on the crossing: block stops the flight on 18, pass sends both home, none ignores them. */
const crossingStackRows = PRESET_NAMES.filter((p) => PRESETS[p].flight).map((preset): Row => {
  const { crossing, stacks, special } = PRESETS[preset];
  const flown = special === 'single' ? 30 : 34;
  const blocked = crossing && stacks === 'block';
  const rule = !crossing
    ? 'no crossing rule, the stack stays'
    : blocked
      ? 'block: the flight is not taken, the plane stays on 18'
      : 'pass: the whole stack goes home, the flight continues';
  return {
    name: `§3.3 crossing stack (${preset}): ${rule}`,
    setup: game(preset, { red: [15], yellow: [53, 53] }),
    actions: rm('red', 3, 0),
    planes: { red: fleetFor(preset, blocked ? 18 : flown), yellow: crossing && !blocked ? fleetFor(preset) : fleetFor(preset, 53, 53) },
    events: crossing && !blocked ? ['rolled', 'moved', 'captured', 'turn'] : ['rolled', 'moved', 'turn'],
    has: blocked
      ? [
          {
            type: 'moved',
            route: {
              segments: [
                { kind: 'dice', to: 18 },
                { kind: 'blocked', special: 'flight', at: 18, by: { colour: 'yellow', progress: 53 } },
              ],
            },
          },
        ]
      : [],
    next: 'yellow roll',
  };
});

/** A single yellow plane where red's dice lands: captured everywhere; plyyard grants an extra roll for it. */
const captureRows = PRESET_NAMES.map((preset): Row => {
  const { extraRollOnCapture } = PRESETS[preset];
  return {
    name: `§4 capture (${preset}): landing on a single opponent plane sends it home`,
    setup: game(preset, { red: [20], yellow: [yellowAt(23)] }),
    actions: rm('red', 3, 0),
    planes: { red: fleetFor(preset, 23), yellow: fleetFor(preset) },
    events: ['rolled', 'moved', 'captured', ...afterMove(extraRollOnCapture)],
    has: [
      {
        type: 'captured',
        capture: {
          segment: 'dice',
          square: { colour: 'red', progress: 23 },
          victims: [{ colour: 'yellow', plane: 0 }],
          moverSentHome: false,
        },
      },
    ],
    next: extraRollOnCapture ? 'red roll' : 'yellow roll',
  };
});

/** A yellow plane on a star (ring 8, red's p=9): safe only with `safeSquares` (plyyard). */
const starRows = PRESET_NAMES.map((preset): Row => {
  const { safeSquares, extraRollOnCapture } = PRESETS[preset];
  return {
    name: safeSquares
      ? `§1/§4 safe squares (${preset}): landing on an opponent on a star captures nothing, they share it`
      : `§1/§4 safe squares (${preset}): no safe squares, an opponent on a star is captured`,
    setup: game(preset, { red: [5], yellow: [yellowAt(9)] }),
    actions: rm('red', 4, 0),
    planes: { red: fleetFor(preset, 9), yellow: safeSquares ? fleetFor(preset, yellowAt(9)) : fleetFor(preset) },
    events: safeSquares ? ['rolled', 'moved', 'turn'] : ['rolled', 'moved', 'captured', ...afterMove(extraRollOnCapture)],
    next: extraRollOnCapture && !safeSquares ? 'red roll' : 'yellow roll',
  };
});

const ROWS: readonly Row[] = [
  ...crossingRows,
  ...crossingStackRows,
  {
    name: '§3.3 crossing: after a jump onto 18 the flight still captures on the crossing',
    setup: game('online', { red: [11], yellow: [53] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(30), yellow: fleet() },
    events: ['rolled', 'moved', 'captured', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§3.3 crossing block: after a jump onto 18 a stack on the crossing keeps the plane on 18',
    setup: game('traditional', { red: [11], yellow: [53, 53] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(18), yellow: fleet(53, 53) },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§3.3 crossing: a team-mate on the crossing is ignored',
    setup: game('online', { red: [15], yellow: [53] }, { seats: ALL4, teams: true }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(34), yellow: fleet(53) },
    events: ['rolled', 'moved', 'turn'],
    next: 'green roll',
  },
  {
    name: '§3.3 crossing: a team-mate stack on the crossing does not block',
    setup: game('online', { red: [15], yellow: [53, 53] }, { seats: ALL4, teams: true }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(34), yellow: fleet(53, 53) },
    events: ['rolled', 'moved', 'turn'],
    next: 'green roll',
  },
  {
    name: "§3.3 crossing: only the opposite colour's lane is crossed (green on its own 53 stays)",
    setup: game('online', { red: [15], green: [53] }, { seats: ALL4 }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(34), green: fleet(53) },
    events: ['rolled', 'moved', 'turn'],
    next: 'green roll',
  },
  {
    name: '§3.3/§4 lane: an opponent elsewhere in the crossed lane (52) is not captured',
    setup: game('online', { red: [15], yellow: [52] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(34), yellow: fleet(52) },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§3.3/§9.5 crossing block: the dice landing on 18 captures, the blocked flight captures nothing at 30',
    setup: game('online', { red: [15], yellow: [53, 53], green: [greenAt(18), greenAt(30)] }, { seats: ALL4 }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(18), yellow: fleet(53, 53), green: fleet(H, greenAt(30)) },
    events: ['rolled', 'moved', 'captured', 'turn'],
    has: [{ type: 'captured', capture: { segment: 'dice', victims: [{ colour: 'green', plane: 0 }] } }],
    next: 'green roll',
  },
  ...captureRows,
  {
    name: '§4 passing over an opponent captures nothing',
    setup: game('online', { red: [20], yellow: [yellowAt(22)] }),
    actions: rm('red', 4, 0),
    planes: { red: fleet(24), yellow: fleet(yellowAt(22)) },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§4 own planes on one square simply share it',
    setup: game('wango-classic', { red: [20, 23] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(23, 23) },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: "§4 team mode: a team-mate's plane is not captured, they share the square",
    setup: game('online', { red: [20], yellow: [yellowAt(23)] }, { seats: ALL4, teams: true }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(23), yellow: fleet(yellowAt(23)) },
    events: ['rolled', 'moved', 'turn'],
    next: 'green roll',
  },
  {
    name: "§4 launch square: a plane on its launch square cannot be captured (landing on yellow's entry takes only the plane there)",
    setup: game('online', { red: [24], yellow: [0, 1] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(27), yellow: fleet(0) },
    events: ['rolled', 'moved', 'captured', 'turn'],
    has: [{ type: 'captured', capture: { victims: [{ colour: 'yellow', plane: 1 }] } }],
    next: 'yellow roll',
  },
  {
    name: '§4 stacks none / §9.8: planes of two opponents on the landing square all go home',
    setup: game('wango-classic', { red: [20], green: [greenAt(23)], blue: [blueAt(23)] }, { seats: ALL4 }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(23), green: fleet(), blue: fleet() },
    events: ['rolled', 'moved', 'captured', 'turn'],
    has: [
      {
        type: 'captured',
        capture: {
          victims: [
            { colour: 'green', plane: 0 },
            { colour: 'blue', plane: 0 },
          ],
          moverSentHome: false,
        },
      },
    ],
    next: 'green roll',
  },
  ...starRows,
  {
    name: "§1/§4 plyyard: an entry square is safe (landing on yellow's entry)",
    setup: game('plyyard', { red: [24], yellow: [1, 1] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(27), yellow: fleet(1, 1) },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: "§1/§3 plyyard: taking off onto red's entry square shares it with an opponent there",
    setup: game('plyyard', { yellow: [yellowAt(1)] }),
    actions: rm('red', 6, 0),
    planes: { red: fleet(1), yellow: fleet(yellowAt(1)) },
    events: ['rolled', 'moved', 'extra-roll'],
    next: 'red roll',
  },
  {
    name: '§9.5 captures at each segment end, in order: the dice landing on 6, then the jump landing on 10',
    setup: game('online', { red: [3], green: [greenAt(6)], blue: [blueAt(10)] }, { seats: ALL4 }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(10), green: fleet(), blue: fleet() },
    events: ['rolled', 'moved', 'captured', 'captured', 'turn'],
    has: [
      { type: 'captured', capture: { segment: 'dice', square: { progress: 6 }, victims: [{ colour: 'green', plane: 0 }] } },
      { type: 'captured', capture: { segment: 'jump', square: { progress: 10 }, victims: [{ colour: 'blue', plane: 0 }] } },
    ],
    next: 'green roll',
  },
  {
    name: '§9.5 captures at the dice (18), flight (30) and jump (34) landings, in order; the move goes on',
    setup: game('online', { red: [15], green: [greenAt(18)], blue: [blueAt(30)], yellow: [yellowAt(34)] }, { seats: ALL4 }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(34), green: fleet(), blue: fleet(), yellow: fleet() },
    events: ['rolled', 'moved', 'captured', 'captured', 'captured', 'turn'],
    has: [
      { type: 'captured', capture: { segment: 'dice', victims: [{ colour: 'green', plane: 0 }] } },
      { type: 'captured', capture: { segment: 'flight', victims: [{ colour: 'blue', plane: 0 }] } },
      { type: 'captured', capture: { segment: 'jump', victims: [{ colour: 'yellow', plane: 0 }] } },
    ],
    next: 'green roll',
  },
];

describe('moving: crossing, captures, meeting planes', () => {
  test.each(ROWS)('$name', runRow);
});
