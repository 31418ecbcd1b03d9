import { type GameSetup, type PresetName, type RulesConfig, PRESETS, PRESET_NAMES, createGame } from '../src';
import { H, type Row, fleet, game, rm, roll, runRow, yellowAt } from './helpers';

/** RULES.md §0 (presets at a glance), house rules, bad setups, §2.2 and §9.2 (who starts), §9.12. */

type Column = Readonly<Record<PresetName, unknown>>;
const same = (value: unknown, except: Partial<Column> = {}): Column =>
  ({ ...Object.fromEntries(PRESET_NAMES.map((p) => [p, value])), ...except }) as Column;

/** The §0 table transcribed column by column; `of` reads the same option from a preset's config. */
const TABLE: readonly { name: string; of: (c: RulesConfig) => unknown; want: Column }[] = [
  {
    name: '§0 planes per player: 4; wango-quick 3 (1 starts on launch)',
    of: (c) => [c.planes, c.startOnLaunch],
    want: same([4, 0], { 'wango-quick': [3, 1] }),
  },
  {
    name: '§0 players: 2–4; plyyard 2 (red, yellow)',
    of: (c) => [c.minPlayers, c.maxPlayers, c.colours],
    want: same([2, 4, ['red', 'green', 'yellow', 'blue']], { plyyard: [2, 2, ['red', 'yellow']] }),
  },
  {
    name: '§0 takeoff rolls: 5, 6 in online and improved, else 6; plyyard to the entry square',
    of: (c) => [c.takeoff, c.takeoffTo],
    want: same([[6], 'launch'], { online: [[5, 6], 'launch'], improved: [[5, 6], 'launch'], plyyard: [[6], 'entry'] }),
  },
  {
    name: '§0 extra roll on: 6; plyyard also capture and arrival',
    of: (c) => [c.extraRollOnCapture, c.extraRollOnArrival],
    want: same([false, false], { plyyard: [true, true] }),
  },
  {
    name: '§0 threeSixes: none / none / all-home / last-moved-home / void / void / void',
    of: (c) => c.threeSixes,
    want: same('void', { online: 'none', traditional: 'none', improved: 'all-home', appfree: 'last-moved-home' }),
  },
  {
    name: '§0 jump / flight: yes / yes; plyyard no / no',
    of: (c) => [c.jump, c.flight],
    want: same([true, true], { plyyard: [false, false] }),
  },
  {
    name: '§0 special: chain; appfree single; plyyard —',
    of: (c) => (c.jump || c.flight ? c.special : '—'),
    want: same('chain', { appfree: 'single', plyyard: '—' }),
  },
  {
    name: '§0 crossing: online, traditional, improved only',
    of: (c) => c.crossing,
    want: same(false, { online: true, traditional: true, improved: true }),
  },
  {
    name: '§0 stacks: block / block / pass / none …',
    of: (c) => c.stacks,
    want: same('none', { online: 'block', traditional: 'block', improved: 'pass' }),
  },
  {
    name: '§0 finish: bounce; improved overshoot; appfree and plyyard exact',
    of: (c) => c.finish,
    want: same('bounce', { improved: 'overshoot', appfree: 'exact', plyyard: 'exact' }),
  },
  { name: '§0 safe squares: plyyard only (entries + stars)', of: (c) => c.safeSquares, want: same(false, { plyyard: true }) },
  {
    name: '§0 teams allowed: online, traditional, improved',
    of: (c) => c.teamsAllowed,
    want: same(false, { online: true, traditional: true, improved: true }),
  },
  { name: '§0 first seat: random; plyyard red', of: (c) => c.firstSeat, want: same('random', { plyyard: 'red' }) },
  { name: '§0 draw by agreement: plyyard only', of: (c) => c.drawByAgreement, want: same(false, { plyyard: true }) },
  { name: 'reading 19: seats that left play on in no preset (a casual house rule)', of: (c) => c.leftSeatsPlayOn, want: same(false) },
];

describe('§0 presets at a glance', () => {
  test.each(TABLE)('$name', ({ of, want }) => {
    expect(Object.fromEntries(PRESET_NAMES.map((p) => [p, of(PRESETS[p])]))).toEqual(want);
  });
});

