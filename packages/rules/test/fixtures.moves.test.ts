import { PRESETS, PRESET_NAMES } from '../src';
import { H, type Row, afterMove, fleet, fleetFor, game, rm, roll, runRow } from './helpers';

/** RULES.md §3 (take-off, advance, finish), §3.1 jump, §3.2 chain; crossings and captures: fixtures.captures.test.ts. */

const takeoffRows = PRESET_NAMES.flatMap((preset): Row[] => {
  const { takeoff, takeoffTo } = PRESETS[preset];
  const to = takeoffTo === 'entry' ? 1 : 0;
  const five: Row = takeoff.includes(5)
    ? {
        name: `§3 take-off (${preset}): a 5 moves a hangar plane to the launch square, no extra roll`,
        setup: game(preset),
        actions: rm('red', 5, 0),
        planes: { red: fleetFor(preset, 0) },
        events: ['rolled', 'moved', 'turn'],
        next: 'yellow roll',
      }
    : {
        name: `§3 take-off (${preset}): a 5 cannot take off, the turn passes`,
        setup: game(preset),
        actions: [roll('red', 5)],
        planes: { red: fleetFor(preset) },
        events: ['rolled', 'no-move', 'turn'],
        next: 'yellow roll',
      };
  const six: Row = {
    name: `§3 take-off (${preset}): a 6 moves a hangar plane to p=${to} and stops there`,
    setup: game(preset),
    actions: rm('red', 6, 1),
    planes: { red: fleetFor(preset, H, to) },
    events: ['rolled', 'moved', 'extra-roll'],
    has: [{ type: 'moved', route: { from: H, segments: [{ kind: 'takeoff', to }], final: to } }],
    next: 'red roll',
  };
  return [five, six];
});

const finishRows = PRESET_NAMES.flatMap((preset): Row[] => {
  const { finish, extraRollOnArrival } = PRESETS[preset];
  const exactly: Row = {
    name: `§3 finish (${preset}): at 54 a 2 lands exactly on 56 and arrives`,
    setup: game(preset, { red: [54] }),
    actions: rm('red', 2, 0),
    planes: { red: fleetFor(preset, 56) },
    events: ['rolled', 'moved', 'arrived', ...afterMove(extraRollOnArrival)],
    next: extraRollOnArrival ? 'red roll' : 'yellow roll',
  };
  const past: Row =
    finish === 'bounce'
      ? {
          name: `§3 finish bounce (${preset}): at 54, roll 4 → 56 then back 2 → 54 (seed 003)`,
          setup: game(preset, { red: [54] }),
          actions: rm('red', 4, 0),
          planes: { red: fleetFor(preset, 54) },
          events: ['rolled', 'moved', 'turn'],
          has: [{ type: 'moved', route: { segments: [{ kind: 'dice', path: [55, 56, 55, 54], bounce: 2 }], final: 54, arrived: false } }],
          next: 'yellow roll',
        }
      : finish === 'exact'
        ? {
            name: `§3 finish exact (${preset}): at 54 a 4 would pass 56 and is illegal`,
            setup: game(preset, { red: [54] }),
            actions: [roll('red', 4)],
            planes: { red: fleetFor(preset, 54) },
            events: ['rolled', 'no-move', 'turn'],
            next: 'yellow roll',
          }
        : {
            name: `§3 finish overshoot (${preset}): at 54 a 4 passes 56 and arrives`,
            setup: game(preset, { red: [54] }),
            actions: rm('red', 4, 0),
            planes: { red: fleetFor(preset, 56) },
            events: ['rolled', 'moved', 'arrived', 'turn'],
            next: 'yellow roll',
          };
  return [exactly, past];
});

/** Where a plane ends after the dice lands on `at` (14 or 18 or 6), preset by preset (§3.1, §3.2). */
const specialRows = PRESET_NAMES.flatMap((preset): Row[] => {
  const { jump, flight, special } = PRESETS[preset];
  const single = special === 'single';
  const cases: readonly [from: number, final: number, what: string][] = [
    [3, jump ? 10 : 6, jump ? 'dice on own colour 6 jumps 4 to 10' : 'no jump: dice on own colour 6 stays'],
    [
      15,
      !flight ? 18 : single ? 30 : 34,
      !flight
        ? 'no flight: dice on 18 stays'
        : single
          ? 'single: dice on 18 flies to 30 and stops'
          : 'chain: dice on 18 flies to 30, jumps to 34, stops',
    ],
    [
      11,
      !jump ? 14 : single ? 18 : 30,
      !jump
        ? 'no jump: dice on 14 stays'
        : single
          ? 'single: dice on 14 jumps to 18 and stops'
          : 'chain: dice on 14 jumps to 18, flies to 30, stops',
    ],
  ];
  return cases.map(([from, final, what]) => ({
    name: `§3.1/§3.2 (${preset}): ${what}`,
    setup: game(preset, { red: [from] }),
    actions: rm('red', 3, 0),
    planes: { red: fleetFor(preset, final) },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  }));
});

