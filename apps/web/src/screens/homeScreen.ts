import { type BySeat, COLOURS, type Colour, PRESETS, PRESET_NAMES, type PresetName, applyHouseRules } from '@flightchess/rules';
import type { AppContext, Screen } from '../app';
import { colourName, t } from '../i18n';
import type { SeatPlayer } from '../offline/offlineStore';
import { newOfflineGame } from '../offline/offlineStore';
import { failureOf } from '../net/netSession';
import { errorMessage } from '../i18n/errorMessages';
import { fill, h, select } from '../ui/dom';
import { hashOf } from '../ui/router';
import { cryptoIndex } from '../util/ports';
import { houseRulesEditor } from '../table/houseRulesEditor';
import { presetAbout } from '../table/presetAbout';
import { type OpenTablesView, openTablesView } from '../table/openTablesView';
import { type ReturnToGameView, returnToGameView } from '../table/returnToGameView';
import { signInCard } from '../account/signInCard';
import { type LiveGamesView, liveGamesView } from '../watch/liveGamesView';

const TURN_TIMES = [10, 15, 20, 30, 45, 60] as const;
type SeatChoice = 'none' | SeatPlayer;
/** The bots an offline seat may be given, weakest first. */
const OFFLINE_BOTS = ['heuristic', 'strong', 'expert'] as const satisfies readonly SeatChoice[];

function presetChoices(): [string, string][] {
  return PRESET_NAMES.map((p) => [p, t(`preset.${p}`)]);
}

/** Home: return to a running game, play now, open tables, create / join online, offline hot-seat and bots, the rules. */
export function homeScreen(ctx: AppContext): Screen {
  const el = h('main', { class: 'screen home' });
  const open = openTablesView(ctx);
  const mine = returnToGameView(ctx);
  const live = liveGamesView(ctx);
  const render = () => {
    open.render();
    mine.render();
    live.render();
    fill(el, ...sections(ctx, open, mine, live));
  };
  render();
  return {
    el,
    relabel: render,
    dispose() {
      open.dispose();
      live.dispose();
    },
  };
}

