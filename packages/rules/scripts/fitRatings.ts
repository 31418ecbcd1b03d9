/**
 * Fits the rating model to this game: `npm run fit:ratings -- [options]` (README: Ratings).
 *
 * Per mode (2p, 3p, 4p free-for-all, 2v2 teams; the `online` preset) it plays seeded bot games among a
 * simulated population (players of fixed bot levels, every seat drawn at random), then:
 *   1. the noise β: replays the games through the model for each β of a grid (everyone a newcomer at
 *      first, ratings updated game by game, each winner predicted before its game is rated) and keeps the
 *      β of the best mean log-likelihood of the winner (betaFit.ts);
 *   2. the bots' anchors: each level's rating by maximum likelihood on the same games, the medium bot at
 *      1500 (anchorFit.ts);
 *   3. a calibration table: every pair of levels in fresh games, predicted vs observed (calibration.ts);
 *   4. the review's win chances at the start of a game beside the ratings' even prediction.
 * It prints everything and writes nothing, unless `--cache` is given.
 *
 *   --games <n>        population games per mode (default 200)
 *   --calibration <n>  fresh games per bot pair (default 10; 0: no calibration table)
 *   --orders <n>       orderings of the games each β is replayed in (default 4)
 *   --modes <a,b>      (default 2p,3p,4p,2v2)
 *   --seed <n>         (default 2026)
 *   --cache <dir>      keep the played games there and reuse them (to study the fit without replaying)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BotName } from '../src/bots/chooseMove';
import { createGame } from '../src/createGame';
import { RATING_MODES, type RatingMode, isRatingMode } from '../src/ratings';
import { winChances } from '../src/review/winModel';
import { teamOf } from '../src/colours';
import { fitAnchors } from './ratings/anchorFit';
import { fitBeta } from './ratings/betaFit';
import { type PairGames, type PairRow, calibrate, pairGames, pairTable } from './ratings/calibration';
import { BOT_LEVELS, type RatedRecord, population, populationGames, tableOf } from './ratings/ratedGames';

interface Options {
  games: number;
  calibration: number;
  orders: number;
  modes: RatingMode[];
  seed: number;
  cache: string | null;
}

function parse(argv: readonly string[]): Options {
  const o: Options = { games: 200, calibration: 10, orders: 4, modes: [...RATING_MODES], seed: 2026, cache: null };
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i]!, argv[i + 1] ?? ''];
    const n = Number(value);
    const count = (least = 1): number => {
      if (!Number.isInteger(n) || n < least) fail(`${name} needs an integer ≥ ${least}, not '${value}'`);
      return n;
    };
    if (name === '--games') o.games = count();
    else if (name === '--calibration') o.calibration = count(0);
    else if (name === '--orders') o.orders = count();
    else if (name === '--seed') o.seed = count();
    else if (name === '--cache') o.cache = value;
    else if (name === '--modes') {
      const modes = value.split(',');
      const bad = modes.find((m) => !isRatingMode(m));
      if (bad !== undefined) fail(`unknown mode '${bad}' (one of ${RATING_MODES.join(', ')})`);
      o.modes = modes as RatingMode[];
    } else fail(`unknown option '${name}'`);
  }
  return o;
}

function fail(message: string): never {
  console.error(`fit:ratings: ${message}`);
  process.exit(1);
}

/** The simulated population: as many random, heuristic and strong players, a few (slow) experts. */
const PEOPLE = population({ random: 9, heuristic: 9, strong: 9, expert: 3 });
const GRID = [0.5, 1, 1.5, 2, 2.25, 2.5, 2.75, 3, 3.25, 3.5, 3.75, 4, 4.25, 4.5, 4.75, 5, 5.5, 6, 7, 8, 10, 12, 15, 20];

const o = parse(process.argv.slice(2));

