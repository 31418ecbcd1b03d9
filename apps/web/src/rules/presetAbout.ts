import { type PresetName, isPresetName } from '@flightchess/rules';
import { t } from '../i18n';
import { h } from '../ui/dom';

/** What makes a preset different from the others, in one line: `preset.<name>.about`. */
export function presetAboutText(preset: PresetName): string {
  return t(`preset.${preset}.about`);
}

/** The line for one preset (the rules page); with `select`, the line under a preset choice, following it as it changes. */
export function presetAbout(preset: PresetName | HTMLSelectElement): HTMLElement {
  const line = h('p', { class: 'preset-about', data: { testid: 'preset-about' } });
  if (typeof preset === 'string') {
    line.textContent = presetAboutText(preset);
    return line;
  }
  const follow = () => (line.textContent = isPresetName(preset.value) ? presetAboutText(preset.value) : '');
  preset.addEventListener('change', follow);
  follow();
  return line;
}
