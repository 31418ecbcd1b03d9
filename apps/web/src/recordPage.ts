import type { AppContext } from './app';
import type { Screen } from './ui/screen';
import { type MessageKey, t } from './i18n';
import { type ServerFailure, failureOf } from './online/netSession';
import { type Child, fill, h } from './ui/dom';
import { type Route, hashOf } from './router';
import { errorMessage } from './i18n/errorMessages';

/** A page of what the server keeps (a profile, the leaderboard, a match): loading, then the data or why not. */
export interface RecordPage<T> {
  /** The page's own route (its navigation does not link to itself). */
  readonly self: Route;
  readonly className: string;
  readonly loading: MessageKey;
  readonly load: () => Promise<T>;
  /** The page's content; called again after a language switch and whenever the page calls `redraw`. */
  readonly render: (data: T, redraw: () => void) => Child[];
}

/** A failed load in words: no connection, the API's "no such …" answers (ERR_NO_PLAYER, ERR_NO_MATCH), or another refusal. */
export function failureText(failure: ServerFailure): string {
  return errorMessage(failure.code);
}

type State<T> =
  { readonly kind: 'loading' } | { readonly kind: 'ok'; readonly data: T } | { readonly kind: 'failed'; readonly failure: ServerFailure };

/** A record's page with the links between such pages (home, the leaderboard, the own profile), which several capabilities show. */
export function recordPage<T>(ctx: AppContext, page: RecordPage<T>): Screen {
  const el = h('main', { class: `screen record-page ${page.className}` });
  let state: State<T> = { kind: 'loading' };
  let disposed = false;
  const nav = () => {
    const me = ctx.net.credentials()?.playerId;
    const links: [Route, string][] = [
      [{ name: 'home' }, t('results.home')],
      [{ name: 'leaderboard' }, t('leaderboard.title')],
      ...(me ? [[{ name: 'profile', playerId: me }, t('profile.mine')] as [Route, string]] : []),
    ];
    const self = hashOf(page.self);
    return h(
      'nav',
      { class: 'page-nav' },
      ...links.filter(([route]) => hashOf(route) !== self).map(([route, text]) => h('a', { class: 'button', href: hashOf(route), text })),
    );
  };
  const render = () => {
    if (disposed) return;
    if (state.kind === 'loading') fill(el, h('p', { class: 'loading', role: 'status', text: t(page.loading) }));
    else if (state.kind === 'failed')
      fill(el, h('p', { class: 'error', role: 'alert', data: { testid: 'page-error' }, text: failureText(state.failure) }), nav());
    else fill(el, ...page.render(state.data, render), nav());
  };
  render();
  return {
    el,
    async mount() {
      try {
        state = { kind: 'ok', data: await page.load() };
      } catch (error) {
        state = { kind: 'failed', failure: failureOf(error) };
      }
      render();
    },
    relabel: render,
    dispose() {
      disposed = true;
    },
  };
}
