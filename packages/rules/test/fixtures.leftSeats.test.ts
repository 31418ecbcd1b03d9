import { type Action, type BySeat, type Colour, type GameSetup, applyAction, nextSteps, ratingPlaces, replayGame } from '../src';
import {
  ALL4,
  type ErrorRow,
  type ScoreRow,
  greenOnRed50,
  redCapturesThenWins,
  runScoreRow,
  H,
  type Row,
  act,
  answer,
  create,
  fleet,
  game,
  greenAt,
  idle,
  idleEvents,
  play,
  rm,
  roll,
  runErrorRow,
  runRow,
  sq,
} from './helpers';

/**
 * The house rule `leftSeatsPlayOn` (casual tables; README, reading 19): a seat whose person resigns,
 * escapes or forfeits stays on the board and plays on while two sides or more still stand, scored as
 * out from that moment; the leaving that leaves one side standing ends the game as §7 says.
 */

const ON = { leftSeatsPlayOn: true } as const;
const RGY: readonly Colour[] = ['red', 'green', 'yellow'];
/** A casual `online` table: red and yellow unless `extra.seats` says otherwise, red first, resigning allowed at once. */
const casual = (planes: BySeat<readonly (number | typeof H)[]> = {}, extra: Partial<GameSetup> = {}): GameSetup =>
  game('online', planes, { ...extra, options: { ...ON, resignAfterRolls: 0, ...extra.options } });
const casualTeams = (planes: BySeat<readonly (number | typeof H)[]> = {}): GameSetup => casual(planes, { seats: ALL4, teams: true });

