/** The words for the ARIA live region that say what an update's events were, as soon as they happened. */
import type { Colour } from '@flightchess/rules';
import { planeNumber } from '../board/planeNumber';
import { t } from '../i18n';
import { describePosition, seatName } from './describe';
import type { GameUpdate } from './types';

/** What happened, in one line for the screen reader; null when nothing worth saying did. */
export function announcementOf(update: GameUpdate): string | null {
  const view = update.view;
  const name = (c: Colour) => seatName(view, c);
  const lines = update.events.flatMap((event): string[] => {
    switch (event.type) {
      case 'rolled':
        return [t('announce.rolled', { name: name(event.seat), roll: event.value })];
      case 'no-move':
        return [t('game.noMove', { name: name(event.seat), roll: event.value })];
      case 'moved':
        return [
          t('announce.moved', { name: name(event.seat), plane: planeNumber(event.plane), where: describePosition(event.route.final) }),
        ];
      case 'captured':
        return [t('announce.captured', { name: name(event.seat), n: event.capture.victims.length })];
      case 'arrived':
        return [t('announce.arrived', { name: name(event.seat) })];
      case 'extra-roll':
        return [t('announce.extra', { name: name(event.seat) })];
      case 'turn':
        return [t('announce.turn', { name: name(event.seat) })];
      case 'draw-offered':
        return [t('game.drawOffered', { name: name(event.seat) })];
      case 'game-over':
        return [event.result.winner ? t('announce.over', { name: name(event.result.winner) }) : t('announce.draw')];
      default:
        return [];
    }
  });
  return lines.length > 0 ? lines.join(' ') : null;
}
