import { PRESETS, PRESET_NAMES, type PresetName } from '../src';
import { ALL4, H, type Row, blueAt as B, fleet, fleetFor, game, greenAt as G, move, rm, roll, runRow, yellowAt as Y } from './helpers';

/** RULES.md §4 (stacks none), §4.1 stacks block / pass, §9.6 walk-backs, §9.7, §9.8, §9.9 six-stops. */

type Rule = 'block' | 'pass' | 'none';
const ruleOf = (preset: PresetName): Rule => PRESETS[preset].stacks;

/** A yellow stack on red's p=23; red lands on it from 20 with a 3. */
const landingRows = PRESET_NAMES.map((preset): Row => {
  const rule = ruleOf(preset);
  const { extraRollOnCapture } = PRESETS[preset];
  const blocked = rule === 'block';
  return {
    name: blocked
      ? `§4.1 block (${preset}): the dice lands exactly on a stack — the mover and the whole stack go home`
      : `§4.1 ${rule} (${preset}): the dice lands on a stack — the whole stack goes home, the mover stays`,
    setup: game(preset, { red: [20], yellow: [Y(23), Y(23)] }),
    actions: rm('red', 3, 0),
    planes: { red: fleetFor(preset, blocked ? H : 23), yellow: fleetFor(preset) },
    events: ['rolled', 'moved', 'captured', extraRollOnCapture ? 'extra-roll' : 'turn'],
    has: [
      { type: 'moved', route: { final: blocked ? H : 23 } },
      {
        type: 'captured',
        capture: {
          segment: 'dice',
          victims: [
            { colour: 'yellow', plane: 0 },
            { colour: 'yellow', plane: 1 },
          ],
          moverSentHome: blocked,
        },
      },
    ],
    next: extraRollOnCapture ? 'red roll' : 'yellow roll',
  };
});

/** A yellow stack on red's p=22, two squares ahead of red's 20. */
const pastRows = PRESET_NAMES.flatMap((preset): Row[] => {
  const rule = ruleOf(preset);
  const { jump } = PRESETS[preset];
  const blocked = rule === 'block';
  const stack = { red: [20], yellow: [Y(22), Y(22)] };
  const five: Row = {
    name: blocked
      ? `§4.1 block (${preset}): roll 5 past a stack at distance 2 walks back 3, one behind the start`
      : `§4.1 ${rule} (${preset}): roll 5 passes over a stack`,
    setup: game(preset, stack),
    actions: rm('red', 5, 0),
    planes: { red: fleetFor(preset, blocked ? 19 : 25), yellow: fleetFor(preset, Y(22), Y(22)) },
    events: ['rolled', 'moved', 'turn'],
    has: blocked
      ? [
          {
            type: 'moved',
            route: { segments: [{ kind: 'dice', from: 20, to: 19, path: [21, 22, 21, 20, 19], walkBack: 3, sixStop: false }] },
          },
        ]
      : [],
    next: 'yellow roll',
  };
  const six: Row = {
    name: blocked
      ? `§4.1 block (${preset}): roll 6 past a stack stops on it — no capture, no jump (§9.6)`
      : `§4.1 ${rule} (${preset}): roll 6 passes over a stack (26${jump ? ', jump to 30' : ''})`,
    setup: game(preset, stack),
    actions: rm('red', 6, 0),
    planes: { red: fleetFor(preset, blocked ? 22 : jump ? 30 : 26), yellow: fleetFor(preset, Y(22), Y(22)) },
    events: ['rolled', 'moved', 'extra-roll'],
    has: blocked
      ? [{ type: 'moved', route: { segments: [{ kind: 'dice', to: 22, path: [21, 22], sixStop: true }], sixStop: true, captures: [] } }]
      : [],
    next: 'red roll',
  };
  return [five, six];
});

