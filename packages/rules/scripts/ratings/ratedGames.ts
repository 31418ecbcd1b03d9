/**
 * Simulated rated games for fitting the rating model: bot games of the `online` preset, one rating mode
 * at a time, each seat a player of the simulated population (a fixed bot level) or a bot level alone.
 */
import type { BotName } from '../../src/bots/chooseMove';
import type { BySeat, Colour } from '../../src/colours';
import { type RatingMode, ratingPlaces } from '../../src/ratings';
import { type Rng, createRng } from '../../src/rng';
import { playGame } from '../../src/sim/playGame';
import { seatsFor } from '../../src/sim/tournament';

export const BOT_LEVELS: readonly BotName[] = ['random', 'heuristic', 'strong', 'expert'];

/** Seats and sides of a mode's table. */
export const tableOf = (mode: RatingMode): { readonly seats: Colour[]; readonly teams: boolean } => ({
  seats: seatsFor(mode === '2v2' ? 4 : Number(mode[0])),
  teams: mode === '2v2',
});

/** One seat of a played game: who sat there (a population player's index, or −1) and which bot played. */
export interface RecordSeat {
  readonly colour: Colour;
  readonly player: number;
  readonly bot: BotName;
}

/** A finished game as the ratings see it: seats, places (ratingPlaces) and the first seat to roll. */
export interface RatedRecord {
  readonly seats: readonly RecordSeat[];
  readonly places: BySeat<number>;
  readonly firstSeat: Colour;
}

/** Play one game of `mode` with `players[i]` at the table's seat i; the first seat turns with `game`. */
export function playRated(mode: RatingMode, players: readonly Omit<RecordSeat, 'colour'>[], seed: string, game: number): RatedRecord {
  const { seats, teams } = tableOf(mode);
  const firstSeat = seats[game % seats.length]!;
  const bots: BySeat<BotName> = {};
  seats.forEach((c, i) => (bots[c] = players[i]!.bot));
  const played = playGame(
    { preset: 'online', seats, teams, firstSeat },
    bots,
    createRng(`${seed}/${mode}/${game}/dice`),
    createRng(`${seed}/${mode}/${game}/bots`),
  );
  if (!played.state.result) throw new Error(`${mode} game ${game} did not finish`);
  return { seats: seats.map((colour, i) => ({ colour, ...players[i]! })), places: ratingPlaces(played.state), firstSeat };
}

/** The simulated population: `counts[level]` players of each bot level (expert is slow: fewer). */
export function population(counts: Readonly<Record<BotName, number>>): BotName[] {
  return BOT_LEVELS.flatMap((bot) => Array.from({ length: counts[bot] }, () => bot));
}

/** `k` distinct indices of 0..n−1 in random order. */
function draw(rng: Rng, n: number, k: number): number[] {
  const pool = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(n - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, k);
}

/** `games` games of `mode` among players drawn at random from `people` (their index is their identity). */
export function populationGames(mode: RatingMode, people: readonly BotName[], games: number, seed: string): RatedRecord[] {
  const rng = createRng(`${seed}/${mode}/seating`);
  const n = tableOf(mode).seats.length;
  const records: RatedRecord[] = [];
  for (let g = 0; g < games; g++) {
    const seated = draw(rng, people.length, n).map((player) => ({ player, bot: people[player]! }));
    records.push(playRated(mode, seated, seed, g));
  }
  return records;
}

/** The sides' winners of a record: the seats in first place. */
export const winnersOf = (record: RatedRecord): Colour[] => record.seats.filter((s) => record.places[s.colour] === 1).map((s) => s.colour);

/** A seeded shuffle of 0..n−1. */
export function shuffled(n: number, seed: string): number[] {
  return draw(createRng(seed), n, n);
}
