import { FRIEND_CODE_ALPHABET, FRIEND_CODE_LENGTH, type FriendCodeOwner, type FriendRequestAnswer } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { onlineName } from '../online/onlineName';
import { failureOf } from '../online/netSession';
import { hashOf } from '../router';
import { fill, h } from '../ui/dom';
import type { Screen } from '../ui/screen';
import { friendsApi } from './friendsApi';
import { shownCode } from './friendsPanel';
import { requestWords } from './presenceWords';

const isFriendCode = (code: string) => code.length === FRIEND_CODE_LENGTH && [...code].every((c) => FRIEND_CODE_ALPHABET.includes(c));

/** A friend link (`#/friend/<code>`): one tap asks its owner to be friends; then to the friends list. */
export function friendLinkScreen(ctx: AppContext, code: string): Screen {
  const el = h('main', { class: 'screen friend-link' });
  let answer: FriendRequestAnswer | null = null;
  /** The code's owner by name, once the server said (null: not yet, or no one has it). */
  let owner: string | null = null;
  let error = '';
  let busy = false;
  const ask = async () => {
    busy = true;
    render();
    try {
      const creds = ctx.net.credentials() ?? (await ctx.net.guest(onlineName(ctx.prefs)));
      answer = await friendsApi.ask(ctx.net, creds, code);
      ctx.social.ensure();
      ctx.social.told(answer);
    } catch (e) {
      error = errorMessage(failureOf(e).code);
    }
    busy = false;
    render();
  };
  const render = () =>
    fill(
      el,
      h('h1', { text: t('friends.link.title') }),
      h(
        'section',
        { class: 'card' },
        !isFriendCode(code) || owner === ''
          ? h('p', { class: 'error', role: 'alert', text: t('friends.link.bad') })
          : answer
            ? h('p', { role: 'status', text: requestWords(answer), data: { testid: 'friend-link-done' } })
            : h(
                'div',
                { class: 'stack' },
                h('p', {
                  text: owner
                    ? t('friends.link.askName', { name: owner, code: shownCode(code) })
                    : t('friends.link.ask', { code: shownCode(code) }),
                  data: { testid: 'friend-link-question' },
                }),
                h('button', {
                  class: 'primary',
                  text: t('friends.addButton'),
                  disabled: busy,
                  data: { testid: 'friend-link-ask' },
                  on: { click: () => void ask() },
                }),
              ),
        error ? h('p', { class: 'error', role: 'alert', text: error }) : null,
      ),
      h('nav', { class: 'page-nav' }, h('a', { class: 'button', href: hashOf({ name: 'friends' }), text: t('friends.link.open') })),
    );
  render();
  if (isFriendCode(code))
    void ctx.net.api<FriendCodeOwner>(`/api/friends/code/${code}`).then(
      (found) => ((owner = found.nickname), render()),
      // No one has it: said so (''); unreachable: asked without the name.
      (e: unknown) => failureOf(e).code === 'ERR_NO_PLAYER' && ((owner = ''), render()),
    );
  return { el, relabel: render, dispose() {} };
}