const ROWS: readonly Row[] = [
  {
    name: '3 players, escape: the planes stay, the seat keeps its turns and rolls and moves them',
    setup: casual({ green: [20, 56] }, { seats: RGY }),
    actions: [act('escape', 'green'), roll('red', 1), ...rm('green', 3, 0)],
    planes: { green: fleet(23, 56) },
    events: ['out', 'rolled', 'no-move', 'turn', 'rolled', 'moved', 'turn'],
    has: [
      { type: 'out', seat: 'green', reason: 'escape', playsOn: true },
      { type: 'turn', seat: 'green' },
      { type: 'moved', seat: 'green', plane: 0 },
      { type: 'turn', seat: 'yellow' },
    ],
    next: 'yellow roll',
    then: (state) => {
      expect(state.left).toEqual({ green: { reason: 'escape', arrived: 1, atRoll: 0, collisions: { sent: 0, lost: 0 } } });
      expect(state.out).toEqual({});
    },
  },
  {
    name: '4 players, forfeit of the seat to move: the turn is not passed, it rolls and moves on',
    setup: casual({ red: [20] }, { seats: ALL4 }),
    actions: [act('forfeit', 'red'), ...rm('red', 3, 0)],
    planes: { red: fleet(23) },
    events: ['out', 'rolled', 'moved', 'turn'],
    has: [{ type: 'out', seat: 'red', reason: 'forfeit', playsOn: true }],
    next: 'green roll',
  },
  {
    name: '4 players, leaving between roll and move: the seat keeps its roll and moves it',
    setup: casual({ red: [20] }, { seats: ALL4 }),
    actions: [roll('red', 3), act('escape', 'red')],
    planes: { red: fleet(20) },
    events: ['rolled', 'out'],
    next: 'red move',
    then: (state) => {
      expect(state.roll).toBe(3);
      expect(state.left.red).toEqual({ reason: 'escape', arrived: 0, atRoll: 1, collisions: { sent: 0, lost: 0 } });
    },
  },
  {
    name: '3 players, resign: the seat that plays on can still be captured',
    setup: casual({ red: [20], green: [greenAt(23)] }, { seats: RGY }),
    actions: [act('resign', 'green'), ...rm('red', 3, 0)],
    planes: { red: fleet(23), green: fleet() },
    events: ['out', 'rolled', 'moved', 'captured', 'turn'],
    has: [{ type: 'captured', seat: 'red', capture: { victims: [{ colour: 'green', plane: 0 }] } }],
    next: 'green roll',
  },
  {
    name: '4 players: the game ends by leaving only when one standing seat is left — the last leaver is out, planes off',
    setup: casual({ red: [20], green: [56, 56, 56, 30], yellow: [30], blue: [56, 56, 40] }, { seats: ALL4 }),
    actions: [act('escape', 'green'), act('resign', 'blue'), act('forfeit', 'yellow')],
    planes: { red: fleet(20), green: fleet(56, 56, 56, 30), yellow: fleet(), blue: fleet(56, 56, 40) },
    events: ['out', 'out', 'out', 'game-over'],
    has: [
      { type: 'out', seat: 'green', reason: 'escape', playsOn: true },
      { type: 'out', seat: 'blue', reason: 'resign', playsOn: true },
      { type: 'out', seat: 'yellow', reason: 'forfeit' },
      // Red has the fewest planes home, but it is the only seat whose person is still in the game.
      { type: 'game-over', result: { winner: 'red', winners: ['red'], reason: 'forfeit' } },
    ],
    next: 'over: red',
    then: (state, events) => {
      expect(events.filter((e) => e.type === 'out').map((e) => 'playsOn' in e)).toEqual([true, true, false]);
      expect(Object.keys(state.left).sort()).toEqual(['blue', 'green']);
      expect(state.out).toEqual({ yellow: { reason: 'forfeit', arrived: 0, atRoll: 0 } });
    },
  },
  {
    name: 'two players: leaving ends the game at once, as without the option',
    setup: casual({ red: [20], yellow: [56, 30] }),
    actions: [act('escape', 'yellow')],
    planes: { yellow: fleet(56) },
    events: ['out', 'game-over'],
    has: [
      { type: 'out', seat: 'yellow', reason: 'escape' },
      { type: 'game-over', result: { winner: 'red', reason: 'escape' } },
    ],
    next: 'over: red',
    then: (state) => expect(state.left).toEqual({}),
  },
  {
    name: 'option off: the seat is out, its planes leave the board, the turn passes (§7, reading 2)',
    setup: game('online', { red: [20], green: [56, 30] }, { seats: RGY, options: { leftSeatsPlayOn: false } }),
    actions: [act('escape', 'red'), roll('green', 1)],
    planes: { red: fleet(), green: fleet(56, 30) },
    events: ['out', 'turn', 'rolled'],
    has: [{ type: 'turn', seat: 'green' }],
    next: 'green move',
    then: (state, events) => {
      expect(events[0]).toEqual({ type: 'out', seat: 'red', reason: 'escape' });
      expect(state.left).toEqual({});
      expect(state.out.red).toEqual({ reason: 'escape', arrived: 0, atRoll: 0 });
    },
  },
  {
    name: 'team mode: one member left, the other plays on — both members still take their turns',
    setup: casualTeams({ red: [20] }),
    actions: [act('escape', 'red'), ...rm('red', 3, 0), ...idle(['green', 'yellow', 'blue'], 3)],
    planes: { red: fleet(23) },
    events: ['out', 'rolled', 'moved', 'turn', ...idleEvents(3)],
    has: [
      { type: 'out', seat: 'red', reason: 'escape', playsOn: true },
      { type: 'turn', seat: 'green' },
      { type: 'turn', seat: 'yellow' },
      { type: 'turn', seat: 'blue' },
      { type: 'turn', seat: 'red' },
    ],
    next: 'red roll',
  },
  {
    name: 'team mode: one member of each team left — two sides still stand, all four seats play on',
    setup: casualTeams(),
    actions: [act('escape', 'red'), act('forfeit', 'green'), ...idle(ALL4, 4)],
    planes: {},
    events: ['out', 'out', ...idleEvents(4)],
    next: 'red roll',
    then: (state) => expect(Object.keys(state.left).sort()).toEqual(['green', 'red']),
  },
  {
    name: "team mode: the left seat's team-mate leaves too — that team is gone, the other wins (§7)",
    setup: casualTeams({ red: [56, 30], yellow: [56, 56, 30] }),
    actions: [act('escape', 'red'), act('escape', 'yellow')],
    planes: { red: fleet(56, 30), yellow: fleet(56, 56) },
    events: ['out', 'out', 'game-over'],
    has: [
      { type: 'out', seat: 'red', reason: 'escape', playsOn: true },
      { type: 'out', seat: 'yellow', reason: 'escape' },
      { type: 'game-over', result: { winner: 'green', winners: ['green', 'blue'], reason: 'escape' } },
    ],
    next: 'over: green',
  },
  {
    name: 'team mode: a resigner whose team-mate left resigns at once, without asking',
    setup: casualTeams(),
    actions: [act('escape', 'yellow'), act('resign', 'red')],
    planes: {},
    events: ['out', 'out', 'game-over'],
    has: [{ type: 'game-over', result: { winner: 'green', winners: ['green', 'blue'], reason: 'resign' } }],
    next: 'over: green',
  },
  {
    name: "team mode: a pending resignation dies when the asker's team-mate leaves to play on",
    setup: casualTeams(),
    actions: [act('resign', 'red'), act('escape', 'yellow')],
    planes: {},
    events: ['resign-requested', 'out'],
    next: 'red roll',
    then: (state) => expect(state.pendingResign).toBeNull(),
  },
];

