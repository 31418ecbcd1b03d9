import { type LegKind, legPace, legsOf } from '@flightchess/protocol';
import type { Capture, Colour, PlaneRef, Route, Square } from '@flightchess/rules';
import { type BoardLayout, type Point, pointOf } from './layout';

/** How the plane gets to a waypoint (the protocol's leg kinds): animation and preview draw each kind differently. */
export type StepKind = LegKind;

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
  /** How much faster than the protocol's LEG_MS its legs go (a long route within the cap). */
  readonly pace: number;
}

function squarePoint(layout: BoardLayout, square: Square): Point {
  return pointOf(layout, square.colour, square.progress);
}

export function routePath(layout: BoardLayout, route: Route): RoutePath {
  const { colour, plane } = route;
  const legs = legsOf(route);
  const waypoints: Waypoint[] = legs.map((leg) => ({ point: pointOf(layout, colour, leg.to), kind: leg.kind }));
  // Where each segment kind ended, to hang captures on the right waypoint; the crossing capture happens
  // mid-flight, before the landing.
  const ends: Partial<Record<Capture['segment'], number>> = {};
  legs.forEach((leg, i) => {
    ends[leg.segment] = i;
    if (leg.kind === 'flight') ends.crossing = i - 1;
  });
  const blocked = route.segments.flatMap((seg) => (seg.kind === 'blocked' ? [squarePoint(layout, seg.by)] : []));
  const dice = route.segments.find((seg) => seg.kind === 'dice');
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
    bounce: dice?.kind === 'dice' && dice.bounce > 0,
    walkBack: dice?.kind === 'dice' && dice.walkBack > 0,
    blocked,
    pace: legPace(route),
  };
}