const ROWS: readonly Row[] = [
  {
    name: '§9.12 wango-quick: every seat starts with 3 planes, plane 0 on the launch square',
    setup: { preset: 'wango-quick', seats: ['red', 'yellow'] },
    actions: [],
    planes: { red: [0, H, H], yellow: [0, H, H] },
    events: [],
    next: 'red roll',
  },
  {
    name: '§9.12 wango-quick: the plane on the launch square moves with any roll',
    setup: { preset: 'wango-quick', seats: ['red', 'yellow'] },
    actions: rm('red', 3, 0),
    planes: { red: [3, H, H], yellow: [0, H, H] },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§9.2 no firstSeat: red starts when seated',
    setup: { preset: 'online', seats: ['yellow', 'red'] },
    actions: [],
    planes: { red: fleet(), yellow: fleet() },
    events: [],
    next: 'red roll',
  },
  {
    name: '§9.2 no firstSeat, red not seated: the first seated colour clockwise from red starts',
    setup: { preset: 'online', seats: ['blue', 'green'] },
    actions: [],
    planes: { green: fleet(), blue: fleet() },
    events: [],
    next: 'green roll',
  },
  {
    name: '§9.2 no firstSeat, yellow and blue: yellow starts',
    setup: { preset: 'traditional', seats: ['blue', 'yellow'] },
    actions: [],
    planes: { yellow: fleet(), blue: fleet() },
    events: [],
    next: 'yellow roll',
  },
  {
    name: '§2.2 / §9.2 a given firstSeat is honoured (online)',
    setup: { preset: 'online', seats: ['red', 'green', 'yellow', 'blue'], firstSeat: 'blue' },
    actions: [],
    planes: { blue: fleet() },
    events: [],
    next: 'blue roll',
  },
  {
    name: '§2.2 plyyard: red starts',
    setup: { preset: 'plyyard', seats: ['yellow', 'red'] },
    actions: [],
    planes: { red: fleet(), yellow: fleet() },
    events: [],
    next: 'red roll',
  },
  {
    name: '§9.2 firstSeat is honoured in plyyard too',
    setup: game('plyyard', {}, { firstSeat: 'yellow' }),
    actions: [],
    planes: { red: fleet(), yellow: fleet() },
    events: [],
    next: 'yellow roll',
  },
  {
    name: '§0 house rule: online with takeoff [6] — a 5 no longer takes off',
    setup: game('online', {}, { options: { takeoff: [6] } }),
    actions: [roll('red', 5)],
    planes: { red: fleet() },
    events: ['rolled', 'no-move', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§0 house rule: traditional with takeoff [5, 6] — a 5 takes off',
    setup: game('traditional', {}, { options: { takeoff: [5, 6] } }),
    actions: rm('red', 5, 2),
    planes: { red: fleet(H, H, 0) },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§0 house rule: online with finish exact — at 54 a 4 cannot move',
    setup: game('online', { red: [54] }, { options: { finish: 'exact' } }),
    actions: [roll('red', 4)],
    planes: { red: fleet(54) },
    events: ['rolled', 'no-move', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§0 house rule: online with flight and crossing off — dice on 18 jumps to 22',
    setup: game('online', { red: [15] }, { options: { flight: false, crossing: false } }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(22) },
    events: ['rolled', 'moved', 'turn'],
    next: 'yellow roll',
  },
  {
    name: '§0 house rule: online with extraRollOnCapture — a capture earns an extra roll',
    setup: game('online', { red: [20], yellow: [yellowAt(23)] }, { options: { extraRollOnCapture: true } }),
    actions: rm('red', 3, 0),
    planes: { red: fleet(23), yellow: fleet() },
    events: ['rolled', 'moved', 'captured', 'extra-roll'],
    has: [{ type: 'extra-roll', seat: 'red', reason: 'capture' }],
    next: 'red roll',
  },
  {
    name: '§0 house rule: online with planes 2 — two planes each',
    setup: { preset: 'online', seats: ['red', 'yellow'], options: { planes: 2 } },
    actions: rm('red', 6, 1),
    planes: { red: [H, 0], yellow: [H, H] },
    events: ['rolled', 'moved', 'extra-roll'],
    next: 'red roll',
  },
];

describe('setups and house rules', () => {
  test.each(ROWS)('$name', runRow);
});

describe('§0 house rules: rejected options', () => {
  const REJECTED: readonly { name: string; preset: PresetName; options: unknown }[] = [
    { name: 'unknown key', preset: 'online', options: { teleport: true } },
    { name: 'options not an object (array)', preset: 'online', options: [] },
    { name: 'options not an object (null)', preset: 'online', options: null },
    { name: 'planes out of range (5)', preset: 'online', options: { planes: 5 } },
    { name: 'planes out of range (0)', preset: 'wango-quick', options: { planes: 0 } },
    { name: 'planes not an integer', preset: 'online', options: { planes: 2.5 } },
    { name: 'takeoff roll out of range (7)', preset: 'online', options: { takeoff: [7] } },
    { name: 'takeoff empty', preset: 'online', options: { takeoff: [] } },
    { name: 'takeoff repeated', preset: 'online', options: { takeoff: [6, 6] } },
    { name: 'threeSixes unknown value', preset: 'online', options: { threeSixes: 'some' } },
    { name: 'stacks unknown value', preset: 'online', options: { stacks: 'wall' } },
    { name: 'jump not a boolean', preset: 'online', options: { jump: 'yes' } },
    { name: 'resignAfterRolls negative', preset: 'online', options: { resignAfterRolls: -1 } },
    { name: 'leftSeatsPlayOn not a boolean (string)', preset: 'online', options: { leftSeatsPlayOn: 'yes' } },
    { name: 'leftSeatsPlayOn not a boolean (1)', preset: 'online', options: { leftSeatsPlayOn: 1 } },
    { name: 'leftSeatsPlayOn not a boolean (null)', preset: 'online', options: { leftSeatsPlayOn: null } },
    { name: 'startOnLaunch out of range', preset: 'online', options: { startOnLaunch: 5 } },
    { name: 'contradiction: crossing without flight (online, flight off)', preset: 'online', options: { flight: false } },
    { name: 'contradiction: crossing without flight (plyyard, crossing on)', preset: 'plyyard', options: { crossing: true } },
    { name: 'contradiction: more planes on launch than planes', preset: 'wango-quick', options: { planes: 2, startOnLaunch: 3 } },
    { name: 'contradiction: draw by agreement with up to 4 players', preset: 'online', options: { drawByAgreement: true } },
  ];
  test.each(REJECTED)('§0 house rules: $name → ERR_BAD_OPTIONS', ({ preset, options }) => {
    const created = createGame({ preset, seats: ['red', 'yellow'], options: options as GameSetup['options'] });
    expect(created.ok ? 'ok' : created.error.code).toBe('ERR_BAD_OPTIONS');
  });

  test('§0 house rules: a valid override changes only that option', () => {
    const created = createGame({ preset: 'online', seats: ['red', 'yellow'], options: { finish: 'exact' } });
    expect(created.ok && created.value.config).toEqual({ ...PRESETS.online, finish: 'exact' });
  });

  test.each([true, false])('reading 19: leftSeatsPlayOn %p is taken as given', (value) => {
    const created = createGame({ preset: 'wango-quick', seats: ['red', 'yellow'], options: { leftSeatsPlayOn: value } });
    expect(created.ok && created.value.config).toEqual({ ...PRESETS['wango-quick'], leftSeatsPlayOn: value });
    expect(created.ok && created.value.left).toEqual({});
  });
});

describe('bad setups → ERR_BAD_SETUP', () => {
  const BAD: readonly { name: string; setup: unknown }[] = [
    { name: 'setup not an object', setup: null },
    { name: 'unknown preset', setup: { preset: 'ludo', seats: ['red', 'yellow'] } },
    { name: 'seats not a list', setup: { preset: 'online', seats: 'red' } },
    { name: 'unknown colour', setup: { preset: 'online', seats: ['red', 'purple'] } },
    { name: 'a colour seated twice', setup: { preset: 'online', seats: ['red', 'red'] } },
    { name: 'one player (§0 players 2–4)', setup: { preset: 'online', seats: ['red'] } },
    { name: 'plyyard with three players (§0)', setup: { preset: 'plyyard', seats: ['red', 'green', 'yellow'] } },
    { name: 'plyyard with green (§0, §9.1)', setup: { preset: 'plyyard', seats: ['red', 'green'] } },
    { name: 'teams in appfree (§0 teams allowed)', setup: { preset: 'appfree', seats: ['red', 'green', 'yellow', 'blue'], teams: true } },
    { name: 'teams with three seats (§7 team mode needs 4)', setup: { preset: 'online', seats: ['red', 'green', 'yellow'], teams: true } },
    { name: 'teams not a boolean', setup: { preset: 'online', seats: ['red', 'yellow'], teams: 'yes' } },
    { name: 'firstSeat not seated', setup: { preset: 'online', seats: ['red', 'yellow'], firstSeat: 'green' } },
    { name: 'firstSeat not a colour', setup: { preset: 'online', seats: ['red', 'yellow'], firstSeat: 'purple' } },
    { name: 'planes for an unseated colour', setup: { preset: 'online', seats: ['red', 'yellow'], planes: { green: fleet() } } },
    { name: 'planes: wrong count', setup: { preset: 'online', seats: ['red', 'yellow'], planes: { red: [H, H, H] } } },
    { name: 'planes: wrong count for wango-quick', setup: { preset: 'wango-quick', seats: ['red', 'yellow'], planes: { red: fleet() } } },
    { name: 'planes: position past the finish', setup: { preset: 'online', seats: ['red', 'yellow'], planes: { red: fleet(57) } } },
    { name: 'planes: negative position', setup: { preset: 'online', seats: ['red', 'yellow'], planes: { red: fleet(-1) } } },
    { name: 'planes: fractional position', setup: { preset: 'online', seats: ['red', 'yellow'], planes: { red: fleet(2.5) } } },
    {
      name: 'planes: unknown word for a position',
      setup: { preset: 'online', seats: ['red', 'yellow'], planes: { red: ['launch', H, H, H] } },
    },
    { name: 'planes not an object', setup: { preset: 'online', seats: ['red', 'yellow'], planes: 4 } },
  ];
  test.each(BAD)('$name', ({ setup }) => {
    const created = createGame(setup as GameSetup);
    expect(created.ok ? 'ok' : created.error.code).toBe('ERR_BAD_SETUP');
  });
});
