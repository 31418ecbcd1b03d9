import type { AppContext } from '../app';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { failureOf } from '../online/netSession';
import { h } from '../ui/dom';
import { friendsApi } from './friendsApi';

/** A seat as a table's facts or a match record tell it: who sits there. */
export interface SeatedPerson {
  readonly kind: 'human' | 'bot';
  readonly playerId: string | null;
  readonly name: string;
}

/**
 * At a table and under a game's results: the people who sit or sat there (not this player, not friends
 * already, not asked already), each asked to be a friend in one tap — "play again with them" starts there.
 */
export function friendsFromTable(ctx: AppContext, seats: readonly SeatedPerson[]): HTMLElement | null {
  const me = ctx.net.credentials();
  const known = ctx.social.friends;
  const others = seats.filter(
    (s) =>
      s.kind === 'human' &&
      s.playerId !== null &&
      s.playerId !== me?.playerId &&
      !known?.friends.some((f) => f.playerId === s.playerId) &&
      !known?.outgoing.some((r) => r.playerId === s.playerId),
  );
  if (!me || others.length === 0) return null;
  const said = h('p', { class: 'friends-said', role: 'status' });
  return h(
    'section',
    { class: 'card friends-panel', data: { testid: 'friends-from-table' } },
    h('h2', { text: t('friends.fromTable') }),
    h(
      'div',
      { class: 'row' },
      ...others.map((s) => {
        const button = h('button', { type: 'button', text: t('friends.addName', { name: s.name }), data: { testid: 'friend-from-table' } });
        button.addEventListener('click', () => {
          button.disabled = true;
          void friendsApi.ask(ctx.net, me, s.playerId!).then(
            (answer) => {
              ctx.social.told(answer);
              button.textContent = answer.outcome === 'friends' ? t('friends.already') : t('friends.sentShort', { name: s.name });
            },
            (error: unknown) => {
              button.disabled = false;
              said.textContent = errorMessage(failureOf(error).code);
            },
          );
        });
        return button;
      }),
    ),
    said,
  );
}
