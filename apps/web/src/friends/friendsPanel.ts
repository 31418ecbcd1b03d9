import type { Friend, FriendsAnswer, SettingsAnswer } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { onlineName } from '../online/onlineName';
import { type Credentials, failureOf } from '../online/netSession';
import { hashOf } from '../router';
import { confirmDialog } from '../ui/confirmDialog';
import { fill, h } from '../ui/dom';
import { friendsApi } from './friendsApi';
import { presenceWords, requestWords } from './presenceWords';
import './friends.css';

/** A friend code as people read it: two groups of four. */
export const shownCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** The link that asks this player to be friends (`#/friend/<code>`). */
export const friendLink = (code: string) => new URL(hashOf({ name: 'friend', code }), window.location.href).href;

/**
 * The player's friends, live (SocialLink): requests to answer first, then the friends with what each is
 * doing (online first; watch a friend's table in one tap), the requests waiting for an answer, a box for a
 * friend code, this player's own code and link, and "appear offline".
 */
export function friendsPanel(ctx: AppContext): { readonly el: HTMLElement; relabel(): void; dispose(): void } {
  const el = h('section', { class: 'card friends-panel', aria: { label: t('friends.title') }, data: { testid: 'friends' } });
  const said = h('p', { class: 'friends-said', role: 'status', data: { testid: 'friends-said' } });
  let shown: FriendsAnswer | null = null;

  /** The device's player: made now (with the name typed on home, else one made up) when there is none yet. */
  const creds = async (): Promise<Credentials> => {
    const c = ctx.net.credentials() ?? (await ctx.net.guest(onlineName(ctx.prefs)));
    ctx.social.ensure();
    return c;
  };
  const act = async <A extends FriendsAnswer | SettingsAnswer>(work: (c: Credentials) => Promise<A>, done?: (answer: A) => string) => {
    try {
      const answer = await work(await creds());
      ctx.social.told(answer);
      said.textContent = done ? done(answer) : '';
    } catch (error) {
      said.textContent = errorMessage(failureOf(error).code);
    }
  };

  const friendItem = (f: Friend) => {
    const table = f.presence.table;
    const watch = table?.watchable
      ? h('a', {
          class: 'button small',
          href: hashOf({ name: 'watch', roomId: table.roomId }),
          text: t('friends.watch'),
          data: { testid: 'friend-watch' },
        })
      : null;
    return h(
      'li',
      { class: `friend ${f.presence.state}`, data: { testid: 'friend', state: f.presence.state } },
      h('span', { class: 'presence-dot', aria: { hidden: 'true' } }),
      h(
        'span',
        { class: 'friend-text' },
        h('a', { class: 'friend-name', href: hashOf({ name: 'profile', playerId: f.playerId }), text: f.nickname }),
        h('span', { class: 'friend-state', text: presenceWords(f.presence, Date.now()), data: { testid: 'friend-state' } }),
      ),
      watch,
      // Off until turned on: told (a notice, a push) when this friend starts a game.
      h('button', {
        type: 'button',
        class: f.alert ? 'small alert on' : 'small quiet alert',
        text: t('friends.alert'),
        aria: { pressed: String(f.alert), label: t(f.alert ? 'friends.alertOn' : 'friends.alertOff', { name: f.nickname }) },
        data: { testid: 'friend-alert' },
        on: { click: () => void act((c) => friendsApi.alert(ctx.net, c, f.playerId, !f.alert)) },
      }),
      h('button', {
        class: 'small quiet',
        text: t('friends.remove'),
        on: {
          click: () =>
            void confirmDialog(t('friends.removeConfirm', { name: f.nickname }), t('friends.remove')).then(async (yes) => {
              if (yes) await act((c) => friendsApi.remove(ctx.net, c, f.playerId));
            }),
        },
      }),
    );
  };

  const code = h('input', {
    id: 'friend-code',
    placeholder: t('friends.addPlaceholder'),
    maxLength: 12,
    aria: { label: t('friends.addPlaceholder') },
  });
  code.autocomplete = 'off';
  code.autocapitalize = 'characters';
  const ask = (e: Event) => {
    e.preventDefault();
    const to = code.value.trim();
    if (!to) return;
    void act(
      (c) => friendsApi.ask(ctx.net, c, to),
      (answer) => {
        code.value = '';
        return requestWords(answer);
      },
    );
  };

  const render = () => {
    const a = shown;
    const incoming = (a?.incoming ?? []).map((r) =>
      h(
        'li',
        { class: 'friend-request', data: { testid: 'friend-request' } },
        h('span', { class: 'friend-text', text: t('friends.asks', { name: r.nickname }) }),
        h('button', {
          class: 'small primary',
          text: t('friends.accept'),
          data: { testid: 'friend-accept' },
          on: { click: () => void act((c) => friendsApi.accept(ctx.net, c, r.playerId)) },
        }),
        h('button', {
          class: 'small',
          text: t('friends.decline'),
          data: { testid: 'friend-decline' },
          on: { click: () => void act((c) => friendsApi.decline(ctx.net, c, r.playerId)) },
        }),
      ),
    );
    const outgoing = (a?.outgoing ?? []).map((r) =>
      h(
        'li',
        { class: 'friend-request out', data: { testid: 'friend-outgoing' } },
        h('span', { class: 'friend-text', text: t('friends.waiting', { name: r.nickname }) }),
        h('button', {
          class: 'small quiet',
          text: t('friends.withdraw'),
          on: { click: () => void act((c) => friendsApi.remove(ctx.net, c, r.playerId)) },
        }),
      ),
    );
    const list = a?.friends ?? [];
    const offline = h('input', { type: 'checkbox', id: 'appear-offline', checked: a?.settings.appearOffline ?? false });
    offline.addEventListener('change', () => void act((c) => friendsApi.settings(ctx.net, c, { appearOffline: offline.checked })));
    const copy = () => {
      if (!a) return;
      const link = friendLink(a.code);
      const done = () => (said.textContent = t('friends.copied'));
      if (navigator.clipboard) void navigator.clipboard.writeText(link).then(done, () => window.prompt(t('friends.copyLink'), link));
      else window.prompt(t('friends.copyLink'), link);
    };
    fill(
      el,
      h('h2', { text: t('friends.title') }),
      incoming.length > 0 ? h('ul', { class: 'friend-requests' }, ...incoming) : null,
      list.length > 0
        ? h('ul', { class: 'friend-list', data: { testid: 'friend-list' } }, ...list.map(friendItem))
        : h('p', { class: 'muted', text: t('friends.none') }),
      outgoing.length > 0 ? h('ul', { class: 'friend-requests' }, ...outgoing) : null,
      h('h3', { text: t('friends.add') }),
      h(
        'form',
        { class: 'row', on: { submit: ask } },
        code,
        h('button', { type: 'submit', text: t('friends.addButton'), data: { testid: 'friend-ask' } }),
      ),
      said,
      a
        ? h(
            'div',
            { class: 'friend-own' },
            h('p', { text: t('friends.yourCode', { code: shownCode(a.code) }), data: { testid: 'friend-own-code' } }),
            h(
              'div',
              { class: 'row' },
              h('button', { type: 'button', text: t('friends.copyLink'), data: { testid: 'friend-copy' }, on: { click: copy } }),
              h('button', {
                type: 'button',
                class: 'quiet',
                text: t('friends.newCode'),
                on: { click: () => void act((c) => friendsApi.newCode(ctx.net, c)) },
              }),
            ),
            h('label', { class: 'check', for: 'appear-offline' }, offline, t('friends.appearOffline')),
          )
        : null,
    );
  };

  const stop = ctx.social.watch((answer) => {
    shown = answer;
    render();
  });
  render();
  // The panel needs the player's code and list even before the stream's first word: ask once.
  void creds()
    .then((c) => friendsApi.list(ctx.net, c))
    .then((answer) => !shown && ctx.social.told(answer))
    .catch((error: unknown) => (said.textContent = errorMessage(failureOf(error).code)));
  // "Seen 5 min ago" moves on while the page stays open.
  const ticker = window.setInterval(render, 60_000);
  return {
    el,
    relabel: render,
    dispose: () => {
      stop();
      window.clearInterval(ticker);
    },
  };
}
