import type { BotName } from '../bots/chooseMove';
import type { RatingMode } from './ratingModes';
import { type Skill, skillOf } from './ratingScale';

/**
 * Each bot level's fixed rating per mode: the scale's anchors (README: Ratings), never changed by games
 * played online. Measured on 2026-12-02 by `npm run fit:ratings -- --games 1500` (seed 2026, each mode's
 * β): each level fitted by maximum likelihood to 1,500 bot games a mode, then shifted so that the medium
 * bot (heuristic) is 1500 — a newcomer's 1500 is an even game against it. In teams the expert rates below
 * the strong bot.
 */
export const BOT_RATINGS: Readonly<Record<RatingMode, Readonly<Record<BotName, number>>>> = {
  '2p': { random: 904, heuristic: 1500, strong: 1859, expert: 1906 },
  '3p': { random: 976, heuristic: 1500, strong: 1798, expert: 1814 },
  '4p': { random: 972, heuristic: 1500, strong: 1739, expert: 1766 },
  '2v2': { random: 1036, heuristic: 1500, strong: 1964, expert: 1830 },
};

/** An anchor's deviation on the shown scale: small, so that a bot's rating is firm ground for the others'. */
export const BOT_DEVIATION = 30;

export const botSkill = (mode: RatingMode, bot: BotName): Skill => skillOf(BOT_RATINGS[mode][bot], BOT_DEVIATION);

/** The bot level whose rating is nearest `rating` in `mode` (quick play's bots near a person). */
export function nearestBot(mode: RatingMode, rating: number): BotName {
  const levels = Object.entries(BOT_RATINGS[mode]) as [BotName, number][];
  return levels.reduce((best, next) => (Math.abs(next[1] - rating) < Math.abs(best[1] - rating) ? next : best))[0];
}
