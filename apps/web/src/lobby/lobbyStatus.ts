import type { TableFacts } from '@flightchess/protocol';
import { language, t } from '../i18n';
import { h } from '../ui/dom';
import { countdownLine } from './countdownLine';

/**
 * What the lobby waits for, in words: a public table's countdown (it has no ready step), or at a
 * private table the players the host's start waits for, or that bots take the free seats.
 */
export function lobbyStatus(table: TableFacts, seated: boolean, isHost: boolean): HTMLElement {
  if (!table.private) return table.startsAt > 0 ? countdownLine(table.startsAt) : h('p', { class: 'hint', text: t('lobby.starting') });
  const hint = (text: string) => h('p', { class: 'hint', role: 'status', data: { testid: 'lobby-status' }, text });
  if (!seated) return hint(t('watch.lobbyHint'));
  const waitingFor = table.seats.filter((s) => s.kind === 'human' && !s.ready && s.playerId !== table.hostId).map((s) => s.name);
  if (waitingFor.length > 0) return hint(t('lobby.waitingFor', { names: new Intl.ListFormat(language()).format(waitingFor) }));
  const full = table.seats.length >= table.size;
  if (!isHost) return hint(full ? t('lobby.waiting') : `${t('lobby.waiting')} ${t('lobby.botsFill')}`);
  return hint(full ? t('lobby.canStart') : t('lobby.botsFill'));
}
