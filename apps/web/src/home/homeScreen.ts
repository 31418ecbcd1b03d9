import { PRESET_NAMES } from '@flightchess/rules';
import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import { t } from '../i18n';
import { savedGameNote } from '../offline/savedGameNote';
import { type Child, fill, h } from '../ui/dom';
import { nicknameInput } from '../ui/nicknameInput';
import { onlineName } from '../online/onlineName';
import { type Route, hashOf } from '../router';
import { type OpenTablesView, openTablesView } from '../lobby/openTablesView';
import { type ReturnToGameView, returnToGameView } from './returnToGameView';
import { signedOutNote } from '../account/signedOutNote';
import { type LiveGamesView, liveGamesView } from '../watch/liveGamesView';
import { type CooldownView, cooldownView } from '../ratings/cooldownView';

/**
 * Home: the ways to play first, as tiles that fit a phone's screen without scrolling (play online now, with
 * friends, against the computer, pass-and-play), above them a game to return to; open tables, live games
 * and the rules below.
 */
export function homeScreen(ctx: AppContext): Screen {
  const el = h('main', { class: 'screen home' });
  const open = openTablesView(ctx);
  const mine = returnToGameView(ctx);
  const live = liveGamesView(ctx);
  const cooldown = cooldownView(ctx, () => render());
  const render = () => {
    open.render();
    mine.render();
    live.render();
    cooldown.render();
    fill(el, ...sections(ctx, open, mine, live, cooldown));
  };
  render();
  return {
    el,
    relabel: render,
    dispose() {
      open.dispose();
      live.dispose();
      cooldown.dispose();
    },
  };
}

/** A way to play: a large tile with its name and one line on what it is. */
function modeTile(mode: 'friends' | 'computer' | 'local', route: Route): HTMLElement {
  return h(
    'a',
    { class: `mode-tile mode-${mode}`, href: hashOf(route), data: { testid: `mode-${mode}` } },
    h('strong', { text: t(`mode.${mode}`) }),
    h('span', { text: t(`mode.${mode}.hint`) }),
  );
}

/**
 * Play now: a quick match; while quick play is closed to the player (a cooldown), the tile says when it
 * opens and points to the notice instead of failing.
 */
function playNowTile(ctx: AppContext, cooldown: CooldownView): HTMLElement {
  const cooling = cooldown.active();
  return h(
    'button',
    {
      class: `mode-tile mode-online primary${cooling ? ' cooling' : ''}`,
      data: { testid: 'play-now' },
      aria: cooling ? { describedby: 'cooldown-notice' } : {},
      on: {
        click: () => {
          if (cooldown.active()) return cooldown.el.scrollIntoView({ block: 'center' });
          onlineName(ctx.prefs);
          ctx.navigate({ name: 'quick' });
        },
      },
    },
    h('strong', { text: t('home.playNow') }),
    cooling ? cooldown.tileLine : h('span', { text: t('home.playNowHint') }),
  );
}

function sections(ctx: AppContext, open: OpenTablesView, mine: ReturnToGameView, live: LiveGamesView, cooldown: CooldownView): Child[] {
  const { input: nickname, note: nicknameNote } = nicknameInput({
    id: 'nickname',
    value: ctx.prefs.nickname,
    placeholder: t('home.nicknamePlaceholder'),
    on: { input: () => (ctx.prefs.nickname = nickname.value) },
  });
  const me = ctx.net.credentials()?.playerId;

  return [
    h('h1', { class: 'hero', text: t('app.title') }),
    signedOutNote(ctx),
    mine.el,
    savedGameNote(ctx, 'card saved'),
    h('label', { class: 'field nickname', for: nickname.id }, h('span', { text: t('home.nickname') }), nickname),
    nicknameNote,
    h(
      'nav',
      { class: 'modes', aria: { label: t('mode.label') } },
      playNowTile(ctx, cooldown),
      modeTile('friends', { name: 'friends' }),
      modeTile('computer', { name: 'new-offline', mode: 'computer' }),
      modeTile('local', { name: 'new-offline', mode: 'local' }),
    ),
    cooldown.el,
    h(
      'nav',
      { class: 'home-links' },
      h('a', { href: hashOf({ name: 'leaderboard' }), text: t('leaderboard.title'), data: { testid: 'leaderboard-link' } }),
      h('a', { href: hashOf({ name: 'tournaments' }), text: t('tournaments.title'), data: { testid: 'tournaments-link' } }),
      // A guest is made on the first online game: before that there is no profile to show.
      me ? h('a', { href: hashOf({ name: 'profile', playerId: me }), text: t('profile.mine'), data: { testid: 'profile-link' } }) : null,
      h('a', { href: hashOf({ name: 'sign-in' }), text: t('account.signIn.title'), data: { testid: 'sign-in-link' } }),
      h('a', { href: '#/rules/online', text: t('home.rules') }),
    ),
    open.el,
    live.el,
    h(
      'section',
      { class: 'card rules-card' },
      h('h2', { text: t('home.rules') }),
      h('ul', { class: 'rules-links' }, ...PRESET_NAMES.map((p) => h('li', {}, h('a', { href: `#/rules/${p}`, text: t(`preset.${p}`) })))),
    ),
  ];
}
