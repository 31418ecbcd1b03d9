import { PRESETS, PRESET_NAMES, type PresetName, isPresetName } from '@flightchess/rules';
import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import { type Language, type MessageKey, type Params, language, t } from '../i18n';
import { presetAbout } from './presetAbout';
import { fill, h } from '../ui/dom';

/** The rules of one preset in words, from the preset's own data (so they never drift from the engine); in `lang` (default: the one shown). */
export function ruleLines(preset: PresetName, lang: Language = language()): string[] {
  const c = PRESETS[preset];
  const say = (key: MessageKey, params?: Params) => t(key, params, lang);
  const lines = [
    say('rules.players', { min: c.minPlayers, max: c.maxPlayers }),
    say('rules.planes', { n: c.planes }),
    say('rules.takeoff', { values: c.takeoff.join(' / ') }),
    say('rules.extra'),
  ];
  if (c.extraRollOnCapture || c.extraRollOnArrival) lines.push(say('rules.extraCapture'));
  if (c.jump) lines.push(say('rules.jump'));
  if (c.flight) lines.push(say('rules.flight'));
  if (c.crossing) lines.push(say('rules.crossing'));
  lines.push(say(`rules.stacks.${c.stacks}` as MessageKey));
  lines.push(say(`rules.finish.${c.finish}` as MessageKey));
  lines.push(say(`rules.threeSixes.${c.threeSixes}` as MessageKey));
  if (c.safeSquares) lines.push(say('rules.safe'));
  if (c.teamsAllowed) lines.push(say('rules.teams'));
  lines.push(c.drawByAgreement ? say('rules.draw') : say('rules.resign', { n: c.resignAfterRolls }));
  lines.push(say('rules.win'));
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
          h('a', {
            href: `#/rules/${p}`,
            text: t(`preset.${p}`),
            class: p === preset ? 'active' : '',
            aria: p === preset ? { current: 'page' } : {},
          }),
        ),
      ),
      h('h2', { text: t(`preset.${preset}`) }),
      presetAbout(preset),
      h('ul', { class: 'rule-lines' }, ...ruleLines(preset).map((line) => h('li', { text: line }))),
      h('button', { text: t('rules.back'), on: { click: () => ctx.navigate({ name: 'home' }) } }),
    );
  render();
  return { el, relabel: render, dispose: () => undefined };
}
