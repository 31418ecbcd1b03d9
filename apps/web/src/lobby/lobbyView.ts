import { type ClientMessage, type ClientMessageType, type TableFacts, seatsInPlay } from '@flightchess/protocol';
import {
  BOT_RATINGS,
  type BotName,
  type Colour,
  type HouseRules,
  PRESETS,
  applyHouseRules,
  isPresetName,
  ratingModeOf,
  teamOf,
} from '@flightchess/rules';
import { nameOf, presetName, teamName } from '../play/describe';
import { botOf, ownColour } from '../play/gameView';
import { colourName, t } from '../i18n';
import { h } from '../ui/dom';
import { lobbyStatus } from './lobbyStatus';
import { ratedBadge } from '../ratings/ratedBadge';
import { seatRating } from '../ratings/ratingWords';

export interface LobbyActions {
  send<T extends ClientMessageType>(type: T, payload: ClientMessage<T>): void;
  leave(): void;
}

/** Colours the preset plays (red and yellow only in plyyard). */
function presetColours(table: TableFacts): readonly Colour[] {
  if (!isPresetName(table.preset)) return ['red', 'green', 'yellow', 'blue'];
  let options: HouseRules;
  try {
    options = JSON.parse(table.options || '{}') as HouseRules;
  } catch {
    options = {};
  }
  const config = applyHouseRules(PRESETS[table.preset], options);
  return config.ok ? config.value.colours : PRESETS[table.preset].colours;
}

/** The invite link: the server's join form `/?join=CODE` for private tables, the table route otherwise. */
export function inviteLink(table: TableFacts, roomId: string, location: Pick<Location, 'origin' | 'pathname'>): string {
  const base = `${location.origin}${location.pathname}`;
  return table.code ? `${base}?join=${table.code}` : `${base}#/table/${roomId}`;
}

/** Levels the host may add, and the one picked last (kept while the lobby redraws). */
const BOT_LEVELS = ['heuristic', 'strong', 'expert'] as const satisfies readonly BotName[];
let botLevel: BotName = 'strong';

/** The bot levels to add; at a rated table each with its fixed rating in the table's mode (the bots are the scale's anchors). */
function botLevelChoice(table: TableFacts): HTMLElement {
  const mode = ratingModeOf({ seats: table.size, teams: table.teams });
  const select = h(
    'select',
    { id: 'bot-level', data: { testid: 'bot-level' } },
    ...BOT_LEVELS.map((level) => {
      const name = t(`bot.level.${level}`);
      const text = table.rated ? t('rating.withRating', { name, rating: BOT_RATINGS[mode][level] }) : name;
      const option = h('option', { value: level, text });
      option.selected = level === botLevel;
      return option;
    }),
  );
  select.addEventListener('change', () => (botLevel = select.value as BotName));
  return h('label', { class: 'bot-level', for: 'bot-level' }, t('review.addBot'), ' ', select);
}

/**
 * The table lobby: seats with colours and (at a private table) ready marks, bots, teams, the join code
 * and link, start, and what the table waits for (lobbyStatus.ts).
 */