/** Jumps 6 → 10 with a yellow stack on 8 (passed) or on 10 (landed on). */
const jumpRows = PRESET_NAMES.flatMap((preset): Row[] => {
  const rule = ruleOf(preset);
  const { jump } = PRESETS[preset];
  const blocked = rule === 'block';
  const passed: Row = {
    name: !jump
      ? `§4.1 (${preset}): no jumps, a stack beyond the landing square is irrelevant`
      : blocked
        ? `§4.1 block (${preset}): a jump whose 4 squares would pass a stack is not taken`
        : `§4.1 ${rule} (${preset}): a jump passes over a stack`,
    setup: game(preset, { red: [3], yellow: [Y(8), Y(8)] }),
    actions: rm('red', 3, 0),
    planes: { red: fleetFor(preset, jump && !blocked ? 10 : 6), yellow: fleetFor(preset, Y(8), Y(8)) },
    events: ['rolled', 'moved', 'turn'],
    has: blocked
      ? [
          {
            type: 'moved',
            route: {
              segments: [
                { kind: 'dice', to: 6 },
                { kind: 'blocked', special: 'jump', at: 6, by: { colour: 'red', progress: 8 } },
              ],
              final: 6,
            },
          },
        ]
      : [],
    next: 'yellow roll',
  };
  const landed: Row = {
    name: !jump
      ? `§4.1 (${preset}): no jumps, a stack on the next own-colour square stays`
      : blocked
        ? `§4.1 block / §9.7 (${preset}): a jump landing exactly on a stack sends the stack and the jumper home`
        : `§4.1 ${rule} (${preset}): a jump landing on a stack sends the stack home`,
    setup: game(preset, { red: [3], yellow: [Y(10), Y(10)] }),
    actions: rm('red', 3, 0),
    planes: { red: fleetFor(preset, !jump ? 6 : blocked ? H : 10), yellow: jump ? fleetFor(preset) : fleetFor(preset, Y(10), Y(10)) },
    events: jump ? ['rolled', 'moved', 'captured', 'turn'] : ['rolled', 'moved', 'turn'],
    has: jump ? [{ type: 'captured', capture: { segment: 'jump', moverSentHome: blocked } }] : [],
    next: 'yellow roll',
  };
  return [passed, landed];
});

/** A flight 18 → 30 landing on a yellow stack on red's 30 (§9.7). */
const flightLandingRows = PRESET_NAMES.map((preset): Row => {
  const { flight, special } = PRESETS[preset];
  const blocked = ruleOf(preset) === 'block';
  const final = !flight ? 18 : blocked ? H : special === 'single' ? 30 : 34;
  return {
    name: !flight
      ? `§9.7 (${preset}): no flight, a stack on 30 stays`
      : blocked
        ? `§9.7 block (${preset}): a flight landing exactly on a stack sends the stack and the plane home, no jump follows`
        : `§9.7 ${ruleOf(preset)} (${preset}): a flight landing on a stack sends the stack home and goes on`,
    setup: game(preset, { red: [15], yellow: [Y(30), Y(30)] }),
    actions: rm('red', 3, 0),
    planes: { red: fleetFor(preset, final), yellow: flight ? fleetFor(preset) : fleetFor(preset, Y(30), Y(30)) },
    events: flight ? ['rolled', 'moved', 'captured', 'turn'] : ['rolled', 'moved', 'turn'],
    has: flight
      ? [{ type: 'captured', capture: { segment: 'flight', square: { colour: 'red', progress: 30 }, moverSentHome: blocked } }]
      : [],
    next: 'yellow roll',
  };
});

