import { presetAbout } from '../rules/presetAbout';
import { PRESETS, PRESET_NAMES, type PresetName, applyHouseRules } from '@flightchess/rules';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { check, field, h, select } from '../ui/dom';
import { openNewTable } from './openNewTable';
import { houseRulesEditor } from './houseRulesEditor';

const TURN_TIMES = [10, 15, 20, 30, 45, 60] as const;

/** A new online table with every option (preset, seats, teams, turn time, private, rated, watchable, house rules); opens its lobby. */
export function createTableForm(ctx: AppContext): HTMLElement {
  const error = h('p', { class: 'error', role: 'alert', data: { testid: 'home-error' } });
  const preset = select(
    'create-preset',
    PRESET_NAMES.map((p) => [p, t(`preset.${p}`)]),
    'online',
  );
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
  // A private table is casual unless its host chooses otherwise; a public one rated (the server's defaults too).
  const rated = h('input', { type: 'checkbox', id: 'create-rated', checked: false, data: { testid: 'create-rated' } });
  priv.addEventListener('change', () => (rated.checked = !priv.checked));
  const watchable = h('input', { type: 'checkbox', id: 'create-watchable', checked: true });
  const house = houseRulesEditor('create');
  const button = h('button', { class: 'primary', text: t('home.create'), data: { testid: 'create' } });
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
  const busy = (on: boolean) => {
    button.disabled = on;
    error.textContent = on ? t('home.connecting') : '';
  };
  const create = () => {
    const options = house.value();
    const checked = applyHouseRules(PRESETS[preset.value as PresetName], options);
    if (!checked.ok) {
      error.textContent = errorMessage(checked.error.code);
      return;
    }
    busy(true);
    openNewTable(ctx, {
      preset: preset.value as PresetName,
      ...(Object.keys(options).length > 0 ? { options: options as Record<string, unknown> } : {}),
      size: Number(seats.value),
      teams: teams.checked,
      turnSeconds: Number(turn.value),
      private: priv.checked,
      rated: rated.checked,
      watchable: watchable.checked,
    }).catch((e: Error) => {
      busy(false);
      error.textContent = e.message;
    });
  };
  button.addEventListener('click', create);

  return h(
    'section',
    { class: 'card', aria: { label: t('home.create') } },
    h('h2', { text: t('home.create') }),
    field(t('home.preset'), preset),
    presetAbout(preset),
    field(t('home.seats'), seats),
    check(t('home.teams'), teams),
    field(t('home.turnTime'), turn),
    check(t('home.private'), priv),
    check(t('rating.createRated'), rated),
    check(t('watch.allow'), watchable),
    house.el,
    h('div', { class: 'row' }, button),
    error,
  );
}
