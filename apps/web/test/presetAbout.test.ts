import { PRESET_NAMES } from '@flightchess/rules';
import { LANGUAGES, setLanguage } from '../src/i18n';
import { presetAboutText } from '../src/rules/presetAbout';

afterAll(() => setLanguage('zh-CN'));

describe('preset descriptions', () => {
  it.each(LANGUAGES)('give every preset a line of its own in %s', (lang) => {
    setLanguage(lang);
    const lines = PRESET_NAMES.map(presetAboutText);
    for (const line of lines) expect(line.length).toBeGreaterThan(15);
    expect(new Set(lines).size).toBe(PRESET_NAMES.length);
  });
});
