import { LANGUAGES, type Language } from '../i18n';
import type { KeyValueStore } from '../util/ports';

const NICKNAME = 'flightchess.nickname';
const LANGUAGE = 'flightchess.lang';
const MUTED = 'flightchess.muted';

/** Settings kept in the browser between visits. */
export class Prefs {
  constructor(private readonly storage: KeyValueStore) {}

  get nickname(): string {
    return this.storage.getItem(NICKNAME) ?? '';
  }

  set nickname(value: string) {
    this.storage.setItem(NICKNAME, value.trim().slice(0, 20));
  }

  get language(): Language {
    const stored = this.storage.getItem(LANGUAGE);
    return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'zh-CN';
  }

  set language(value: Language) {
    this.storage.setItem(LANGUAGE, value);
  }

  /** Game sounds off. */
  get muted(): boolean {
    return this.storage.getItem(MUTED) === '1';
  }

  set muted(value: boolean) {
    this.storage.setItem(MUTED, value ? '1' : '0');
  }
}
