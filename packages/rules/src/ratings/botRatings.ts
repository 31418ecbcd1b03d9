import type { BotName } from '../bots/chooseMove';
import type { RatingMode } from './ratingModes';
import { type Skill, skillOf } from './ratingScale';

/**
 * Each bot level's fixed rating per mode: the scale's anchors (README: Ratings). Measured by
 * `npm run fit:ratings` from bot games against each other; never changed by games played online.
 */
export const BOT_RATINGS: Readonly<Record<RatingMode, Readonly<Record<BotName, number>>>> = {
  '2p': { random: 1100, heuristic: 1400, strong: 1600, expert: 1700 },
  '3p': { random: 1100, heuristic: 1400, strong: 1600, expert: 1700 },
  '4p': { random: 1100, heuristic: 1400, strong: 1600, expert: 1700 },
  '2v2': { random: 1100, heuristic: 1400, strong: 1600, expert: 1700 },
};

/** An anchor's deviation on the shown scale: small, so that a bot's rating is firm ground for the others'. */
export const BOT_DEVIATION = 30;

export const botSkill = (mode: RatingMode, bot: BotName): Skill => skillOf(BOT_RATINGS[mode][bot], BOT_DEVIATION);

/** The bot level whose rating is nearest `rating` in `mode` (quick play's bots near a person). */
export function nearestBot(mode: RatingMode, rating: number): BotName {
  const levels = Object.entries(BOT_RATINGS[mode]) as [BotName, number][];
  return levels.reduce((best, next) => (Math.abs(next[1] - rating) < Math.abs(best[1] - rating) ? next : best))[0];
}
