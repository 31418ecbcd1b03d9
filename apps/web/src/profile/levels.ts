import { LEVELS, type Level, levelFor } from '@flightchess/rules';
import { type MessageKey, t } from '../i18n';

/** A level's name (积分级别) in the current language (the engine's LEVELS name them in Chinese only); '' for a level outside LEVELS. */
export function levelName(level: number): string {
  return LEVELS.some((l) => l.level === level) ? t(`level.${level}` as MessageKey) : '';
}

export interface LevelProgress {
  readonly level: Level;
  /** The next level up, or null at the top. */
  readonly next: Level | null;
  /** Points still needed for the next level (0 at the top). */
  readonly toNext: number;
  /** How far through the current level, 0..1 (1 at the top). */
  readonly fraction: number;
}

/** Where a lifetime score stands between its level's threshold and the next one's. */
export function levelProgress(lifetimeScore: number): LevelProgress {
  const level = levelFor(lifetimeScore);
  const next = LEVELS.find((l) => l.level === level.level + 1) ?? null;
  if (!next) return { level, next, toNext: 0, fraction: 1 };
  const fraction = (lifetimeScore - level.min) / (next.min - level.min);
  return { level, next, toNext: next.min - lifetimeScore, fraction: Math.max(0, Math.min(1, fraction)) };
}