/** `make()`, or what an earlier run with the same options kept in the cache. */
function cached<T>(name: string, make: () => T): T {
  if (!o.cache) return make();
  const file = join(o.cache, `${name}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as T;
  const value = make();
  mkdirSync(o.cache, { recursive: true });
  writeFileSync(file, JSON.stringify(value));
  return value;
}

const started = performance.now();
const seconds = (): string => ((performance.now() - started) / 1000).toFixed(0);
const records = new Map<RatingMode, RatedRecord[]>();
const betas = new Map<RatingMode, { best: number; scores: readonly number[] }>();
const anchors = new Map<RatingMode, Record<BotName, number>>();
const pairs: PairRow[] = [];

for (const mode of o.modes) {
  const games = cached(`${mode}-population-${o.games}-${o.seed}`, () => populationGames(mode, PEOPLE, o.games, String(o.seed)));
  records.set(mode, games);
  betas.set(mode, fitBeta(mode, games, GRID, o.orders));
  console.error(`${mode}: ${games.length} population games, best β ${betas.get(mode)!.best} (${seconds()} s)`);
}
// The sum over the modes shows what one β for every mode would cost (README: 2v2 wants its own).
const totals = GRID.map((_, i) => o.modes.reduce((sum, m) => sum + betas.get(m)!.scores[i]!, 0));
const bestSum = GRID[totals.indexOf(Math.max(...totals))]!;
for (const mode of o.modes) {
  const beta = betas.get(mode)!.best;
  anchors.set(mode, fitAnchors(mode, records.get(mode)!, beta));
  if (o.calibration === 0) continue;
  const fresh = cached<PairGames[]>(`${mode}-pairs-${o.calibration}-${o.seed}`, () =>
    pairGames(mode, o.calibration, `${o.seed}/calibration`),
  );
  pairs.push(...calibrate(mode, fresh, anchors.get(mode)!, beta));
  console.error(`${mode}: calibration games played (${seconds()} s)`);
}

const sidesOf = (mode: RatingMode): number => (mode === '2v2' ? 2 : tableOf(mode).seats.length);
console.log(`population: ${BOT_LEVELS.map((b) => `${PEOPLE.filter((p) => p === b).length} ${b}`).join(', ')}; seed ${o.seed}`);
console.log(`games per mode: ${o.games} (β replayed in ${o.orders} orders); calibration: ${o.calibration} games per pair\n`);
console.log('mean ln P(winner) per game, each game predicted before it is rated (chance: ln 1/sides)');
console.log(`| β | ${o.modes.join(' | ')} | sum |`);
console.log(`|---|${o.modes.map(() => '---|').join('')}---|`);
const chance = o.modes.map((m) => Math.log(1 / sidesOf(m)));
console.log(`| chance | ${chance.map((x) => x.toFixed(4)).join(' | ')} | ${chance.reduce((x, y) => x + y, 0).toFixed(4)} |`);
const bold = (x: number, best: boolean): string => (best ? `**${x.toFixed(4)}**` : x.toFixed(4));
GRID.forEach((b, i) => {
  const cells = o.modes.map((m) => bold(betas.get(m)!.scores[i]!, betas.get(m)!.best === b));
  console.log(`| ${b} | ${cells.join(' | ')} | ${bold(totals[i]!, b === bestSum)} |`);
});

console.log(`\neach mode's β and the bots' ratings with it (heuristic = 1500)`);
console.log(`| mode | β | ${BOT_LEVELS.join(' | ')} |`);
console.log(`|---|---|${BOT_LEVELS.map(() => '---|').join('')}`);
for (const mode of o.modes) {
  console.log(`| ${mode} | ${betas.get(mode)!.best} | ${BOT_LEVELS.map((b) => anchors.get(mode)![b]).join(' | ')} |`);
}

if (o.calibration > 0) {
  console.log("\nbot pairs in fresh games: the first bot's (side's) chance to win");
  console.log(pairTable(pairs).join('\n'));
}

console.log("\nthe start of a game: the ratings' prediction for equal ratings vs the review's win chances");
console.log('| mode | ratings, equal | review at the start: first seat (side) | others | first seat (side) won, population games |');
console.log('|---|---|---|---|---|');
for (const mode of o.modes) {
  const { seats, teams } = tableOf(mode);
  const created = createGame({ preset: 'online', seats, teams, firstSeat: seats[0] });
  if (!created.ok) throw new Error(created.error.message);
  const chances = winChances(created.value);
  const first = chances[seats[0]!]!;
  const others = seats.filter((c) => (teams ? teamOf(c) !== teamOf(seats[0]!) : c !== seats[0])).map((c) => chances[c]!);
  const games = records.get(mode)!;
  const firstWon = games.filter((r) => r.places[r.firstSeat] === 1).length;
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  console.log(
    `| ${mode} | ${pct(1 / sidesOf(mode))} | ${pct(first)} | ${[...new Set(others.map(pct))].join(', ')} | ${pct(firstWon / games.length)} of ${games.length} |`,
  );
}
console.error(`done (${seconds()} s)`);
