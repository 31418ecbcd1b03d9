import type { Colour } from '@flightchess/rules';
import { en } from './en';
import { type MessageKey, type Messages, zhCN } from './zh-CN';

export type { MessageKey };
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const CATALOGUES: Readonly<Record<Language, Messages>> = { 'zh-CN': zhCN, en };

let current: Language = 'zh-CN';
const listeners = new Set<() => void>();

export function language(): Language {
  return current;
}

export function setLanguage(lang: Language): void {
  if (lang === current) return;
  current = lang;
  for (const listener of listeners) listener();
}

/** Called after every language change (screens re-render their text). */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type Params = Readonly<Record<string, string | number>>;

/** Fill `{name}` placeholders; an unknown placeholder stays visible rather than vanishing. */
export function format(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

export function t(key: MessageKey, params?: Params, lang: Language = current): string {
  return format(CATALOGUES[lang][key], params);
}

export function colourName(colour: Colour, lang: Language = current): string {
  return t(`colour.${colour}`, undefined, lang);
}

export function catalogue(lang: Language): Messages {
  return CATALOGUES[lang];
}
