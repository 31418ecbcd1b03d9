import type { Colour } from '@flightchess/rules';
import type { BoardLayout } from '../board/layout';
import type { RoutePath, StepKind } from '../board/routePath';
import type { ArrivedMark, PlacedPlane } from '../board/placement';

export interface BoardMarks {
  readonly seats: readonly Colour[];
  /** Planes a side has (3 in the three-plane presets): one hangar place each. */
  readonly planes: number;
  /** Draw the safe stars (presets with safe squares). */
  readonly stars: boolean;
  readonly jumps: boolean;
  readonly flights: boolean;
}

/** A moment of a move's animation, as it happens: a leg towards the next waypoint begins, or planes are hit. */
export type RouteMoment = { readonly type: 'leg'; readonly kind: StepKind } | { readonly type: 'hit' };

/**
 * What the adapter (play/gameController.ts) asks of the board renderer, owned here so that the renderer
 * depends on nothing above it. PixiBoard draws it; it knows screen geometry and plane keys only: no rooms,
 * no engine actions.
 */
export interface BoardRenderer {
  drawBoard(layout: BoardLayout, marks: BoardMarks): void;
  placePlanes(planes: readonly PlacedPlane[]): void;
  /** How many planes of each colour have arrived (they are not among the placed planes). */
  showArrived(marks: readonly ArrivedMark[]): void;
  /** Move a plane along its route, sending captured planes back to their hangar slots; `moment` follows it. */
  animateRoute(path: RoutePath, victims: readonly PlacedPlane[], moment: (m: RouteMoment) => void): Promise<void>;
  rollDie(colour: Colour, value: number): Promise<void>;
  showDie(colour: Colour | null, value: number | null): void;
  setTurn(colour: Colour | null): void;
  setSelectable(keys: readonly string[], selected: string | null): void;
  showPreview(path: RoutePath | null): void;
  /** The game has moved on: finish the animation in hand quickly (the next one plays at its own pace). */
  hurry(): void;
}