export function lobbyView(table: TableFacts, roomId: string, playerId: string, actions: LobbyActions): HTMLElement {
  const me = ownColour(table, playerId);
  const isHost = table.hostId !== '' && table.hostId === playerId;
  const full = table.seats.length >= table.size;
  const link = inviteLink(table, roomId, window.location);
  const copied = h('span', { class: 'copied', role: 'status' });
  const copy = () => {
    const done = () => (copied.textContent = t('lobby.copied'));
    if (navigator.clipboard) void navigator.clipboard.writeText(link).then(done, () => window.prompt(t('lobby.copyLink'), link));
    else window.prompt(t('lobby.copyLink'), link);
  };
  const mine = me ? table.seats.find((s) => s.colour === me) : undefined;

  const taken = table.seats.map((s) => s.colour);
  const seatRows = seatsInPlay(presetColours(table), table.size, taken).map((colour) => {
    const seat = table.seats.find((s) => s.colour === colour);
    const team = table.teams ? h('span', { class: 'badge team', text: teamName(teamOf(colour)) }) : null;
    const label = h('span', { class: 'colour-name', text: t('colour.side', { colour: colourName(colour) }) });
    if (!seat) {
      return h(
        'li',
        { class: `lobby-seat colour-${colour} empty`, data: { colour } },
        h('span', { class: 'swatch' }),
        label,
        team,
        h('span', { class: 'who', text: t('lobby.empty') }),
        me
          ? h('button', {
              text: t('lobby.takeSeat'),
              data: { testid: `sit-${colour}` },
              on: { click: () => actions.send('pick-colour', { colour }) },
            })
          : // A watcher (no seat): take this one for the next game.
            h('button', {
              class: 'primary',
              text: t('watch.sit'),
              data: { testid: `watch-sit-${colour}` },
              on: { click: () => actions.send('sit', { colour }) },
            }),
        isHost && !full
          ? h('button', {
              text: t('lobby.addBot'),
              data: { testid: `add-bot-${colour}` },
              on: { click: () => actions.send('add-bot', { colour, bot: botLevel }) },
            })
          : null,
      );
    }
    const badges = [
      seat.playerId === table.hostId && seat.kind === 'human' ? h('span', { class: 'badge', text: t('lobby.host') }) : null,
      seat.colour === me ? h('span', { class: 'badge you', text: t('lobby.you') }) : null,
      seat.kind === 'bot' ? h('span', { class: 'badge', text: t('lobby.bot') }) : null,
    ];
    return h(
      'li',
      { class: `lobby-seat colour-${colour}${seat.ready ? ' ready' : ''}`, data: { colour } },
      h('span', { class: 'swatch' }),
      label,
      team,
      h('span', { class: 'who', text: nameOf({ colour: seat.colour, name: seat.name, bot: botOf(seat) }) }),
      table.rated && seat.rating > 0
        ? h('span', { class: 'seat-rating', title: t('rating.label'), text: seatRating(seat.rating), data: { testid: 'seat-rating' } })
        : null,
      ...badges,
      // Only a private table has a ready step, and the host's is their start.
      table.private && !(seat.kind === 'human' && seat.playerId === table.hostId)
        ? h('span', { class: `ready-mark${seat.ready ? ' yes' : ''}`, text: seat.ready ? `✓ ${t('lobby.ready')}` : t('lobby.notReady') })
        : null,
      isHost && seat.kind === 'bot'
        ? h('button', {
            text: t('lobby.removeBot'),
            data: { testid: `remove-bot-${colour}` },
            on: { click: () => actions.send('remove-bot', { colour }) },
          })
        : null,
    );
  });

  return h(
    'section',
    { class: 'lobby card', data: { testid: 'lobby' } },
    h('h1', {}, table.code ? t('lobby.title', { code: table.code }) : t('lobby.public'), ' ', ratedBadge(table.rated)),
    h('p', {
      class: 'settings',
      text: t('lobby.settings', { preset: presetName(table.preset), seats: table.size, seconds: table.turnSeconds }),
    }),
    table.watchable ? null : h('p', { class: 'hint', text: t('watch.off') }),
    table.code
      ? h(
          'p',
          { class: 'code-line' },
          h('span', { text: `${t('lobby.code')}: ` }),
          h('strong', { class: 'code', text: table.code, data: { testid: 'join-code' } }),
          h('button', { text: t('lobby.copyLink'), data: { testid: 'copy-link' }, on: { click: copy } }),
          copied,
        )
      : null,
    isHost && !full ? botLevelChoice(table) : null,
    h('ul', { class: 'lobby-seats' }, ...seatRows),
    h(
      'div',
      { class: 'buttons' },
      mine && !isHost && table.private
        ? h('button', {
            class: mine.ready ? '' : 'primary',
            text: mine.ready ? t('lobby.unreadyButton') : t('lobby.readyButton'),
            data: { testid: 'ready' },
            on: { click: () => actions.send('ready', { ready: !mine.ready }) },
          })
        : null,
      isHost
        ? h('button', {
            class: 'primary',
            // A public table starts by itself: its host may start it sooner.
            text: table.private ? t('lobby.start') : t('lobby.startNow'),
            disabled: !table.startable,
            data: { testid: 'start' },
            on: { click: () => actions.send('start', {}) },
          })
        : null,
      h('button', { text: t('lobby.leave'), data: { testid: 'leave-table' }, on: { click: actions.leave } }),
    ),
    lobbyStatus(table, me !== null, isHost),
  );
}
