// In the cascade's order: wide.css changes what the areas before it set. Each area's sheet sits beside its
// capability; styles/ holds those several share.
import './styles/base.css';
import './styles/home.css';
import './lobby/lobby.css';
import './play/game.css';
import './results/results.css';
import './rules/rules.css';
import './styles/wide.css';
import './table/phrases.css';
import './styles/pages.css';
import './watch/watch.css';
import './ratings/ratings.css';
import type { AppContext } from './app';
import type { Screen } from './ui/screen';
import { language, onLanguageChange, setLanguage, t } from './i18n';
import { browserLanguage } from './i18n/browserLanguage';
import { NetSession } from './online/netSession';
import { SocialLink } from './online/socialLink';
import { VisibleWord } from './online/visibleWord';
import { OfflineStore } from './saves/offlineStore';
import { screenFor } from './screenFor';
import { showNotices } from './admin/noticeBanner';
import { showInvitations } from './friends/invitationBanner';
import { showTournamentCalls } from './tournaments/tableCallBanner';
import { showBell } from './friends/bell';
import { Prefs } from './ui/prefs';
import { type Route, hashOf, parseRoute, routeFromSearch } from './router';

const params = new URLSearchParams(window.location.search);
const fast = params.get('fast') === '1';
const prefs = new Prefs(window.localStorage);
setLanguage(params.get('lang') === 'en' ? 'en' : (prefs.language ?? browserLanguage(navigator.languages)));

const root = document.getElementById('app')!;
const live = document.getElementById('live')!;
const statusBar = document.getElementById('status')!;
const langButton = document.getElementById('lang') as HTMLButtonElement;
const homeLink = document.getElementById('home-link') as HTMLAnchorElement;
const tools = document.getElementById('tools')!;

const net = new NetSession(window.localStorage, import.meta.env.VITE_SERVER_URL || window.location.origin);
const visible = new VisibleWord(net);
const ctx: AppContext = {
  navigate(route: Route) {
    const hash = hashOf(route);
    if (window.location.hash === hash) show(route);
    else window.location.hash = hash;
  },
  announce(text: string) {
    // Re-setting identical text is not announced: clear first.
    live.textContent = '';
    window.setTimeout(() => (live.textContent = text), 30);
  },
  status(text, tone = 'info') {
    statusBar.hidden = text === null;
    statusBar.textContent = text ?? '';
    statusBar.dataset.tone = tone;
  },
  prefs,
  offline: new OfflineStore(window.localStorage),
  net,
  social: new SocialLink(net),
  visible,
  tools,
  speed: fast ? 0.08 : 1,
  botDelayMs: fast ? 40 : 700,
};

let screen: Screen | null = null;
const notices = showNotices(statusBar, ctx.net);
const invitations = showInvitations(statusBar, ctx);
const tournamentCalls = showTournamentCalls(statusBar, ctx);
const bell = showBell(langButton, ctx);
visible.start();
// A player made on this page (a first game, a table watched) or taken over (linked, signed in): their friends' stream and page word start now.
net.onPlayer(() => {
  ctx.social.ensure();
  visible.wake();
});

function show(route: Route): void {
  // The friends' stream runs on every page once the device has a player (a sign-in or a sign-out changes whose).
  ctx.social.ensure();
  screen?.dispose();
  tools.replaceChildren();
  screen = screenFor(ctx, route);
  root.replaceChildren(screen.el);
  void screen.mount?.();
}

function relabelShell(): void {
  document.documentElement.lang = language();
  langButton.textContent = t('lang.switch');
  langButton.setAttribute('aria-label', `${t('lang.label')}: ${t('lang.switch')}`);
  homeLink.textContent = t('app.title');
  document.title = t('app.title');
  document.querySelector('meta[name=description]')?.setAttribute('content', t('app.description'));
}

langButton.addEventListener('click', () => {
  const next = language() === 'zh-CN' ? 'en' : 'zh-CN';
  prefs.language = next;
  setLanguage(next);
});
onLanguageChange(() => {
  relabelShell();
  notices.relabel();
  invitations.relabel();
  tournamentCalls.relabel();
  bell.relabel();
  screen?.relabel();
});

// A shared link (`/?join=CODE`, `/?link=CODE`) opens its route; the address keeps only the hash from then on.
const linked = routeFromSearch(window.location.search);
if (linked) {
  const keep = fast ? '?fast=1' : '';
  window.history.replaceState(null, '', `${window.location.pathname}${keep}${hashOf(linked)}`);
}
window.addEventListener('hashchange', () => show(parseRoute(window.location.hash)));
relabelShell();
show(parseRoute(window.location.hash));

// The installed app, and a reload with no network, open from the service worker's copy (apps/web/serviceWorker.mts).
if (import.meta.env.PROD && 'serviceWorker' in navigator) void navigator.serviceWorker.register('./sw.js').catch(() => undefined);