describe('leftSeatsPlayOn: a seat whose person left plays on', () => {
  test.each(ROWS)('$name', runRow);
});

/** Green, in a 3-seat casual game, has escaped and plays on. */
const greenLeft = { setup: casual({}, { seats: RGY }), before: [act('escape', 'green')] };
const ERRORS: readonly ErrorRow[] = [
  { name: 'a seat playing on cannot resign', ...greenLeft, action: act('resign', 'green'), code: 'ERR_NOT_ALLOWED' },
  { name: 'a seat playing on cannot escape again', ...greenLeft, action: act('escape', 'green'), code: 'ERR_NOT_ALLOWED' },
  { name: 'a seat playing on cannot forfeit', ...greenLeft, action: act('forfeit', 'green'), code: 'ERR_NOT_ALLOWED' },
  { name: 'a seat playing on cannot offer a draw', ...greenLeft, action: act('offer-draw', 'green'), code: 'ERR_NOT_ALLOWED' },
  { name: 'a seat playing on cannot answer a draw', ...greenLeft, action: answer('answer-draw', 'green', true), code: 'ERR_NOT_ALLOWED' },
  {
    name: 'a seat playing on cannot answer a resignation',
    setup: casualTeams(),
    before: [act('escape', 'yellow')],
    action: answer('answer-resign', 'yellow', true),
    code: 'ERR_NOT_ALLOWED',
  },
  { name: 'a seat playing on still waits for its turn', ...greenLeft, action: roll('green', 6), code: 'ERR_NOT_YOUR_TURN' },
  {
    name: 'the leaving that left one standing seat ended the game',
    setup: casual({}, { seats: RGY }),
    before: [act('escape', 'green'), act('escape', 'yellow')],
    action: act('resign', 'green'),
    code: 'ERR_GAME_OVER',
  },
];

