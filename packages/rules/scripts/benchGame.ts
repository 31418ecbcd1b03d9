import { type Action, type Colour, type GameSetup, createRng } from '../src';
import { playGame } from '../src/sim/playGame';

const FOUR: Colour[] = ['red', 'green', 'yellow', 'blue'];

/**
 * The review benchmarks' game: the first seeded 4-player online game of strong bots that runs 600 to
 * 610 actions, cut to its first 600 (the same game in node and in the browser).
 */
export function sixHundredActionGame(): { setup: GameSetup; actions: Action[] } {
  const setup: GameSetup = { preset: 'online', seats: FOUR };
  const bots = Object.fromEntries(FOUR.map((c) => [c, 'strong' as const]));
  for (let seed = 0; ; seed++) {
    const played = playGame(setup, bots, createRng(`bench-review/${seed}`));
    if (played.actions.length >= 600 && played.actions.length <= 610) return { setup, actions: played.actions.slice(0, 600) };
  }
}
