import {
  BOT_NAMES,
  type BotName,
  type BySeat,
  type Colour,
  type GameSetup,
  type GameState,
  PRESETS,
  PRESET_NAMES,
  type PresetName,
  applyAction,
  chooseMove,
  createRng,
  legalMoves,
} from '../src';
import { playGame } from '../src/sim/playGame';
import { H, create, game, play, roll, sq } from './helpers';

const FOUR: readonly Colour[] = ['red', 'green', 'yellow', 'blue'];

/** A two-player game of every preset, three- and four-player ones where the preset seats them, and teams. */
function setupsOf(preset: PresetName): GameSetup[] {
  const setups: GameSetup[] = [{ preset, seats: ['red', 'yellow'] }];
  if (PRESETS[preset].maxPlayers === 4) {
    setups.push({ preset, seats: ['red', 'green', 'yellow'], firstSeat: 'yellow' }, { preset, seats: FOUR, firstSeat: 'blue' });
  }
  if (PRESETS[preset].teamsAllowed) setups.push({ preset, seats: FOUR, teams: true, firstSeat: 'green' });
  return setups;
}

/** The move `bot` picks for `roll` in a constructed position where red is to move. */
function pick(bot: BotName, setup: GameSetup, value: number): number | undefined {
  const { state } = play(setup, roll('red', value));
  expect(state.phase).toBe('move');
  return chooseMove(state, bot, createRng(1))?.plane;
}

