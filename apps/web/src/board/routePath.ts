import type { Colour, PlaneRef, Route, Square } from '@flightchess/rules';
import { type BoardLayout, type Point, pointOf } from './layout';

/** How the plane gets to a waypoint: animation and preview draw each kind differently. */
export type StepKind = 'takeoff' | 'step' | 'back' | 'jump' | 'flight';

export interface Waypoint {
  readonly point: Point;
  readonly kind: StepKind;
}

export interface CaptureMark {
  readonly point: Point;
  /** Index into the waypoints after which the capture happens. */
  readonly after: number;
  readonly victims: readonly PlaneRef[];
  readonly moverSentHome: boolean;
  readonly crossing: boolean;
}

/** A move's route as screen geometry: what the renderer animates and previews (RULES.md §6). */
export interface RoutePath {
  readonly colour: Colour;
  readonly plane: number;
  readonly start: Point;
  readonly waypoints: readonly Waypoint[];
  readonly captures: readonly CaptureMark[];
  /** Where the plane stands at the end (its hangar slot when it was sent home). */
  readonly end: Point;
  readonly bounce: boolean;
  readonly walkBack: boolean;
  readonly blocked: readonly Point[];
}

function squarePoint(layout: BoardLayout, square: Square): Point {
  return pointOf(layout, square.colour, square.progress);
}

export function routePath(layout: BoardLayout, route: Route): RoutePath {
  const { colour, plane } = route;
  const waypoints: Waypoint[] = [];
  const blocked: Point[] = [];
  let bounce = false;
  let walkBack = false;
  // Where each segment kind ended, to hang captures on the right waypoint.
  const ends: Partial<Record<string, number>> = {};
  for (const seg of route.segments) {
    switch (seg.kind) {
      case 'takeoff':
        waypoints.push({ point: pointOf(layout, colour, seg.to), kind: 'takeoff' });
        break;
      case 'dice': {
        let prev = seg.from;
        for (const p of seg.path) {
          waypoints.push({ point: pointOf(layout, colour, p), kind: p < prev ? 'back' : 'step' });
          prev = p;
        }
        bounce = seg.bounce > 0;
        walkBack = seg.walkBack > 0;
        break;
      }
      case 'jump':
        waypoints.push({ point: pointOf(layout, colour, seg.to), kind: 'jump' });
        break;
      case 'flight':
        // The crossing capture happens mid-flight: mark it before the landing.
        ends.crossing = waypoints.length - 1;
        waypoints.push({ point: pointOf(layout, colour, seg.to), kind: 'flight' });
        break;
      case 'blocked':
        blocked.push(squarePoint(layout, seg.by));
        break;
    }
    if (seg.kind !== 'blocked') ends[seg.kind] = waypoints.length - 1;
  }
  const captures = route.captures.map((c) => ({
    point: squarePoint(layout, c.square),
    after: ends[c.segment] ?? waypoints.length - 1,
    victims: c.victims,
    moverSentHome: c.moverSentHome,
    crossing: c.segment === 'crossing',
  }));
  const last = waypoints[waypoints.length - 1];
  const start = pointOf(layout, colour, route.from, plane);
  return {
    colour,
    plane,
    start,
    waypoints,
    captures,
    end: route.final === 'hangar' ? pointOf(layout, colour, 'hangar', plane) : (last?.point ?? start),
    bounce,
    walkBack,
    blocked,
  };
}
