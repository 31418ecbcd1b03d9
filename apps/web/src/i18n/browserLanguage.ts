import type { Language } from '.';

/**
 * The language a browser asks for (`navigator.languages`, most wanted first): Chinese when its first
 * wish is any Chinese (zh, zh-CN, zh-TW, zh-Hans-…), English otherwise — English is the better guess for
 * everyone who reads neither.
 */
export function browserLanguage(wanted: readonly string[]): Language {
  return /^zh\b/i.test(wanted[0] ?? '') ? 'zh-CN' : 'en';
}
