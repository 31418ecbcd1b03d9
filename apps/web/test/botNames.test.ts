import { BOT_NAMES } from '@flightchess/rules';
import { nameOf } from '../src/play/describe';
import { LANGUAGES, catalogue, setLanguage, t } from '../src/i18n';

afterAll(() => setLanguage('zh-CN'));

describe('bot names', () => {
  it.each(LANGUAGES)('give each bot level one word of its own in %s, the same in menus and at the table', (lang) => {
    setLanguage(lang);
    const words = BOT_NAMES.map((bot) => t(`bot.level.${bot}`));
    expect(new Set(words).size).toBe(BOT_NAMES.length);
    for (const bot of BOT_NAMES) {
      const word = t(`bot.level.${bot}`);
      expect(t('bot.name', { level: word })).toContain(word);
      expect(nameOf({ colour: 'yellow', name: '', bot })).toContain(word);
    }
  });

  it.each(LANGUAGES)('are spelt in one place in %s: no other text names a bot with a level', (lang) => {
    const spelt = Object.entries(catalogue(lang)).filter(([, text]) => /电脑（|bot \(/i.test(text));
    expect(spelt.map(([key]) => key).sort()).toEqual(['bot.name', 'seat.bot']);
  });
});
