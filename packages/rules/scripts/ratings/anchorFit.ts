/**
 * The bots' anchors: each level's skill fitted to bot games by maximum likelihood of the winner under the
 * model's own prediction (predictedWins: Plackett–Luce's first place, bots' σ their anchor deviation),
 * a conditional logit whose features are how many seats of each level a side has; the medium bot
 * (heuristic) is held at 1500, so a newcomer's 1500 is an even game against it.
 */
import type { BotName } from '../../src/bots/chooseMove';
import { BOT_DEVIATION, NEW_SKILL, type RatingMode, shownRating, skillOf } from '../../src/ratings';
import { teamOf } from '../../src/colours';
import { type Example, fitLogit } from '../winModel/logit';
import { BOT_LEVELS, type RatedRecord, tableOf } from './ratedGames';

const FREE: readonly BotName[] = BOT_LEVELS.filter((b) => b !== 'heuristic');

/** The sides of a record, each as its seats' bots (one seat a side, or the two teams). */
function sidesOf(mode: RatingMode, record: RatedRecord): { bots: BotName[]; won: boolean }[] {
  const { teams } = tableOf(mode);
  const groups = teams ? [0, 1].map((t) => record.seats.filter((s) => teamOf(s.colour) === t)) : record.seats.map((s) => [s]);
  return groups.map((g) => ({ bots: g.map((s) => s.bot), won: g.some((s) => record.places[s.colour] === 1) }));
}

/** Each level's rating on the 1500 scale in `mode`, fitted with noise `beta`. */
export function fitAnchors(mode: RatingMode, records: readonly RatedRecord[], beta: number): Record<BotName, number> {
  const { seats, teams } = tableOf(mode);
  const perSide = teams ? 2 : 1;
  const sides = seats.length / perSide;
  const sigma = skillOf(1500, BOT_DEVIATION).sigma;
  const c = Math.sqrt(sides * (perSide * sigma ** 2 + beta ** 2));
  const examples: Example[] = records.map((record) => {
    const list = sidesOf(mode, record);
    return {
      x: list.map((side) => Float64Array.from(FREE, (bot) => side.bots.filter((b) => b === bot).length / c)),
      target: Float64Array.from(list, (side) => (side.won ? 1 : 0)),
    };
  });
  const offsets = fitLogit(examples, FREE.length, 1e-6, 50);
  const ratings = { heuristic: 1500 } as Record<BotName, number>;
  FREE.forEach((bot, i) => (ratings[bot] = shownRating({ mu: NEW_SKILL.mu + offsets[i]!, sigma }).rating));
  return ratings;
}
