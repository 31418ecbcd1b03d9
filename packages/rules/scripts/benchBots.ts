/**
 * `npm run bench:bots`: how long each bot takes to decide, and how long a game review takes.
 *  - decision times: every decision (two or more different moves) of seeded strong-bot games, online
 *    preset, 2 and 4 players; each bot decides each of them after a warm-up; mean, p50, p90, p99, max;
 *  - the review of a 600-action 4-player game (`reviewGame`, the same code the browser's worker runs).
 * Run it on a quiet machine: `flock /work/coord/heavy.lock nice -n 0 npm run bench:bots`.
 *   --decisions <n>  decisions per table kind (default 2000)
 *   --bots <a,b>     (default strong,expert)
 */
import { type BotName, type Colour, type GameState, applyAction, chooseMove, createGame, createRng, legalMoves, reviewGame } from '../src';
import { playGame } from '../src/sim/playGame';
import { sixHundredActionGame } from './benchGame';
import { percentile } from '../src/sim/stats';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const perKind = Number(option('decisions', '2000'));
const bots = option('bots', 'strong,expert').split(',') as BotName[];

const SEATS: Record<2 | 4, Colour[]> = { 2: ['red', 'yellow'], 4: ['red', 'green', 'yellow', 'blue'] };

/** Decisions of seeded strong-bot games: positions waiting for a move where the legal moves differ. */
function decisions(players: 2 | 4, count: number): GameState[] {
  const out: GameState[] = [];
  for (let game = 0; out.length < count; game++) {
    const seats = SEATS[players];
    const setup = { preset: 'online' as const, seats, firstSeat: seats[game % players]! };
    const bots = Object.fromEntries(seats.map((c) => [c, 'strong' as const]));
    const played = playGame(setup, bots, createRng(`bench-bots/${players}/${game}`));
    const created = createGame(setup);
    if (!created.ok) throw new Error(created.error.message);
    let state = created.value;
    for (const action of played.actions) {
      if (state.phase === 'move' && new Set(legalMoves(state).map((m) => String(m.route.from))).size > 1 && out.length < count)
        out.push(state);
      const applied = applyAction(state, action);
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.value.state;
    }
  }
  return out;
}

function timeBot(bot: BotName, states: readonly GameState[]): number[] {
  for (const s of states.slice(0, 100)) chooseMove(s, bot);
  return states.map((s) => {
    const start = performance.now();
    chooseMove(s, bot);
    return performance.now() - start;
  });
}

const ms = (x: number): string => `${x.toFixed(2)} ms`;
for (const players of [2, 4] as const) {
  const states = decisions(players, perKind);
  for (const bot of bots) {
    const times = timeBot(bot, states);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `${bot}, ${players} players, ${times.length} decisions: mean ${ms(mean)}, p50 ${ms(percentile(times, 50))}, p90 ${ms(percentile(times, 90))}, p99 ${ms(percentile(times, 99))}, max ${ms(Math.max(...times))}`,
    );
  }
}

const game = sixHundredActionGame();
reviewGame(game.setup, game.actions.slice(0, 100));
const runs: number[] = [];
for (let i = 0; i < 3; i++) {
  const start = performance.now();
  const reviewed = reviewGame(game.setup, game.actions);
  runs.push(performance.now() - start);
  if (!reviewed.ok) throw new Error(reviewed.error.message);
  if (i === 0)
    console.log(
      `review of a 600-action 4-player game: ${reviewed.value.moves.filter((m) => !m.forced).length} decisions, ${reviewed.value.rolls.length} rolls`,
    );
}
console.log(`review time (node, one core): ${runs.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}`);
