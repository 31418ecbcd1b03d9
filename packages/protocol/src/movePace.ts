/**
 * How long the board takes to show what one action did. One function for both sides: the web client
 * animates at this pace, and the server's turn planner waits for it before the next automatic step or
 * a person's turn time, so that nobody acts on a move nobody has seen yet.
 */
import { type GameEvent, type Route, type SegmentKind } from '@flightchess/rules';

/** How the plane gets to a square: the board draws each kind differently. */
export type LegKind = 'takeoff' | 'step' | 'back' | 'jump' | 'flight';

/** One square of a route, in order; `segment` is the route segment it belongs to. */
export interface Leg {
  readonly kind: LegKind;
  /** The square reached, as the mover counts progress. */
  readonly to: number;
  readonly segment: SegmentKind;
}

/** A square at a walking pace a person can count; the specials slower, a flight across the board slowest. */
export const LEG_MS: Readonly<Record<LegKind, number>> = { takeoff: 400, step: 180, back: 180, jump: 400, flight: 800 };
/** A capture's own beat: the burst at the square and the planes flying home. */
export const CAPTURE_MS = 700;
/** The die tumbling. */
export const ROLL_MS = 500;
/** A turn that ends in words only (no plane can move, three sixes): time to read them. */
export const NOTICE_MS = 1200;
/** However long the route, a move is shown within this. */
export const ROUTE_CAP_MS = 3000;

/** The squares a route passes through, one leg each (RULES.md §6). */
export function legsOf(route: Route): Leg[] {
  const legs: Leg[] = [];
  for (const seg of route.segments) {
    switch (seg.kind) {
      case 'takeoff':
        legs.push({ kind: 'takeoff', to: seg.to, segment: 'takeoff' });
        break;
      case 'dice': {
        let prev = seg.from;
        for (const p of seg.path) {
          legs.push({ kind: p < prev ? 'back' : 'step', to: p, segment: 'dice' });
          prev = p;
        }
        break;
      }
      case 'jump':
      case 'flight':
        legs.push({ kind: seg.kind, to: seg.to, segment: seg.kind });
        break;
      case 'blocked':
        break;
    }
  }
  return legs;
}

/**
 * How much faster than LEG_MS the legs of `route` go (1, or less for a route too long for the cap):
 * the captures keep their whole beat.
 */
export function legPace(route: Route): number {
  const legs = legsOf(route).reduce((ms, leg) => ms + LEG_MS[leg.kind], 0);
  const room = ROUTE_CAP_MS - route.captures.length * CAPTURE_MS;
  return legs <= room ? 1 : Math.max(0, room) / legs;
}

/** A move's time on the board: its legs at their pace, and a beat for each capture. */
export function routeMs(route: Route): number {
  const pace = legPace(route);
  const legs = legsOf(route).reduce((ms, leg) => ms + LEG_MS[leg.kind] * pace, 0);
  return Math.round(legs + route.captures.length * CAPTURE_MS);
}

/** How long the board shows the events of one action; 0 for those it does not animate. */
export function shownMs(events: readonly GameEvent[]): number {
  return events.reduce((ms, event) => {
    switch (event.type) {
      case 'rolled':
        return ms + ROLL_MS;
      case 'no-move':
      case 'three-sixes':
        return ms + NOTICE_MS;
      case 'moved':
        return ms + routeMs(event.route);
      default:
        return ms;
    }
  }, 0);
}
