/**
 * How well a noise β predicts games: the population's games replayed through the model game by game
 * (everyone starting as a newcomer), each game's winner predicted from the ratings of the games before it
 * only, then the game rated. Every prediction is of a game the ratings have not yet seen (held out).
 */
import type { Colour } from '../../src/colours';
import { NEW_SKILL, type RatingMode, type Skill, predictedWins, rateGame } from '../../src/ratings';
import { type RatedRecord, shuffled, tableOf, winnersOf } from './ratedGames';

/** Mean ln P(the winner) per game over `orders` seeded orderings of the same games. */
export function meanLogLikelihood(mode: RatingMode, records: readonly RatedRecord[], beta: number, orders: number): number {
  const { teams } = tableOf(mode);
  let sum = 0;
  for (let o = 0; o < orders; o++) {
    const order = o === 0 ? records.map((_, i) => i) : shuffled(records.length, `order/${o}`);
    const skills = new Map<number, Skill>();
    for (const index of order) {
      const record = records[index]!;
      const seats = record.seats.map((s) => ({
        colour: s.colour,
        skill: skills.get(s.player) ?? NEW_SKILL,
        anchored: false,
        place: record.places[s.colour]!,
        weight: 1,
      }));
      const winner: Colour = winnersOf(record)[0]!;
      sum += Math.log(predictedWins(seats, teams, beta)[winner]!);
      const after = rateGame(seats, teams, beta);
      for (const s of record.seats) skills.set(s.player, after[s.colour]!);
    }
  }
  return sum / (orders * records.length);
}

/** The grid's best β and every β's score. */
export function fitBeta(
  mode: RatingMode,
  records: readonly RatedRecord[],
  grid: readonly number[],
  orders: number,
): { readonly best: number; readonly scores: readonly number[] } {
  const scores = grid.map((beta) => meanLogLikelihood(mode, records, beta, orders));
  return { best: grid[scores.indexOf(Math.max(...scores))]!, scores };
}
