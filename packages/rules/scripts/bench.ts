/**
 * `npm run bench`: engine speed on one core (Node runs the loop on one thread).
 *  - applied actions per second: replaying recorded random 4-player `online` games through applyAction;
 *  - full games per second: random 4-player `online` games played from scratch (dice, random bots, legalMoves, applyAction).
 * Each measurement runs for a fixed time after a warm-up. `--seconds <n>` sets that time (default 5).
 */
import { type Action, type GameState, applyAction, createGame, createRng } from '../src';
import type { SimOptions } from '../src/sim/args';
import { playGame } from '../src/sim/playGame';
import { type Seating, seatingFor } from '../src/sim/tournament';

const seconds = parseSeconds(process.argv.slice(2));
const WARM_UP_SECONDS = 1;
const table: SimOptions = { preset: 'online', players: 4, games: 1, bots: ['random'], seed: 1, teams: false, shard: null };

function parseSeconds(argv: readonly string[]): number {
  if (argv.length === 0) return 5;
  const value = argv[0] === '--seconds' && argv.length === 2 ? Number(argv[1]) : Number.NaN;
  if (!(value > 0 && value <= 600)) {
    console.error('bench: usage: npm run bench -- [--seconds <1..600>]');
    process.exit(1);
  }
  return value;
}

function playRandom(game: number): { seating: Seating; actions: Action[] } {
  const seating = seatingFor(table, game);
  const played = playGame(seating.setup, seating.bots, createRng(`bench/${game}`));
  return { seating, actions: played.actions };
}

/** Run `step` until `limit` seconds have passed; returns the units `step` reports and the time taken. */
function timed(limit: number, step: () => number): { units: number; seconds: number } {
  const start = performance.now();
  let units = 0;
  let elapsed = 0;
  while (elapsed < limit) {
    units += step();
    elapsed = (performance.now() - start) / 1000;
  }
  return { units, seconds: elapsed };
}

// Applied actions: replay a fixed pool of recorded games, so only applyAction is measured.
const pool = Array.from({ length: 50 }, (_, g) => playRandom(g));
const starts: GameState[] = pool.map(({ seating }) => {
  const created = createGame(seating.setup);
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
});
let next = 0;
const replayOne = (): number => {
  const i = next++ % pool.length;
  let state = starts[i]!;
  for (const action of pool[i]!.actions) {
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
  }
  return pool[i]!.actions.length;
};
timed(WARM_UP_SECONDS, replayOne);
const replayed = timed(seconds, replayOne);
const actionsPerGame = pool.reduce((n, g) => n + g.actions.length, 0) / pool.length;
console.log(
  `applyAction: ${Math.round(replayed.units / replayed.seconds)} actions/s (replaying random 4-player online games, ${actionsPerGame.toFixed(0)} actions per game)`,
);

// Full games: everything a simulated game does.
let game = 0;
const playOne = (): number => {
  playRandom(game++);
  return 1;
};
timed(WARM_UP_SECONDS, playOne);
const played = timed(seconds, playOne);
console.log(`random 4-player online games, one core: ${(played.units / played.seconds).toFixed(1)} games/s`);
