/** Every game event in words: the caption over the board, the screen reader's live region and the move list say the same. */
import { planeNumber } from '../board/planeNumber';
import { type Capture, type Colour, type GameEvent, type PlaneRef, type Route, FINISH } from '@flightchess/rules';
import { colourName, t } from '../i18n';
import { describePosition, seatName } from './describe';
import type { GameUpdate, GameView } from './types';

/** The seats' planes a capture sent home, by colour: "黄方 1、3 号" / "Yellow 1, 3". */
export function victimsWords(victims: readonly PlaneRef[]): string {
  const colours = [...new Set(victims.map((v) => v.colour))];
  return colours
    .map((colour) =>
      t('event.victims', {
        side: t('colour.side', { colour: colourName(colour) }),
        planes: victims
          .filter((v) => v.colour === colour)
          .map((v) => planeNumber(v.plane))
          .join(t('event.victimsJoin')),
      }),
    )
    .join(t('event.victimsJoin'));
}

/** What a route did, in order: take-off or steps (a bounce, a walk-back, a six-stop), a jump, a flight and its crossing, a block. */
export function routeWords(route: Route): string[] {
  const parts: string[] = [];
  for (const seg of route.segments) {
    switch (seg.kind) {
      case 'takeoff':
        parts.push(t('event.takeoff'));
        break;
      case 'dice': {
        const back = seg.bounce + seg.walkBack;
        parts.push(t('event.steps', { n: seg.path.length - back }));
        if (seg.bounce > 0) parts.push(t('event.bounce', { n: seg.bounce }));
        if (seg.walkBack > 0) parts.push(t('event.walkBack', { n: seg.walkBack }));
        if (seg.sixStop) parts.push(t('event.sixStop'));
        break;
      }
      case 'jump':
        parts.push(t('event.jump'));
        break;
      case 'flight':
        parts.push(
          seg.crossing
            ? t('event.flightCrossing', { lane: t('colour.side', { colour: colourName(seg.crossing.colour) }) })
            : t('event.flight'),
        );
        break;
      case 'blocked':
        parts.push(t(`event.blocked.${seg.special}`));
        break;
    }
  }
  return parts;
}

/** The plane landed on a square with another of its own: a stack, where the preset has them. */
function stacked(view: GameView, seat: Colour, plane: number, final: Route['final']): boolean {
  if (view.state.config.stacks === 'none' || typeof final !== 'number' || final === 0 || final >= FINISH) return false;
  return (view.state.planes[seat] ?? []).some((p, i) => i !== plane && p === final);
}

function captureWords(name: string, capture: Capture): string {
  const victims = victimsWords(capture.victims);
  return capture.moverSentHome ? t('event.crashed', { name, victims }) : t('event.captured', { name, victims });
}

/** One event in words, or null for one that is not told (an answer the panels show, a seat's own leaving). */
export function eventWords(event: GameEvent, view: GameView): string | null {
  const name = (c: Colour) => seatName(view, c);
  switch (event.type) {
    case 'rolled':
      return t('event.rolled', { name: name(event.seat), roll: event.value });
    case 'no-move':
      return t('game.noMove', { name: name(event.seat), roll: event.value });
    case 'moved': {
      const { route } = event;
      const parts = routeWords(route);
      if (!route.arrived && route.final !== 'hangar') parts.push(t('event.to', { where: describePosition(route.final) }));
      if (stacked(view, event.seat, event.plane, route.final)) parts.push(t('event.stack'));
      return t('event.moved', { name: name(event.seat), plane: planeNumber(event.plane), what: parts.join(t('event.partsJoin')) });
    }
    case 'captured':
      return captureWords(name(event.seat), event.capture);
    case 'arrived':
      return t('event.arrived', { name: name(event.seat), plane: planeNumber(event.plane) });
    case 'three-sixes':
      return t(`event.threeSixes.${event.penalty}`, { name: name(event.seat) });
    case 'extra-roll':
      return t(`event.extra.${event.reason}`, { name: name(event.seat) });
    case 'turn':
      return t('announce.turn', { name: name(event.seat) });
    case 'draw-offered':
      return t('game.drawOffered', { name: name(event.seat) });
    case 'game-over':
      return event.result.winner ? t('announce.over', { name: name(event.result.winner) }) : t('announce.draw');
    default:
      return null;
  }
}

/** Events in words, one line each; a roll is said once, with what came of it when nothing could move. */
export function eventLines(events: readonly GameEvent[], view: GameView): string[] {
  return events.flatMap((event, i) => {
    const next = events[i + 1];
    if (event.type === 'rolled' && (next?.type === 'no-move' || next?.type === 'three-sixes')) return [];
    const words = eventWords(event, view);
    return words === null ? [] : [words];
  });
}

/** What an update's events were, in one line for the screen reader's live region (the caption's words); null when nothing worth saying happened. */
export function announcementOf(update: GameUpdate): string | null {
  const lines = eventLines(update.events, update.view);
  return lines.length > 0 ? lines.join(' ') : null;
}