/** One yellow plane on its crossing square p=53 while red flies 18 → 30 (§3.3); plyyard has no flight. */

const ROWS: readonly Row[] = [
  ...takeoffRows,
  {
    name: '§3 take-off: a take-off roll may instead move a plane already out',
    setup: game('online', { red: [10] }),
    actions: rm('red', 6, 0),
    planes: { red: fleet(16) },
    events: ['rolled', 'moved', 'extra-roll'],
    next: 'red roll',
  },
  {
    name: '§3 take-off: with every plane in the hangar a 4 has no legal move',
    setup: game('online'),
    actions: [roll('red', 4)],
    planes: { red: fleet() },
    events: ['rolled', 'no-move', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§3 advance: from the launch square a 4 reaches p=4',
    setup: game('online', { red: [0] }),
    actions: rm('red', 4, 0),
    planes: { red: fleet(4) },
    events: ['rolled', 'moved', 'turn'],
    has: [{ type: 'moved', route: { segments: [{ kind: 'dice', from: 0, to: 4, path: [1, 2, 3, 4] }] } }],
    next: 'yellow roll',
  },
  {
    name: '§3 advance: a plane leaves the ring at the turn-in square 50 for its lane (48 + 5 → 53)',
    setup: game('online', { red: [48] }),
    actions: rm('red', 5, 0),
    planes: { red: fleet(53) },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  ...finishRows,
  {
    name: '§3 finish bounce: at 51, roll 6 → 56 then back 1 → 55',
    setup: game('traditional', { red: [51] }),
    actions: rm('red', 6, 0),
    planes: { red: fleet(55) },
    events: ['rolled', 'moved', 'extra-roll'],
    has: [{ type: 'moved', route: { segments: [{ kind: 'dice', path: [52, 53, 54, 55, 56, 55], bounce: 1 }], final: 55 } }],
    next: 'red roll',
  },
  {
    name: '§3 finish exact (appfree): a plane that would pass 56 is skipped, another plane moves',
    setup: game('appfree', { red: [54, 9] }),
    actions: rm('red', 4, 1),
    planes: { red: fleet(54, 13) },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  ...specialRows,
  {
    name: '§3.1 jump: the turn-in square p=50 never jumps (47 + 3)',
    setup: game('online', { red: [47] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(50) },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§3.1 jump: a jump from 46 lands on the turn-in square 50 and goes no further',
    setup: game('online', { red: [43] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(50) },
    events: ['rolled', 'moved', 'turn'],
    has: [
      {
        type: 'moved',
        route: {
          segments: [
            { kind: 'dice', to: 46 },
            { kind: 'jump', from: 46, to: 50 },
          ],
          final: 50,
        },
      },
    ],
    next: 'yellow roll',
  },
  {
    name: '§3.1 jump: passing over an own-colour square gives no jump (4 + 3 → 7)',
    setup: game('online', { red: [4] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(7) },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§3.2 chain: never two jumps — dice on 30 jumps once to 34',
    setup: game('online', { red: [27] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(34) },
    events: ['rolled', 'moved', 'turn'],
    has: [
      {
        type: 'moved',
        route: {
          segments: [
            { kind: 'dice', to: 30 },
            { kind: 'jump', from: 30, to: 34 },
          ],
        },
      },
    ],
    next: 'yellow roll',
  },
  {
    name: '§3.2 chain: the route of dice on 18 is dice, flight, jump',
    setup: game('online', { red: [15] }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(34) },
    events: ['rolled', 'moved', 'turn'],
    has: [
      {
        type: 'moved',
        route: {
          segments: [
            { kind: 'dice', to: 18 },
            { kind: 'flight', from: 18, to: 30, crossing: null },
            { kind: 'jump', from: 30, to: 34 },
          ],
          final: 34,
        },
      },
    ],
    next: 'yellow roll',
  },
];

describe('moving: take-off, advance, finish, jump, flight', () => {
  test.each(ROWS)('$name', runRow);
});
