import type { Colour, PlaneRef } from './colours';
import { FINISH } from './geometry';
import { type Draft, sendHome, setPlanes } from './draft';
import { arrivedCount, mateOf } from './queries';
import type { EndReason } from './state';

/** Hand the turn to the next seat clockwise that is still playing. */
export function passTurn(draft: Draft): void {
  const { seats } = draft;
  const from = seats.indexOf(draft.current);
  for (let i = 1; i <= seats.length; i++) {
    const next = seats[(from + i) % seats.length]!;
    if (!draft.out[next]) {
      draft.current = next;
      break;
    }
  }
  draft.phase = 'roll';
  draft.roll = null;
  draft.sixes = 0;
  draft.forcedPlane = null;
  draft.lastMoved = null;
  draft.events.push({ type: 'turn', seat: draft.current });
}

/** The same seat rolls again. */
export function rollAgain(draft: Draft): void {
  draft.phase = 'roll';
  draft.roll = null;
}

export function endGame(draft: Draft, winner: Colour | null, reason: EndReason): void {
  const mate = winner && mateOf(draft, winner);
  const winners = winner === null ? [] : mate ? [winner, mate] : [winner];
  draft.result = { winner, winners, reason };
  draft.phase = 'over';
  draft.roll = null;
  draft.pendingResign = null;
  draft.drawOffer = null;
  draft.events.push({ type: 'game-over', result: draft.result });
}

/** Count collisions: the mover's side gains, every owner of a plane sent home loses (§7.1). */
export function recordCollision(draft: Draft, by: Colour, victims: readonly PlaneRef[], moverHome: boolean): void {
  const collisions = { ...draft.collisions };
  const bump = (c: Colour, sent: number, lost: number) => {
    const was = collisions[c] ?? { sent: 0, lost: 0 };
    collisions[c] = { sent: was.sent + sent, lost: was.lost + lost };
  };
  bump(by, victims.length, moverHome ? 1 : 0);
  for (const v of victims) bump(v.colour, 0, 1);
  draft.collisions = collisions;
}

/** Send planes home for a third six (§2.1). */
export function threeSixesPenalty(draft: Draft): PlaneRef[] {
  const colour = draft.current;
  const planes = draft.planes[colour] ?? [];
  let refs: PlaneRef[] = [];
  if (draft.config.threeSixes === 'all-home') {
    refs = planes.flatMap((p, plane) => (p === 'hangar' ? [] : [{ colour, plane }]));
  } else if (draft.config.threeSixes === 'last-moved-home' && draft.lastMoved !== null) {
    if (planes[draft.lastMoved] !== 'hangar') refs = [{ colour, plane: draft.lastMoved }];
  }
  sendHome(draft, refs);
  return refs;
}

export function allArrived(draft: Draft, colour: Colour): boolean {
  return arrivedCount(draft, colour) === draft.config.planes;
}

/** Take a seat's unfinished planes off the board (§7: planes of a seat that is out). */
export function clearBoard(draft: Draft, colour: Colour): void {
  setPlanes(draft, colour, (planes) => {
    for (let i = 0; i < planes.length; i++) if (planes[i] !== FINISH) planes[i] = 'hangar';
  });
}
