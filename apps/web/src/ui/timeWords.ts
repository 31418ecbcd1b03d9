import { language, t } from '../i18n';

/** A span of whole seconds in words: "40 秒", "2 分 5 秒" / "40 s", "2 min 5 s". */
export function spanOf(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s < 60 ? t('time.seconds', { s }) : t('time.minutes', { m: Math.floor(s / 60), s: s % 60 });
}

/** A countdown as a clock: "2:05" (never below 0:00). */
export function clockOf(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A stored time (epoch ms) as a short date and time in the current language. */
export function dateTime(ms: number): string {
  return new Date(ms).toLocaleString(language(), { dateStyle: 'short', timeStyle: 'short' });
}