const ROWS: readonly Row[] = [
  ...landingRows,
  ...pastRows,
  ...jumpRows,
  ...flightLandingRows,
  {
    name: '§4.1 block: a walk-back never goes behind the launch square (from 0, stack on 2, roll 5 → 0)',
    setup: game('online', { red: [0], yellow: [Y(2), Y(2)] }),
    actions: rm('red', 5, 0),
    planes: { red: fleet(0), yellow: fleet(Y(2), Y(2)) },
    events: ['rolled', 'moved', 'turn'],
    has: [{ type: 'moved', route: { segments: [{ kind: 'dice', from: 0, to: 0, path: [1, 2, 1, 0], walkBack: 2 }], final: 0 } }],
    next: 'yellow roll',
  },
  {
    name: "§4.1 block: a 6 from the launch square stops on a stack on the mover's entry square",
    setup: game('traditional', { red: [0], yellow: [Y(1), Y(1)] }),
    actions: rm('red', 6, 0),
    planes: { red: fleet(1), yellow: fleet(Y(1), Y(1)) },
    events: ['rolled', 'moved', 'extra-roll'],
    next: 'red roll',
  },
  {
    name: '§4.1 block: a stack on the turn-in square keeps a plane out of its lane (48, roll 4 → 50 → back to 48)',
    setup: game('online', { red: [48], green: [G(50), G(50)] }, { seats: ['red', 'green'] }),
    actions: rm('red', 4, 0),
    planes: { red: fleet(48), green: fleet(G(50), G(50)) },
    events: ['rolled', 'moved', 'turn'],
    has: [{ type: 'moved', route: { segments: [{ kind: 'dice', path: [49, 50, 49, 48], walkBack: 2 }] } }],
    next: 'green roll',
  },
  {
    name: '§4.1 block / §9.6: a walk-back ending on a single opponent captures it',
    setup: game('online', { red: [20], yellow: [Y(22), Y(22)], green: [G(19)] }, { seats: ALL4 }),
    actions: rm('red', 5, 0),
    planes: { red: fleet(19), yellow: fleet(Y(22), Y(22)), green: fleet() },
    events: ['rolled', 'moved', 'captured', 'turn'],
    has: [
      {
        type: 'captured',
        capture: { segment: 'dice', square: { progress: 19 }, victims: [{ colour: 'green', plane: 0 }], moverSentHome: false },
      },
    ],
    next: 'green roll',
  },
  {
    name: '§9.6 a walk-back ending on an opponent stack sends the mover and that stack home',
    setup: game('online', { red: [20], yellow: [Y(22), Y(22)], green: [G(19), G(19)] }, { seats: ALL4 }),
    actions: rm('red', 5, 0),
    planes: { red: fleet(), yellow: fleet(Y(22), Y(22)), green: fleet() },
    events: ['rolled', 'moved', 'captured', 'turn'],
    has: [
      {
        type: 'captured',
        capture: {
          victims: [
            { colour: 'green', plane: 0 },
            { colour: 'green', plane: 1 },
          ],
          moverSentHome: true,
        },
      },
    ],
    next: 'green roll',
  },
  {
    name: "§9.6 walk-backs are never blocked: walking back over another stack (on the mover's own square)",
    setup: game('online', { red: [20], yellow: [Y(22), Y(22)], green: [G(20), G(20)] }, { seats: ALL4 }),
    actions: rm('red', 5, 0),
    planes: { red: fleet(19), yellow: fleet(Y(22), Y(22)), green: fleet(G(20), G(20)) },
    events: ['rolled', 'moved', 'turn'],
    next: 'green roll',
  },
  {
    name: '§9.6 a walk-back ends the move: walking back onto the flight square 18 takes no flight',
    setup: game('online', { red: [20], yellow: [Y(21), Y(21)] }),
    actions: rm('red', 4, 0),
    planes: { red: fleet(18), yellow: fleet(Y(21), Y(21)) },
    events: ['rolled', 'moved', 'turn'],
    has: [{ type: 'moved', route: { segments: [{ kind: 'dice', to: 18, walkBack: 3 }], final: 18 } }],
    next: 'yellow roll',
  },
  {
    name: '§4.1 block / §9.9: after a six-stop the stopped plane moves on the extra roll',
    setup: game('online', { red: [20, 10], yellow: [Y(22), Y(22)] }),
    actions: [...rm('red', 6, 0), ...rm('red', 3, 0)],
    planes: { red: fleet(25, 10), yellow: fleet(Y(22), Y(22)) },
    events: ['rolled', 'moved', 'extra-roll', 'rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§9.9 after a six-stop an extra 6 still moves only the stopped plane (no take-off)',
    setup: game('online', { red: [20], yellow: [Y(22), Y(22)] }),
    actions: [...rm('red', 6, 0), ...rm('red', 6, 0)],
    planes: { red: fleet(28), yellow: fleet(Y(22), Y(22)) },
    events: ['rolled', 'moved', 'extra-roll', 'rolled', 'moved', 'extra-roll'],
    next: 'red roll',
  },
  {
    name: '§9.9 the six-stop restriction lasts one roll: on the roll after, a take-off is legal again',
    setup: game('online', { red: [20], yellow: [Y(22), Y(22)] }),
    actions: [...rm('red', 6, 0), ...rm('red', 6, 0), roll('red', 6), move('red', 1)],
    planes: { red: fleet(28, 0), yellow: fleet(Y(22), Y(22)) },
    events: ['rolled', 'moved', 'extra-roll', 'rolled', 'moved', 'extra-roll', 'rolled', 'moved', 'extra-roll'],
    next: 'red roll',
  },
  {
    name: '§9.7 a flight never passes ring squares: a stack between 18 and 30 does not stop it',
    setup: game('online', { red: [15], green: [G(24), G(24)] }, { seats: ['red', 'green'] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(34), green: fleet(G(24), G(24)) },
    events: ['rolled', 'moved', 'turn'],
    next: 'green roll',
  },
  {
    name: '§4.1 block, chain: a stack in the way of the jump after the flight keeps the plane on 30',
    setup: game('online', { red: [15], yellow: [Y(32), Y(32)] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(30), yellow: fleet(Y(32), Y(32)) },
    events: ['rolled', 'moved', 'turn'],
    has: [
      {
        type: 'moved',
        route: { segments: [{ kind: 'dice' }, { kind: 'flight' }, { kind: 'blocked', special: 'jump', at: 30 }], final: 30 },
      },
    ],
    next: 'yellow roll',
  },
  {
    name: '§4.1 block, chain: a stack in the way of the jump from 14 keeps the plane on 14 — no flight',
    setup: game('traditional', { red: [11], yellow: [Y(16), Y(16)] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(14), yellow: fleet(Y(16), Y(16)) },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§9.8 block: several opponents on the landing square, one of them a stack — all go home, the mover too',
    setup: game('online', { red: [20], green: [G(23)], yellow: [Y(23), Y(23)] }, { seats: ALL4 }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(), green: fleet(), yellow: fleet() },
    events: ['rolled', 'moved', 'captured', 'turn'],
    has: [
      {
        type: 'captured',
        capture: {
          victims: [
            { colour: 'green', plane: 0 },
            { colour: 'yellow', plane: 0 },
            { colour: 'yellow', plane: 1 },
          ],
          moverSentHome: true,
        },
      },
    ],
    next: 'green roll',
  },
  {
    name: '§9.8 block: single planes of several opponents on the landing square all go home, the mover stays',
    setup: game('online', { red: [20], green: [G(23)], yellow: [Y(23)] }, { seats: ALL4 }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(23), green: fleet(), yellow: fleet() },
    events: ['rolled', 'moved', 'captured', 'turn'],
    has: [
      {
        type: 'captured',
        capture: {
          victims: [
            { colour: 'green', plane: 0 },
            { colour: 'yellow', plane: 0 },
          ],
          moverSentHome: false,
        },
      },
    ],
    next: 'green roll',
  },
  {
    name: '§4.1 block, free-for-all: single planes of two different opponents are not a stack and can be passed',
    setup: game('online', { red: [20], green: [G(22)], blue: [B(22)] }, { seats: ALL4 }),
    actions: rm('red', 5, 0),
    planes: { red: fleet(25), green: fleet(G(22)), blue: fleet(B(22)) },
    events: ['rolled', 'moved', 'turn'],
    next: 'green roll',
  },
  {
    name: '§4.1 block, team mode: one green and one blue plane form a team stack that blocks red',
    setup: game('online', { red: [20], green: [G(22)], blue: [B(22)] }, { seats: ALL4, teams: true }),
    actions: rm('red', 5, 0),
    planes: { red: fleet(19), green: fleet(G(22)), blue: fleet(B(22)) },
    events: ['rolled', 'moved', 'turn'],
    next: 'green roll',
  },
  {
    name: '§4.1 block, team mode: landing on a team stack sends the mover and both team planes home',
    setup: game('online', { red: [20], green: [G(23)], blue: [B(23)] }, { seats: ALL4, teams: true }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(), green: fleet(), blue: fleet() },
    events: ['rolled', 'moved', 'captured', 'turn'],
    has: [{ type: 'captured', capture: { moverSentHome: true } }],
    next: 'green roll',
  },
  {
    name: "§4.1 block: a player's own stack never blocks its owner",
    setup: game('online', { red: [20, 22, 22] }),
    actions: rm('red', 5, 0),
    planes: { red: fleet(25, 22, 22) },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: "§4.1 block, team mode: a team-mate's stack does not block",
    setup: game('online', { red: [20], yellow: [Y(22), Y(22)] }, { seats: ALL4, teams: true }),
    actions: rm('red', 5, 0),
    planes: { red: fleet(25), yellow: fleet(Y(22), Y(22)) },
    events: ['rolled', 'moved', 'turn'],
    next: 'green roll',
  },
];

describe('stacks: block, pass, none', () => {
  test.each(ROWS)('$name', runRow);
});
