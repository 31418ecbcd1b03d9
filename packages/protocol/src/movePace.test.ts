import { type Action, type GameEvent, type GameSetup, type Position, type Route, applyAction, createGame } from '@flightchess/rules';
import { CAPTURE_MS, LEG_MS, NOTICE_MS, ROLL_MS, ROUTE_CAP_MS, legPace, legsOf, routeMs, shownMs } from './movePace';

/** The events of `actions` played from red's planes at `red` (and yellow's at `yellow`), red first. */
function eventsOf(setup: Partial<GameSetup> & { red: Position[]; yellow?: Position[] }, ...actions: Action[]): GameEvent[][] {
  const { red, yellow = ['hangar', 'hangar', 'hangar', 'hangar'], ...rest } = setup;
  const created = createGame({ preset: 'online', seats: ['red', 'yellow'], firstSeat: 'red', planes: { red, yellow }, ...rest });
  if (!created.ok) throw new Error(created.error.code);
  let state = created.value;
  return actions.map((action) => {
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.value.state;
    return applied.value.events;
  });
}

const H = 'hangar' as const;
const roll = (value: number): Action => ({ type: 'roll', seat: 'red', value });
const move = (plane: number): Action => ({ type: 'move', seat: 'red', plane });

/** The route red's plane `plane` takes with `value` from `red`. */
function routeOf(red: Position[], value: number, yellow?: Position[], plane = 0): Route {
  const [, moved] = eventsOf({ red, ...(yellow ? { yellow } : {}) }, roll(value), move(plane));
  const event = moved!.find((e) => e.type === 'moved');
  if (event?.type !== 'moved') throw new Error('no move');
  return event.route;
}

describe('how long a move is shown', () => {
  test('a walk is one leg a square, at a readable pace; the time grows with the route', () => {
    const two = routeOf([5, H, H, H], 2);
    const four = routeOf([5, H, H, H], 4);
    expect(legsOf(two).map((l) => [l.kind, l.to])).toEqual([
      ['step', 6],
      ['step', 7],
    ]);
    expect(routeMs(two)).toBe(2 * LEG_MS.step);
    expect(LEG_MS.step).toBeGreaterThanOrEqual(150);
    expect(LEG_MS.step).toBeLessThanOrEqual(200);
    expect(routeMs(four)).toBeGreaterThan(routeMs(two));
  });

  test('a take-off, a jump and a flight each get a beat of their own', () => {
    expect(legsOf(routeOf([H, H, H, H], 6)).map((l) => l.kind)).toEqual(['takeoff']);
    // 5 + 1 = 6, a red square: a jump to 10 (RULES.md §3.1).
    const jump = routeOf([5, H, H, H], 1);
    expect(legsOf(jump).map((l) => l.kind)).toEqual(['step', 'jump']);
    expect(routeMs(jump)).toBe(LEG_MS.step + LEG_MS.jump);
    // 15 + 3 = 18: the flight to 30, then the chained jump to 34 (§3.2).
    const flight = routeOf([15, H, H, H], 3);
    expect(legsOf(flight).map((l) => l.kind)).toEqual(['step', 'step', 'step', 'flight', 'jump']);
    expect(routeMs(flight)).toBe(3 * LEG_MS.step + LEG_MS.flight + LEG_MS.jump);
    expect(LEG_MS.flight).toBeGreaterThan(2 * LEG_MS.step);
  });

  test('a capture adds its own beat, which a long route never shortens; the whole move stays under the cap', () => {
    // Yellow's plane on the crossing (its 53) is hit mid-flight (§3.3).
    const crossing = routeOf([15, H, H, H], 3, [53, H, H, H]);
    expect(crossing.captures).toHaveLength(1);
    expect(routeMs(crossing)).toBe(3 * LEG_MS.step + LEG_MS.flight + LEG_MS.jump + CAPTURE_MS);
    expect(routeMs(crossing)).toBeLessThanOrEqual(ROUTE_CAP_MS);
    expect(legPace(crossing)).toBe(1);
    // 12 + 6 = 18, the flight over yellow's 53, the jump onto yellow's 8 (red's 34): too long for the cap
    // with two captures on it, so the legs hurry.
    const long = routeOf([12, H, H, H], 6, [53, 8, H, H]);
    expect(long.captures).toHaveLength(2);
    const uncapped = legsOf(long).reduce((ms, l) => ms + LEG_MS[l.kind], 0) + 2 * CAPTURE_MS;
    expect(uncapped).toBeGreaterThan(ROUTE_CAP_MS);
    expect(legPace(long)).toBeLessThan(1);
    expect(routeMs(long)).toBe(ROUTE_CAP_MS);
    expect(routeMs(long) - 2 * CAPTURE_MS).toBeGreaterThan(0);
  });

  test('an action is shown for its die, its words and its route', () => {
    const [rolled, moved] = eventsOf({ red: [5, H, H, H] }, roll(2), move(0));
    expect(shownMs(rolled!)).toBe(ROLL_MS);
    expect(shownMs(moved!)).toBe(2 * LEG_MS.step);
    // A 1 with every plane in the hangar: no plane can move, and the words get time to be read.
    const [none] = eventsOf({ red: [H, H, H, H] }, roll(1));
    expect(none!.map((e) => e.type)).toContain('no-move');
    expect(shownMs(none!)).toBe(ROLL_MS + NOTICE_MS);
    expect(shownMs([{ type: 'turn', seat: 'red' }])).toBe(0);
  });
});
