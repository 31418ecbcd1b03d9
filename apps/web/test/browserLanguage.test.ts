import { browserLanguage } from '../src/i18n/browserLanguage';
import { Prefs } from '../src/ui/prefs';

describe('the language a browser asks for', () => {
  it.each([
    [['zh-CN', 'en'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['zh-TW', 'zh'], 'zh-CN'],
    [['zh-Hans-CN'], 'zh-CN'],
    [['ZH-cn'], 'zh-CN'],
    [['en-US', 'zh-CN'], 'en'],
    [['en-GB'], 'en'],
    [['fr-FR', 'de'], 'en'],
    [['zha'], 'en'],
    [[], 'en'],
  ] as const)('%j → %s', (wanted, lang) => expect(browserLanguage(wanted)).toBe(lang));
});

describe('the language pick', () => {
  const storage = () => {
    const items = new Map<string, string>();
    return {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
  };

  it('is none until the player picks one, then sticks (an unknown stored value is none)', () => {
    const kept = storage();
    expect(new Prefs(kept).language).toBeNull();
    new Prefs(kept).language = 'en';
    expect(new Prefs(kept).language).toBe('en');
    kept.setItem('flightchess.lang', 'fr');
    expect(new Prefs(kept).language).toBeNull();
  });
});