/** Run `body` and check it never read a clock or Math.random (bots are pure). */
function withoutClockOrRandom(body: () => void): void {
  const spies = [jest.spyOn(Math, 'random'), jest.spyOn(Date, 'now'), jest.spyOn(performance, 'now')];
  try {
    body();
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

function expectOk(applied: ReturnType<typeof applyAction>): GameState {
  if (!applied.ok) throw new Error(`${applied.error.code}: ${applied.error.message}`);
  return applied.value.state;
}

describe('every bot only ever picks a legal move', () => {
  test.each([...PRESET_NAMES])('%s: at every move of seeded games, each bot picks one of legalMoves', (preset) => {
    setupsOf(preset).forEach((setup, g) => {
      const dice = createRng(`legal/${preset}/${g}`);
      const botRng = createRng(`legal-bots/${preset}/${g}`);
      let state: GameState = create(setup);
      let decisions = 0;
      while (state.phase !== 'over') {
        const seat = state.current;
        if (state.phase === 'roll') {
          for (const bot of BOT_NAMES) expect(chooseMove(state, bot, botRng)).toBeNull();
          state = expectOk(applyAction(state, { type: 'roll', seat, value: dice.die() }));
          continue;
        }
        const moves = legalMoves(state);
        const picks = BOT_NAMES.map((bot) => chooseMove(state, bot, botRng));
        for (const choice of picks) expect(moves).toContainEqual(choice);
        decisions++;
        // Seats take turns being played by each bot, so every bot steers some of the game.
        const player = picks[(FOUR.indexOf(seat) + g) % BOT_NAMES.length]!;
        state = expectOk(applyAction(state, { type: 'move', seat, plane: player.plane }));
      }
      expect(state.result).not.toBeNull();
      expect(decisions).toBeGreaterThan(20);
    });
  });
});

describe('heuristic follows seed 001: capture > jump or flight > take-off > front-most', () => {
  // Red to move with a 5 (a take-off roll in online): plane 0 in the hangar, plane 1 on 1 (5 → 6, jumps
  // to 10), plane 2 on 30 (5 → 35), plane 3 on 40 (5 → 45, the front-most).
  const red = [H, 1, 30, 40];
  const victim = sq('yellow', 35);

  test('a capture beats a jump, a take-off and the front-most plane', () => {
    expect(pick('heuristic', game('online', { red, yellow: [victim] }), 5)).toBe(2);
  });

  test('without a capture, a jump beats a take-off and the front-most plane', () => {
    expect(pick('heuristic', game('online', { red }), 5)).toBe(1);
  });

  test('a flight counts as a special move too', () => {
    expect(pick('heuristic', game('online', { red: [H, 15, 30, 40] }), 3)).toBe(1);
  });

  test('without a capture or a special move, a take-off beats the front-most plane', () => {
    expect(pick('heuristic', game('online', { red: [H, 3, 30, 40] }), 5)).toBe(0);
  });

  test('otherwise the front-most plane moves', () => {
    expect(pick('heuristic', game('online', { red: [H, 4, 30, 40] }), 3)).toBe(3);
    expect(pick('heuristic', game('online', { red: [52, 4, 30, 40] }), 3)).toBe(0);
  });
});

describe('strong', () => {
  test('takes the winning move', () => {
    // A win needs every other plane home already, so the arriving plane is the only one that can move:
    // this pins down that chooseMove hands it back rather than passing.
    const { state } = play(game('online', { red: [56, 56, 56, 53], yellow: [sq('yellow', 13), 40] }), roll('red', 3));
    const choice = chooseMove(state, 'strong', createRng(1));
    expect(choice?.plane).toBe(3);
    expect(expectOk(applyAction(state, { type: 'move', seat: 'red', plane: choice!.plane })).result?.winner).toBe('red');
  });

  test('captures a far-advanced opponent rather than make a plain advance', () => {
    // Plane 0 on 16 lands with the 3 on yellow's plane 45 squares along; plane 1 would go 30 → 33.
    const setup = game('online', { red: [16, 30], yellow: [sq('yellow', 19)] });
    expect(sq('yellow', 19)).toBe(45);
    expect(pick('strong', setup, 3)).toBe(0);
    expect(pick('strong', game('online', { red: [16, 30] }), 3)).toBe(1);
  });

  test('does not step into reach of an opponent when another move is as good', () => {
    // Plane 1 would go 30 → 33, two squares in front of yellow's plane on 31; plane 0 goes 20 → 23, out of reach.
    const setup = game('online', { red: [20, 30], yellow: [sq('yellow', 31)] });
    expect(pick('strong', setup, 3)).toBe(0);
    expect(pick('strong', game('online', { red: [20, 30] }), 3)).toBe(1);
  });

  test('is a function of the state: the same state gives the same choice and is left untouched', () => {
    const { state } = play(game('online', { red: [H, 1, 30, 40], yellow: [sq('yellow', 35), 20] }), roll('red', 5));
    const before = JSON.stringify(state);
    const first = chooseMove(state, 'strong', createRng('a'));
    expect(chooseMove(state, 'strong', createRng('b'))).toEqual(first);
    expect(JSON.stringify(state)).toBe(before);
  });

  test('never reads a clock or Math.random', () => {
    withoutClockOrRandom(() => {
      const bots: BySeat<BotName> = { red: 'strong', green: 'strong', yellow: 'strong', blue: 'strong' };
      expect(playGame({ preset: 'online', seats: FOUR }, bots, createRng('clockless')).state.result).not.toBeNull();
    });
  });

  test('beats heuristic comfortably in a seeded two-player online tournament', () => {
    const games = 200;
    let wins = 0;
    for (let g = 0; g < games; g++) {
      // Strong takes red and yellow in turn; the first seat changes every two games.
      const [strongSeat, other] = g % 2 === 0 ? (['red', 'yellow'] as const) : (['yellow', 'red'] as const);
      const bots: BySeat<BotName> = { [strongSeat]: 'strong', [other]: 'heuristic' };
      const firstSeat = Math.floor(g / 2) % 2 === 0 ? 'red' : 'yellow';
      const played = playGame({ preset: 'online', seats: ['red', 'yellow'], firstSeat }, bots, createRng(`tournament/${g}`));
      if (played.state.result?.winners.includes(strongSeat)) wins++;
    }
    // 79.5% over 10,000 games (npm run sim, seed 1); 60% is almost seven standard deviations of this sample below.
    expect(wins / games).toBeGreaterThan(0.6);
  }, 60_000);
});

describe('expert', () => {
  test('takes the capture that saves the game, and the exact roll home', () => {
    // Yellow's last plane (its 46) stands 4 squares ahead of red's plane 0; red's plane 1 would step 30 → 34 → 38.
    expect(pick('expert', game('online', { red: [16, 30, H, H], yellow: [56, 56, 56, sq('yellow', 20)] }), 4)).toBe(0);
    expect(pick('expert', game('online', { red: [53, 20, 56, 56], yellow: [40, 44, 56, 56] }), 3)).toBe(0);
  });

  test('is a function of the state and never reads a clock or Math.random', () => {
    withoutClockOrRandom(() => {
      const { state } = play(game('online', { red: [H, 1, 30, 40], yellow: [sq('yellow', 35), 20] }), roll('red', 5));
      const before = JSON.stringify(state);
      const first = chooseMove(state, 'expert', createRng('a'));
      expect(chooseMove(state, 'expert', createRng('b'))).toEqual(first);
      expect(JSON.stringify(state)).toBe(before);
      const bots: BySeat<BotName> = { red: 'expert', green: 'strong', yellow: 'expert', blue: 'heuristic' };
      expect(playGame({ preset: 'online', seats: FOUR }, bots, createRng('clockless-expert')).state.result).not.toBeNull();
    });
  });
});
