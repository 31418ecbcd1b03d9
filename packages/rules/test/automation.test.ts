import { type BySeat, type NextSteps, type SeatControl, createRng, nextSteps, stepAction } from '../src';
import { ALL4, act, game, idle, play, roll } from './helpers';

const person: SeatControl = { bot: null, autoPlay: false };
const autoPlay: SeatControl = { bot: null, autoPlay: true };
const strong: SeatControl = { bot: 'strong', autoPlay: false };
const heuristic: SeatControl = { bot: 'heuristic', autoPlay: false };

const twoPeople: BySeat<SeatControl> = { red: person, yellow: person };

interface Row {
  readonly name: string;
  readonly steps: () => NextSteps;
  readonly expected: NextSteps;
}

/** One row per case of "who acts next, and by themselves?" (RULES.md §7, §8, §9.10). */
const ROWS: Row[] = [
  {
    name: '§7 a person to roll waits for the person',
    steps: () => nextSteps(play(game('online')).state, twoPeople),
    expected: { turn: { seat: 'red', action: 'roll', by: 'person' }, answer: null },
  },
  {
    name: '§7 auto-play (托管) rolls for the person with the strongest bot',
    steps: () => nextSteps(play(game('online')).state, { red: autoPlay, yellow: person }),
    expected: { turn: { seat: 'red', action: 'roll', by: 'auto-play', bot: 'strong' }, answer: null },
  },
  {
    name: '§8 a bot seat plays with its own bot',
    steps: () => nextSteps(play(game('online')).state, { red: heuristic, yellow: person }),
    expected: { turn: { seat: 'red', action: 'roll', by: 'bot', bot: 'heuristic' }, answer: null },
  },
  {
    name: '§9.10 a single legal move is played for the person (forced)',
    steps: () => nextSteps(play(game('online'), roll('red', 6)).state, twoPeople),
    // Every red plane is in the hangar: four take-offs are four legal moves, so this is a choice.
    expected: { turn: { seat: 'red', action: 'move', by: 'person' }, answer: null },
  },
  {
    name: '§9.10 one plane out and a roll that cannot take off: the one legal move is forced',
    steps: () => nextSteps(play(game('online', { red: [10] }), roll('red', 3)).state, twoPeople),
    expected: { turn: { seat: 'red', action: 'move', by: 'forced', bot: 'strong' }, answer: null },
  },
  {
    name: '§7 team resignation: a bot team-mate answers at once and consents',
    steps: () =>
      nextSteps(play(game('online', {}, { seats: ALL4, teams: true }), ...idle(ALL4, 15), act('resign', 'yellow')).state, {
        red: strong,
        green: person,
        yellow: person,
        blue: person,
      }),
    // Fifteen rolls round the table from red: blue is to roll.
    expected: {
      turn: { seat: 'blue', action: 'roll', by: 'person' },
      answer: { seat: 'red', action: 'answer-resign', by: 'bot', accept: true },
    },
  },
  {
    name: '§7 team resignation: a person team-mate answers by choice; silence declines',
    steps: () =>
      nextSteps(play(game('online', {}, { seats: ALL4, teams: true }), ...idle(ALL4, 15), act('resign', 'red')).state, {
        red: person,
        green: strong,
        yellow: person,
        blue: strong,
      }),
    expected: {
      turn: { seat: 'blue', action: 'roll', by: 'bot', bot: 'strong' },
      answer: { seat: 'yellow', action: 'answer-resign', by: 'person', accept: false },
    },
  },
  {
    name: '§5 plyyard draw offer: a bot opponent declines it',
    steps: () => nextSteps(play(game('plyyard'), act('offer-draw', 'red')).state, { red: person, yellow: strong }),
    expected: {
      turn: { seat: 'red', action: 'roll', by: 'person' },
      answer: { seat: 'yellow', action: 'answer-draw', by: 'bot', accept: false },
    },
  },
  {
    name: '§5 plyyard draw offer: a person opponent answers by choice',
    steps: () => nextSteps(play(game('plyyard'), act('offer-draw', 'yellow')).state, twoPeople),
    expected: {
      turn: { seat: 'red', action: 'roll', by: 'person' },
      answer: { seat: 'red', action: 'answer-draw', by: 'person', accept: false },
    },
  },
  {
    name: 'nothing is due once the game is over',
    steps: () =>
      nextSteps(play(game('online'), ...idle(['red', 'yellow'], 15), act('resign', 'red')).state, { red: strong, yellow: strong }),
    expected: { turn: null, answer: null },
  },
];

describe('nextSteps: who acts next, and whether by themselves', () => {
  test.each(ROWS.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    expect(row.steps()).toEqual(row.expected);
  });
});

describe('stepAction: the action an automatic step takes', () => {
  const die = () => 4;
  test('a roll takes its value from the die', () => {
    const state = play(game('online')).state;
    const step = nextSteps(state, { red: strong, yellow: strong }).turn!;
    expect(stepAction(state, step, die, createRng(1))).toEqual({ type: 'roll', seat: 'red', value: 4 });
  });

  test('a forced move moves the one plane that can move', () => {
    const state = play(game('online', { red: ['hangar', 10] }), roll('red', 3)).state;
    const step = nextSteps(state, twoPeople).turn!;
    expect(step.by).toBe('forced');
    expect(stepAction(state, step, die, createRng(1))).toEqual({ type: 'move', seat: 'red', plane: 1 });
  });

  test("a move auto-play makes for a person says so (the review counts it apart); a bot's does not", () => {
    const state = play(game('online', { red: [10, 20] }), roll('red', 3)).state;
    const auto = nextSteps(state, { red: autoPlay, yellow: person }).turn!;
    expect(auto.by).toBe('auto-play');
    expect(stepAction(state, auto, die, createRng(1))).toMatchObject({ type: 'move', seat: 'red', by: 'auto-play' });
    const bot = nextSteps(state, { red: strong, yellow: person }).turn!;
    expect(stepAction(state, bot, die, createRng(1))).not.toHaveProperty('by');
  });

  test("an answer is the step's answer", () => {
    const state = play(game('plyyard'), act('offer-draw', 'red')).state;
    const step = nextSteps(state, { red: person, yellow: strong }).answer!;
    expect(stepAction(state, step, die, createRng(1))).toEqual({ type: 'answer-draw', seat: 'yellow', accept: false });
  });
});