describe('leftSeatsPlayOn: refused actions', () => {
  test.each(ERRORS)('$name → $code', runErrorRow);

  test('the refusal says why', () => {
    const applied = applyAction(play(greenLeft.setup, ...greenLeft.before).state, act('resign', 'green'));
    expect(applied.ok ? 'ok' : applied.error.message).toMatch(/green's player has already left the game/);
  });
});

const SCORES: readonly ScoreRow[] = [
  {
    name: 'frozen at leaving: arrived planes and collisions; escape −200; the standing winner takes the frozen loss',
    // Green sends a yellow plane home and escapes (1 plane home). Playing on, it loses a plane to red and
    // brings another home: neither counts. Red wins.
    setup: casual(
      { red: [56, 56, 56, 44], green: [1, greenOnRed50, 56, 54], yellow: [sq('yellow', 4, 'green'), 56, 56] },
      { seats: RGY, firstSeat: 'green' },
    ),
    actions: [
      ...rm('green', 3, 0),
      act('escape', 'green'),
      roll('yellow', 1),
      ...rm('red', 6, 3),
      ...rm('red', 1, 3),
      ...rm('green', 2, 3),
      roll('yellow', 1),
      ...rm('red', 5, 3),
    ],
    next: 'over: red',
    options: { base: 100 },
    seats: {
      red: { arrived: 4, points: 300 + 200, collision: 5, score: 505, coins: 505 + 100 },
      green: { arrived: 1, notArrived: 3, points: -300, collision: 5, escapePenalty: -200, score: -495, coins: -495 },
      yellow: { arrived: 2, points: -200, collision: 0, score: -200, coins: -200 + 100 },
    },
    // Green has two planes home on the board, but is ranked by the one it had when its player left.
    ranking: ['red', 'yellow', 'green'],
  },
  {
    name: "ended by leaving: the last standing seat wins and takes every leaver's loss",
    setup: casual({ red: [56], green: [56, 56], yellow: [56, 56, 56] }, { seats: RGY }),
    actions: [act('escape', 'green'), roll('red', 1), roll('green', 1), act('resign', 'yellow')],
    next: 'over: red',
    options: { base: 100 },
    seats: {
      red: { points: 200 + 100, score: 300 },
      green: { points: -200, escapePenalty: -200, score: -400 },
      yellow: { points: -100, escapePenalty: 0, score: -100 },
    },
  },
  {
    name: "free-for-all: a seat that plays on and finishes wins, but scores as its leaver; the losers' loss goes to nobody",
    setup: casual({ green: [56, 56, 55, 54], yellow: [56] }, { seats: RGY }),
    actions: [act('resign', 'green'), roll('red', 1), ...rm('green', 1, 2), roll('yellow', 1), roll('red', 1), ...rm('green', 2, 3)],
    next: 'over: green',
    options: { base: 100 },
    seats: {
      green: { arrived: 2, notArrived: 2, points: -200, collision: 0, escapePenalty: 0, score: -200, rank: 1 },
      red: { points: -400, score: -400 },
      yellow: { points: -300, score: -300 },
    },
    ranking: ['green', 'yellow', 'red'],
  },
  {
    name: 'team mode: a winner that played on takes no share, the standing team-mate all of it; its capture after leaving counts for it nothing',
    setup: casual({ red: [56, 56, 56, 44], yellow: [56, 56], green: [56, greenOnRed50] }, { seats: ALL4, teams: true }),
    actions: [act('escape', 'red'), ...redCapturesThenWins],
    next: 'over: red',
    options: { base: 100 },
    seats: {
      red: { arrived: 3, points: 0, collision: 0, escapePenalty: -200, score: -200, coins: -200 },
      yellow: { points: 1400, collision: 0, score: 1400, coins: 1400 + 66 },
      green: { points: -600, collision: -5, score: -605, coins: -605 + 66 },
      blue: { points: -800, score: -800, coins: -800 + 66 },
    },
    ranking: ['red', 'yellow', 'green', 'blue'],
  },
];

describe('leftSeatsPlayOn: scoring (§7.1, reading 19)', () => {
  test.each(SCORES)('$name', runScoreRow);

  test('the first row: green really had two planes home and a plane lost when the game ended', () => {
    const row = SCORES[0]!;
    const { state } = play(row.setup, ...row.actions);
    expect(state.planes.green!.filter((p) => p === 56)).toHaveLength(2);
    expect(state.collisions.green).toEqual({ sent: 1, lost: 1 });
    expect(state.left.green).toEqual({ reason: 'escape', arrived: 1, atRoll: 1, collisions: { sent: 1, lost: 0 } });
  });
});

describe('leftSeatsPlayOn: the rest of the engine', () => {
  test('ratingPlaces: a seat that played on is placed as one that is out, after the stayers', () => {
    const start = create(
      casual({ red: [56, 56, 56], green: [56, 56, 56, 55], yellow: [56, 56], blue: [56, 56] }, { seats: ALL4, firstSeat: 'green' }),
    );
    const { state } = play(start, act('escape', 'red'), ...rm('green', 1, 3));
    expect(state.left.red?.arrived).toBe(3);
    expect(ratingPlaces(state)).toEqual({ green: 1, yellow: 2, blue: 2, red: 4 });
  });

  test('nextSteps: the seat playing on is the seat to act (who plays it is for the server to say)', () => {
    const { state } = play(casual({}, { seats: RGY }), act('escape', 'red'));
    expect(nextSteps(state, { red: { bot: null, autoPlay: true } })).toEqual({
      turn: { seat: 'red', action: 'roll', by: 'auto-play', bot: 'strong' },
      answer: null,
    });
  });

  test('the state survives a JSON round trip and the log replays to the same state', () => {
    const setup = casual({ red: [20], green: [20, 56] }, { seats: ALL4 });
    const actions = [act('escape', 'green'), ...rm('red', 3, 0), ...rm('green', 6, 2), ...rm('green', 3, 0), act('forfeit', 'blue')];
    const { state, events } = play(setup, ...actions);
    expect(Object.keys(state.left).sort()).toEqual(['blue', 'green']);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    const replayed = replayGame(JSON.parse(JSON.stringify(setup)) as GameSetup, JSON.parse(JSON.stringify(actions)) as Action[]);
    expect(replayed.ok && replayed.value).toEqual({ state, events });
  });
});
