import { type BySeat, COLOURS, type Colour, PRESETS, PRESET_NAMES, type PresetName } from '@flightchess/rules';
import type { AppContext } from '../app';
import type { OfflineMode } from '../router';
import { colourName, t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { field, h, select } from '../ui/dom';
import { cryptoIndex } from '../util/ports';
import { type SeatPlayer, newOfflineGame } from '../saves/offlineStore';
import { presetAbout } from '../rules/presetAbout';

type SeatChoice = 'none' | SeatPlayer;
/** The bots an offline seat may be given, weakest first. */
const OFFLINE_BOTS = ['heuristic', 'strong', 'expert'] as const satisfies readonly SeatChoice[];

const DEFAULTS: Readonly<Record<OfflineMode, BySeat<SeatChoice>>> = {
  computer: { red: 'human', green: 'none', yellow: 'strong', blue: 'none' },
  local: { red: 'human', green: 'none', yellow: 'human', blue: 'none' },
};

/** An offline game's preset, who sits where (nobody, a player here, a bot) and team mode; starts it. */
export function offlineSetupForm(ctx: AppContext, mode: OfflineMode): HTMLElement {
  const error = h('p', { class: 'error', role: 'alert', data: { testid: 'offline-error' } });
  const preset = select(
    'offline-preset',
    PRESET_NAMES.map((p) => [p, t(`preset.${p}`)]),
    'online',
  );
  const teams = h('input', { type: 'checkbox', id: 'offline-teams' });
  const seatSelects = COLOURS.map((colour) =>
    select(
      `offline-${colour}`,
      [
        ['none', t('home.seatNone')],
        ['human', t('home.seatHuman')],
        ...OFFLINE_BOTS.map((bot): [string, string] => [bot, t('bot.name', { level: t(`bot.level.${bot}`) })]),
      ],
      DEFAULTS[mode][colour] ?? 'none',
    ),
  );
  const sync = () => {
    const config = PRESETS[preset.value as PresetName];
    seatSelects.forEach((s, i) => {
      const allowed = config.colours.includes(COLOURS[i]!);
      s.disabled = !allowed;
      if (!allowed) s.value = 'none';
    });
    const seated = seatSelects.filter((s) => s.value !== 'none').length;
    teams.disabled = !config.teamsAllowed || seated !== 4;
    if (teams.disabled) teams.checked = false;
  };
  preset.addEventListener('change', sync);
  for (const s of seatSelects) s.addEventListener('change', sync);
  sync();
  const start = () => {
    const players: BySeat<SeatPlayer> = {};
    seatSelects.forEach((s, i) => {
      if (s.value !== 'none') players[COLOURS[i]!] = s.value as SeatPlayer;
    });
    if (Object.keys(players).length < 2) {
      error.textContent = t('home.needTwo');
      return;
    }
    const names: BySeat<string> = {};
    const humans = COLOURS.filter((c) => players[c] === 'human');
    // Offline without a typed name the seat keeps its colour's name, in whichever language is shown.
    if (humans.length === 1 && ctx.prefs.nickname) names[humans[0]!] = ctx.prefs.nickname;
    const made = newOfflineGame({ preset: preset.value as PresetName, players, names, teams: teams.checked }, cryptoIndex);
    if (!made.ok) {
      error.textContent = errorMessage(made.error.code);
      return;
    }
    ctx.offline.save(made.loaded.saved);
    ctx.navigate({ name: 'offline' });
  };

  return h(
    'section',
    { class: 'card', aria: { label: t('home.offline') } },
    field(t('home.preset'), preset),
    presetAbout(preset),
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
    h('label', { class: 'check', for: teams.id }, teams, h('span', { text: t('home.teams') })),
    h('button', { class: 'primary', text: t('home.offlineStart'), data: { testid: 'offline-start' }, on: { click: start } }),
    error,
  );
}