function sections(ctx: AppContext, open: OpenTablesView, mine: ReturnToGameView, live: LiveGamesView): HTMLElement[] {
  const error = h('p', { class: 'error', role: 'alert', data: { testid: 'home-error' } });
  const offError = h('p', { class: 'error', role: 'alert', data: { testid: 'offline-error' } });
  const busy = (on: boolean) => {
    for (const b of document.querySelectorAll<HTMLButtonElement>('.home button.net')) b.disabled = on;
    error.textContent = on ? t('home.connecting') : '';
  };
  const fail = (e: unknown) => {
    busy(false);
    const failure = failureOf(e);
    error.textContent = errorMessage(failure.code);
  };

  // ---- nickname ----
  const nickname = h('input', {
    id: 'nickname',
    value: ctx.prefs.nickname,
    placeholder: t('home.nicknamePlaceholder'),
    maxLength: 20,
    on: { change: () => (ctx.prefs.nickname = nickname.value) },
  });
  const typed = () => nickname.value.trim();
  /** Online a player needs a name others see: one is made up (and kept) when none was typed. */
  const name = () => {
    const n = typed() || t('home.defaultNickname', { n: 100 + cryptoIndex(900) });
    ctx.prefs.nickname = n;
    return n;
  };

  // ---- create a table ----
  const preset = select('create-preset', presetChoices(), 'online');
  const seats = select(
    'create-seats',
    [
      ['2', '2'],
      ['3', '3'],
      ['4', '4'],
    ],
    '4',
  );
  const teams = h('input', { type: 'checkbox', id: 'create-teams' });
  const turn = select(
    'create-turn',
    TURN_TIMES.map((s) => [String(s), String(s)] as [string, string]),
    '15',
  );
  const priv = h('input', { type: 'checkbox', id: 'create-private', checked: true });
  const watchable = h('input', { type: 'checkbox', id: 'create-watchable', checked: true });
  const house = houseRulesEditor('create');
  const syncCreate = () => {
    const config = PRESETS[preset.value as PresetName];
    for (const o of seats.options) o.disabled = Number(o.value) > config.maxPlayers;
    if (Number(seats.value) > config.maxPlayers) seats.value = String(config.maxPlayers);
    teams.disabled = !config.teamsAllowed || seats.value !== '4';
    if (teams.disabled) teams.checked = false;
  };
  preset.addEventListener('change', syncCreate);
  seats.addEventListener('change', syncCreate);
  syncCreate();
  const create = () => {
    const options = house.value();
    const checked = applyHouseRules(PRESETS[preset.value as PresetName], options);
    if (!checked.ok) {
      error.textContent = errorMessage(checked.error.code);
      return;
    }
    busy(true);
    ctx.net
      .createTable(
        {
          preset: preset.value as PresetName,
          ...(Object.keys(options).length > 0 ? { options: options as Record<string, unknown> } : {}),
          size: Number(seats.value),
          teams: teams.checked,
          turnSeconds: Number(turn.value),
          private: priv.checked,
          watchable: watchable.checked,
        },
        name(),
      )
      .then((room) => {
        ctx.net.hand(room);
        ctx.navigate({ name: 'table', roomId: room.roomId });
      }, fail);
  };

  // ---- join by code ----
  const code = h('input', { id: 'join-code', placeholder: t('home.codePlaceholder'), maxLength: 8, aria: { label: t('home.code') } });
  const join = () => {
    const c = code.value.trim().toUpperCase();
    if (c) ctx.navigate({ name: 'join', code: c });
  };
  const playNow = () => {
    name();
    ctx.navigate({ name: 'quick' });
  };

  // ---- offline ----
  const offPreset = select('offline-preset', presetChoices(), 'online');
  const offTeams = h('input', { type: 'checkbox', id: 'offline-teams' });
  const defaults: BySeat<SeatChoice> = { red: 'human', green: 'none', yellow: 'strong', blue: 'none' };
  const seatSelects = COLOURS.map((colour) =>
    select(
      `offline-${colour}`,
      [
        ['none', t('home.seatNone')],
        ['human', t('home.seatHuman')],
        ...OFFLINE_BOTS.map((bot): [string, string] => [bot, t('bot.name', { level: t(`bot.level.${bot}`) })]),
      ],
      defaults[colour] ?? 'none',
    ),
  );
  const syncOffline = () => {
    const config = PRESETS[offPreset.value as PresetName];
    seatSelects.forEach((s, i) => {
      const allowed = config.colours.includes(COLOURS[i]!);
      s.disabled = !allowed;
      if (!allowed) s.value = 'none';
    });
    const seated = seatSelects.filter((s) => s.value !== 'none').length;
    offTeams.disabled = !config.teamsAllowed || seated !== 4;
    if (offTeams.disabled) offTeams.checked = false;
  };
  offPreset.addEventListener('change', syncOffline);
  for (const s of seatSelects) s.addEventListener('change', syncOffline);
  syncOffline();
  const startOffline = () => {
    const players: BySeat<SeatPlayer> = {};
    seatSelects.forEach((s, i) => {
      if (s.value !== 'none') players[COLOURS[i]!] = s.value as SeatPlayer;
    });
    if (Object.keys(players).length < 2) {
      offError.textContent = t('home.needTwo');
      return;
    }
    const names: BySeat<string> = {};
    const humans = COLOURS.filter((c) => players[c] === 'human');
    // Offline without a typed name the seat keeps its colour's name, in whichever language is shown.
    if (humans.length === 1 && typed()) names[humans[0]!] = typed();
    const made = newOfflineGame({ preset: offPreset.value as PresetName, players, names, teams: offTeams.checked }, cryptoIndex);
    if (!made.ok) {
      offError.textContent = errorMessage(made.error.code);
      return;
    }
    ctx.offline.save(made.loaded.saved);
    ctx.navigate({ name: 'offline' });
  };
  const saved = ctx.offline.unfinished();
  const last = ctx.offline.lastFinished();
  const me = ctx.net.credentials()?.playerId;

  const field = (label: string, control: HTMLElement) =>
    h('label', { class: 'field', for: control.id }, h('span', { text: label }), control);
  const check = (label: string, control: HTMLInputElement) =>
    h('label', { class: 'check', for: control.id }, control, h('span', { text: label }));

  return [
    h(
      'header',
      { class: 'hero' },
      h('h1', { text: t('app.title') }),
      h('p', { class: 'tagline', text: t('app.tagline') }),
      h(
        'nav',
        { class: 'home-links' },
        h('a', { href: hashOf({ name: 'leaderboard' }), text: t('leaderboard.title'), data: { testid: 'leaderboard-link' } }),
        // A guest is made on the first online game: before that there is no profile to show.
        me ? h('a', { href: hashOf({ name: 'profile', playerId: me }), text: t('profile.mine'), data: { testid: 'profile-link' } }) : null,
      ),
    ),
    mine.el,
    h(
      'section',
      { class: 'card nickname play-now' },
      field(t('home.nickname'), nickname),
      h('button', { class: 'primary big', text: t('home.playNow'), data: { testid: 'play-now' }, on: { click: playNow } }),
      h('p', { class: 'hint', text: t('home.playNowHint') }),
    ),
    signInCard(ctx),
    open.el,
    live.el,
    h(
      'section',
      { class: 'card', aria: { label: t('home.online') } },
      h('h2', { text: t('home.online') }),
      h('h3', { text: t('home.create') }),
      field(t('home.preset'), preset),
      presetAbout(preset),
      field(t('home.seats'), seats),
      check(t('home.teams'), teams),
      field(t('home.turnTime'), turn),
      check(t('home.private'), priv),
      check(t('watch.allow'), watchable),
      house.el,
      h(
        'div',
        { class: 'row' },
        h('button', { class: 'primary net', text: t('home.create'), data: { testid: 'create' }, on: { click: create } }),
      ),
      h('h3', { text: t('home.join') }),
      h(
        'div',
        { class: 'row' },
        code,
        h('button', { class: 'net', text: t('home.joinButton'), data: { testid: 'join' }, on: { click: join } }),
      ),
      error,
    ),
    h(
      'section',
      { class: 'card', aria: { label: t('home.offline') } },
      h('h2', { text: t('home.offline') }),
      saved
        ? h(
            'div',
            { class: 'saved' },
            h('p', { text: t('home.offlineSaved', { preset: t(`preset.${saved.state.preset}`), rolls: saved.state.rolls }) }),
            h('button', {
              class: 'primary',
              text: t('home.offlineContinue'),
              data: { testid: 'offline-continue' },
              on: { click: () => ctx.navigate({ name: 'offline' }) },
            }),
          )
        : null,
      field(t('home.preset'), offPreset),
      presetAbout(offPreset),
      h(
        'div',
        { class: 'offline-seats' },
        ...COLOURS.map((c, i) =>
          h(
            'label',
            { class: `field seat-choice colour-${c}`, for: seatSelects[i]!.id },
            h('span', { class: 'swatch' }),
            h('span', { text: t('colour.side', { colour: colourName(c as Colour) }) }),
            seatSelects[i]!,
          ),
        ),
      ),
      check(t('home.teams'), offTeams),
      h('button', { class: 'primary', text: t('home.offlineStart'), data: { testid: 'offline-start' }, on: { click: startOffline } }),
      last ? h('button', { text: t('home.replayLast'), on: { click: () => ctx.navigate({ name: 'replay-offline' }) } }) : null,
      offError,
    ),
    h(
      'section',
      { class: 'card rules-card' },
      h('h2', { text: t('home.rules') }),
      h('ul', { class: 'rules-links' }, ...PRESET_NAMES.map((p) => h('li', {}, h('a', { href: `#/rules/${p}`, text: t(`preset.${p}`) })))),
    ),
  ];
}
