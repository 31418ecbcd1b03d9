import { PRESETS, PRESET_NAMES, type PresetName, isPresetName } from '@flightchess/rules';
import type { AppContext, Screen } from '../app';
import type { MessageKey } from '../i18n';
import { t } from '../i18n';
import { fill, h } from '../ui/dom';

/** The rules of one preset in words, from the preset's own data (so they never drift from the engine). */
export function ruleLines(preset: PresetName): string[] {
  const c = PRESETS[preset];
  const lines = [
    t('rules.players', { min: c.minPlayers, max: c.maxPlayers }),
    t('rules.planes', { n: c.planes }),
    t('rules.takeoff', { values: c.takeoff.join(' / ') }),
    t('rules.extra'),
  ];
  if (c.extraRollOnCapture || c.extraRollOnArrival) lines.push(t('rules.extraCapture'));
  if (c.jump) lines.push(t('rules.jump'));
  if (c.flight) lines.push(t('rules.flight'));
  if (c.crossing) lines.push(t('rules.crossing'));
  lines.push(t(`rules.stacks.${c.stacks}` as MessageKey));
  lines.push(t(`rules.finish.${c.finish}` as MessageKey));
  lines.push(t(`rules.threeSixes.${c.threeSixes}` as MessageKey));
  if (c.safeSquares) lines.push(t('rules.safe'));
  if (c.teamsAllowed) lines.push(t('rules.teams'));
  lines.push(c.drawByAgreement ? t('rules.draw') : t('rules.resign', { n: c.resignAfterRolls }));
  lines.push(t('rules.win'));
  return lines;
}

export function rulesScreen(ctx: AppContext, requested: string): Screen {
  const el = h('main', { class: 'screen rules' });
  const preset: PresetName = isPresetName(requested) ? requested : 'online';
  const render = () =>
    fill(
      el,
      h('h1', { text: t('rules.title') }),
      h(
        'nav',
        { class: 'tabs' },
        ...PRESET_NAMES.map((p) =>
          h('a', { href: `#/rules/${p}`, text: t(`preset.${p}`), class: p === preset ? 'active' : '', aria: p === preset ? { current: 'page' } : {} }),
        ),
      ),
      h('h2', { text: t(`preset.${preset}`) }),
      h('ul', { class: 'rule-lines' }, ...ruleLines(preset).map((line) => h('li', { text: line }))),
      h('button', { text: t('rules.back'), on: { click: () => ctx.navigate({ name: 'home' }) } }),
    );
  render();
  return { el, relabel: render, dispose: () => undefined };
}
