import type { MatchRecord } from '@flightchess/protocol';
import { t } from '../i18n';
import { h } from '../ui/dom';

/** Who played which part of a seat its player left (each one who took it over, by the replay's steps), in words. */
export function standInLines(match: Pick<MatchRecord, 'seats' | 'actions'>): string[] {
  return match.seats.flatMap((seat) =>
    (seat.standIns ?? []).map((p) =>
      t('takeOver.part', { name: p.name, seat: seat.name, from: p.fromAction, to: p.toAction ?? match.actions.length }),
    ),
  );
}

/**
 * The record's parts of seats taken over after their players left (a casual table's seats play on); null
 * when nobody took one over. Their play counts in no score or rating: the seat's result stays its player's.
 */
export function standInsView(match: Pick<MatchRecord, 'seats' | 'actions'>): HTMLElement | null {
  const lines = standInLines(match);
  if (lines.length === 0) return null;
  return h(
    'section',
    { class: 'card stand-ins', data: { testid: 'stand-ins' } },
    h('h2', { text: t('takeOver.parts') }),
    h('ul', {}, ...lines.map((text) => h('li', { text, data: { testid: 'stand-in' } }))),
    h('p', { class: 'note', text: t('takeOver.partsNote') }),
  );
}
