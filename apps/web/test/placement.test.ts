import { FINISH } from '@flightchess/rules';
import { arrivedCounts, placePlanes } from '../src/board/placement';
import { stackLabel } from '../src/board/planeNumber';
import { createLayout, distance, pointOf } from '../src/board/layout';
import { routePath } from '../src/board/routePath';
import { act, gameOf } from './support';

const layout = createLayout('red');

describe('placePlanes', () => {
  it('draws a stack once, with the numbers of all its planes on the top plane', () => {
    const state = gameOf({
      preset: 'online',
      seats: ['red', 'yellow'],
      planes: { red: [5, 5, 5, 'hangar'], yellow: ['hangar', 'hangar', 'hangar', 'hangar'] },
    });
    const reds = placePlanes(layout, state).filter((p) => p.colour === 'red');
    const stacked = reds.filter((p) => p.point.x === pointOf(layout, 'red', 5).x && p.point.y === pointOf(layout, 'red', 5).y);
    expect(stacked).toHaveLength(3);
    expect(stacked.filter((p) => p.top)).toHaveLength(1);
    expect(stacked.every((p) => p.stack.join() === '0,1,2')).toBe(true);
    const hangar = reds.find((p) => p.plane === 3)!;
    expect(hangar).toMatchObject({ stack: [3], top: true, point: pointOf(layout, 'red', 'hangar', 3) });
  });

  it('nudges planes of different colours sharing a square apart, and counts arrived planes per colour instead of placing them', () => {
    // Ply Yard: a safe entry square holds both colours (RULES.md §4).
    const state = gameOf({
      preset: 'plyyard',
      seats: ['red', 'yellow'],
      planes: { red: [27, FINISH, FINISH, 'hangar'], yellow: [1, 'hangar', 'hangar', FINISH] },
    });
    const placed = placePlanes(layout, state);
    const red = placed.find((p) => p.key === 'red:0')!;
    const yellow = placed.find((p) => p.key === 'yellow:0')!;
    expect(distance(red.point, yellow.point)).toBeGreaterThan(0.3);
    expect(placed.map((p) => p.key).sort()).toEqual(['red:0', 'red:3', 'yellow:0', 'yellow:1', 'yellow:2']);
    expect(arrivedCounts(state)).toEqual([
      { colour: 'red', count: 2 },
      { colour: 'yellow', count: 1 },
    ]);
    expect(arrivedCounts(gameOf({ preset: 'plyyard', seats: ['red', 'yellow'] }))).toEqual([]);
  });

  it('takes the unfinished planes of a seat that is out off the board, and still counts its arrived ones', () => {
    const state = gameOf({ preset: 'online', seats: ['red', 'green', 'yellow'], planes: { green: [FINISH, 3, 'hangar', 'hangar'] } });
    const escaped = act(state, { type: 'escape', seat: 'green' }).state;
    expect(placePlanes(layout, escaped).filter((p) => p.colour === 'green')).toEqual([]);
    expect(arrivedCounts(escaped)).toEqual([{ colour: 'green', count: 1 }]);
  });

  it('points each plane’s nose along its way: from the launch square to the entry square', () => {
    const state = gameOf({ preset: 'online', seats: ['red', 'yellow'], planes: { red: [0, 'hangar', 'hangar', 'hangar'] } });
    const launch = placePlanes(layout, state).find((p) => p.key === 'red:0')!;
    const from = layout.launch.red;
    const to = pointOf(layout, 'red', 1);
    expect(launch.heading).toBeCloseTo(Math.atan2(to.y - from.y, to.x - from.x), 9);
  });
});

describe('routePath', () => {
  it('turns a bounce at the finish into forward then backward steps', () => {
    const state = gameOf({
      preset: 'online',
      seats: ['red', 'yellow'],
      firstSeat: 'red',
      planes: { red: [54, 'hangar', 'hangar', 'hangar'] },
    });
    const rolled = act(state, { type: 'roll', seat: 'red', value: 4 }).state;
    const moved = act(rolled, { type: 'move', seat: 'red', plane: 0 });
    const route = moved.events.find((e) => e.type === 'moved')!;
    if (route.type !== 'moved') throw new Error('no move');
    const path = routePath(layout, route.route);
    expect(path.bounce).toBe(true);
    expect(path.waypoints.map((w) => w.kind)).toEqual(['step', 'step', 'back', 'back']);
    expect(path.end).toEqual(pointOf(layout, 'red', 54));
  });

  it('marks a crossing capture mid-flight and sends a mover that crashes into a stack to its hangar', () => {
    // Red flies 18 → 30 over yellow's crossing square p = 53, where one yellow plane stands.
    const state = gameOf({
      preset: 'online',
      seats: ['red', 'yellow'],
      firstSeat: 'red',
      planes: { red: [14, 'hangar', 'hangar', 'hangar'], yellow: [53, 'hangar', 'hangar', 'hangar'] },
    });
    const rolled = act(state, { type: 'roll', seat: 'red', value: 4 }).state;
    const moved = act(rolled, { type: 'move', seat: 'red', plane: 0 });
    const e = moved.events.find((x) => x.type === 'moved');
    if (e?.type !== 'moved') throw new Error('no move');
    const path = routePath(layout, e.route);
    const flightAt = path.waypoints.findIndex((w) => w.kind === 'flight');
    expect(flightAt).toBeGreaterThan(0);
    expect(path.captures).toEqual([
      expect.objectContaining({
        crossing: true,
        after: flightAt - 1,
        point: layout.lane.yellow[2],
        victims: [{ colour: 'yellow', plane: 0 }],
      }),
    ]);

    const crash = gameOf({
      preset: 'online',
      seats: ['red', 'yellow'],
      firstSeat: 'red',
      planes: { red: [3, 'hangar', 'hangar', 'hangar'], yellow: [31, 31, 'hangar', 'hangar'] },
    });
    // Yellow's 31 is red's p = 5: a 2 lands exactly on the stack, so both sides go home.
    const r2 = act(crash, { type: 'roll', seat: 'red', value: 2 }).state;
    const m2 = act(r2, { type: 'move', seat: 'red', plane: 0 });
    const e2 = m2.events.find((x) => x.type === 'moved');
    if (e2?.type !== 'moved') throw new Error('no move');
    const crashed = routePath(layout, e2.route);
    expect(crashed.captures[0]!.moverSentHome).toBe(true);
    expect(crashed.end).toEqual(pointOf(layout, 'red', 'hangar', 0));
  });
});

describe('stackLabel', () => {
  it('names the planes by the numbers the buttons and keys use, a stack by all of them in order', () => {
    expect(stackLabel([0])).toBe('1');
    expect(stackLabel([2, 0])).toBe('1·3');
  });
});
