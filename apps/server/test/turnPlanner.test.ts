import { routeMs, shownMs } from '@flightchess/protocol';
import {
  type Action,
  type BySeat,
  type GameEvent,
  type GameState,
  type SeatControl,
  type TurnStep,
  applyAction,
  createGame,
} from '@flightchess/rules';
import { DEFAULT_CONFIG } from '../src/config';
import type { Match } from '../src/matches/Match';
import { Timers } from '../src/table/timers';
import { TurnPlanner } from '../src/table/turnPlanner';

/**
 * The server's next automatic step, and a person's turn time, start once the boards have shown the action
 * before it (the protocol's shownMs, which the web client animates by), at the real pace on fake timers.
 */

const PACE = { botRollDelayMs: DEFAULT_CONFIG.botRollDelayMs, autoMoveDelayMs: DEFAULT_CONFIG.autoMoveDelayMs };
const TURN_SECONDS = 15;
const BOT: SeatControl = { bot: 'strong', autoPlay: false };
const PERSON: SeatControl = { bot: null, autoPlay: false };

beforeEach(() => jest.useFakeTimers({ now: 1_700_000_000_000 }));
afterEach(() => jest.useRealTimers());

/** A planner whose automatic steps are counted; the match is whatever `game` holds. */
function planner(moveAnimation: boolean, control: BySeat<SeatControl>) {
  const acted: TurnStep[] = [];
  const planner = new TurnPlanner({
    timers: new Timers((error) => {
      throw error;
    }),
    turnSeconds: TURN_SECONDS,
    config: { ...PACE, moveAnimation },
    pause: (ms) => ms,
    act: (step) => acted.push(step as TurnStep),
    timeOut: () => undefined,
  });
  let game: GameState;
  const match = {
    get state() {
      return game;
    },
    control: () => control,
  } as unknown as Match;
  /** Commit `action` as the table does: the boards show its events, then the next step is planned. */
  const commit = (action: Action): GameEvent[] => {
    const applied = applyAction(game, action);
    if (!applied.ok) throw new Error(applied.error.code);
    game = applied.value.state;
    planner.shown(applied.value.events);
    planner.plan(match);
    return applied.value.events;
  };
  const start = (setup: Parameters<typeof createGame>[0]) => {
    const created = createGame(setup);
    if (!created.ok) throw new Error(created.error.code);
    game = created.value;
    planner.plan(match);
  };
  return { acted, clock: () => planner.clock, commit, start };
}

const H = 'hangar' as const;
/** Red flies from 15 with a 3 over yellow's plane on the crossing: a route of six legs and a capture. */
const SETUP = {
  preset: 'online',
  seats: ['red', 'yellow'],
  firstSeat: 'red',
  planes: { red: [15, H, H, H], yellow: [53, H, H, H] },
} as const;

describe('the turn planner waits for the boards', () => {
  test('a bot moves once its roll has been shown, and the next bot rolls once the move (with its capture) has been shown', async () => {
    const table = planner(true, { red: BOT, yellow: BOT });
    table.start(SETUP);
    await jest.advanceTimersByTimeAsync(PACE.botRollDelayMs);
    expect(table.acted).toEqual([expect.objectContaining({ seat: 'red', action: 'roll' })]);

    const rolled = table.commit({ type: 'roll', seat: 'red', value: 3 });
    await jest.advanceTimersByTimeAsync(shownMs(rolled) + PACE.autoMoveDelayMs - 1);
    expect(table.acted).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(table.acted.at(-1)).toMatchObject({ seat: 'red', action: 'move' });

    const moved = table.commit({ type: 'move', seat: 'red', plane: 0 });
    const route = moved.find((e) => e.type === 'moved');
    expect(moved.some((e) => e.type === 'captured')).toBe(true);
    if (route?.type !== 'moved') throw new Error('red did not move');
    expect(shownMs(moved)).toBe(routeMs(route.route));
    await jest.advanceTimersByTimeAsync(shownMs(moved) + PACE.botRollDelayMs - 1);
    expect(table.acted).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(table.acted.at(-1)).toMatchObject({ seat: 'yellow', action: 'roll' });
  });

  test('a person’s turn time starts once the move before it has been shown', async () => {
    const table = planner(true, { red: BOT, yellow: PERSON });
    table.start(SETUP);
    table.commit({ type: 'roll', seat: 'red', value: 3 });
    const moved = table.commit({ type: 'move', seat: 'red', plane: 0 });
    expect(shownMs(moved)).toBeGreaterThan(1000);
    expect(table.clock().deadline).toBe(Date.now() + shownMs(moved) + TURN_SECONDS * 1000);
  });

  test('with MOVE_ANIMATION off (fast tests) only the configured pauses count', async () => {
    const table = planner(false, { red: BOT, yellow: PERSON });
    table.start(SETUP);
    table.commit({ type: 'roll', seat: 'red', value: 3 });
    await jest.advanceTimersByTimeAsync(PACE.autoMoveDelayMs);
    expect(table.acted.at(-1)).toMatchObject({ seat: 'red', action: 'move' });
    table.commit({ type: 'move', seat: 'red', plane: 0 });
    expect(table.clock().deadline).toBe(Date.now() + TURN_SECONDS * 1000);
  });
});
