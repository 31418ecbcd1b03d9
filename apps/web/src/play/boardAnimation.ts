/** How the board animates one game event: a die roll, or a move along its route with the captured planes sent home. */
import type { GameEvent } from '@flightchess/rules';
import { type BoardLayout, pointOf } from '../board/layout';
import { type PlacedPlane, planeKey } from '../board/placement';
import { routePath } from '../board/routePath';
import type { BoardRenderer, RouteMoment } from '../render/boardRenderer';

/** Animate `event` on `renderer`; `moment` hears each moment of a move. Other events have no animation of their own. */
export async function animateEvent(
  renderer: BoardRenderer,
  layout: BoardLayout,
  event: GameEvent,
  moment: (m: RouteMoment) => void,
): Promise<void> {
  switch (event.type) {
    case 'rolled':
      renderer.setTurn(event.seat);
      await renderer.rollDie(event.seat, event.value);
      return;
    case 'moved': {
      const victims: PlacedPlane[] = event.route.captures.flatMap((c) =>
        c.victims.map((v) => ({
          key: planeKey(v),
          colour: v.colour,
          plane: v.plane,
          point: pointOf(layout, v.colour, 'hangar', v.plane),
          stack: [v.plane],
          top: true,
          heading: 0,
        })),
      );
      await renderer.animateRoute(routePath(layout, event.route), victims, moment);
      return;
    }
    default:
      return;
  }
}
