import type { AppContext } from '../app';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { failureOf } from '../online/netSession';
import { h } from '../ui/dom';
import { friendsApi } from './friendsApi';

/**
 * On another player's profile: ask them to be friends in one tap — or, when they asked first, accept; a
 * friend already, or asked and waiting, is said instead (as the page's friends were last told).
 */
export function friendButton(ctx: AppContext, playerId: string): HTMLElement {
  const box = h('section', { class: 'card friend-button', data: { testid: 'friend-button' } });
  const said = h('p', { role: 'status' });
  const render = () => {
    const known = ctx.social.friends;
    const creds = ctx.net.credentials();
    box.replaceChildren();
    if (known?.friends.some((f) => f.playerId === playerId)) return box.append(h('p', { text: t('friends.already') }));
    if (known?.outgoing.some((r) => r.playerId === playerId)) return box.append(h('p', { text: t('friends.asked') }));
    const theyAsked = known?.incoming.some((r) => r.playerId === playerId) ?? false;
    const press = async () => {
      if (!creds) return;
      try {
        if (theyAsked) ctx.social.told(await friendsApi.accept(ctx.net, creds, playerId));
        else ctx.social.told(await friendsApi.ask(ctx.net, creds, playerId));
        render();
      } catch (error) {
        said.textContent = errorMessage(failureOf(error).code);
      }
    };
    box.append(
      h('button', {
        type: 'button',
        text: theyAsked ? t('friends.acceptFrom') : t('friends.ask'),
        data: { testid: 'friend-ask-profile' },
        on: { click: () => void press() },
      }),
      said,
    );
  };
  render();
  return box;
}
