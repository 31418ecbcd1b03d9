import { type Colour, FINISH, type GameState, type PlaneRef, type Position, arrivedCount, isColour, seatIndex } from '@flightchess/rules';
import { type BoardLayout, type Point, pointOf } from './layout';

/** One plane as the renderer draws it. */
export interface PlacedPlane {
  readonly key: string;
  readonly colour: Colour;
  readonly plane: number;
  readonly point: Point;
  /** The planes of this colour on this square (indices, this one included); the top one shows all their numbers. */
  readonly stack: readonly number[];
  readonly top: boolean;
  /** Where the nose points, in radians (0 = right, screen y down). */
  readonly heading: number;
}

/** Arrived planes of one colour, shown as one count in its centre triangle. */
export interface ArrivedMark {
  readonly colour: Colour;
  readonly count: number;
}

/** The one name of a plane on the board (renderer tokens, taps, selections): "colour:index". */
export function planeKey(ref: PlaneRef): string {
  return `${ref.colour}:${ref.plane}`;
}

/** The plane a key names, or null for anything else. */
export function planeOfKey(key: string): PlaneRef | null {
  const [colour, index, ...rest] = key.split(':');
  const plane = Number(index);
  return isColour(colour) && rest.length === 0 && Number.isInteger(plane) && plane >= 0 ? { colour, plane } : null;
}

/** The square a plane at `position` heads for next, to point its nose along the route. */
function nextPosition(position: Position): Position {
  if (position === 'hangar') return 0;
  return Math.min(position + 1, FINISH);
}

function headingOf(layout: BoardLayout, colour: Colour, position: Position, plane: number): number {
  const here = pointOf(layout, colour, position, plane);
  const there = position === FINISH ? layout.centre : pointOf(layout, colour, nextPosition(position), plane);
  if (here.x === there.x && here.y === there.y) {
    const dir = layout.armDirection[colour];
    return Math.atan2(-dir.y, -dir.x);
  }
  return Math.atan2(there.y - here.y, there.x - here.x);
}

/** Small nudge so planes of different colours sharing a square (team-mates, safe squares) stay visible. */
const SHARE_OFFSET = 0.2;

/** How many planes of each seat have arrived (seats with none left out), in seat order. */
export function arrivedCounts(state: GameState): ArrivedMark[] {
  return state.seats.map((colour) => ({ colour, count: arrivedCount(state, colour) })).filter((a) => a.count > 0);
}

/**
 * Where every plane on the board stands. Planes of one colour on one square form a stack drawn as one plane
 * with all their numbers; arrived planes are not placed (the centre shows their count, `arrivedCounts`); seats that
 * are out have their unfinished planes taken off the board (RULES.md §7).
 */
export function placePlanes(layout: BoardLayout, state: GameState): PlacedPlane[] {
  const groups = new Map<string, { colour: Colour; plane: number; position: Position }[]>();
  for (const colour of state.seats) {
    const out = state.out[colour] !== undefined;
    (state.planes[colour] ?? []).forEach((position, plane) => {
      if (position === FINISH || out) return;
      const square = position === 'hangar' ? `hangar:${colour}:${plane}` : `${colour}:${position}`;
      const group = groups.get(square) ?? [];
      group.push({ colour, plane, position });
      groups.set(square, group);
    });
  }
  // Colours per screen point, to nudge apart different colours on one square.
  const coloursAt = new Map<string, Colour[]>();
  const pointKey = (p: Point) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`;
  for (const group of groups.values()) {
    const first = group[0]!;
    const key = pointKey(pointOf(layout, first.colour, first.position, first.plane));
    const list = coloursAt.get(key) ?? [];
    if (!list.includes(first.colour)) list.push(first.colour);
    coloursAt.set(key, list);
  }
  const placed: PlacedPlane[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    const base = pointOf(layout, first.colour, first.position, first.plane);
    const sharing = (coloursAt.get(pointKey(base)) ?? []).sort((a, b) => seatIndex(a) - seatIndex(b));
    const slot = sharing.indexOf(first.colour);
    const shift = sharing.length > 1 ? (slot - (sharing.length - 1) / 2) * SHARE_OFFSET * 2 : 0;
    const point = { x: base.x + shift, y: base.y + shift };
    const heading = headingOf(layout, first.colour, first.position, first.plane);
    const stack = group.map((p) => p.plane);
    group.forEach((p, i) => {
      placed.push({
        key: planeKey(p),
        colour: p.colour,
        plane: p.plane,
        point,
        stack,
        top: i === group.length - 1,
        heading,
      });
    });
  }
  return placed;
}
