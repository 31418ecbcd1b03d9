/**
 * Fits the win model (src/review/winModel.json): `npm run fit:win-model -- [options]`.
 *
 * For every preset and table kind (2, 3, 4 players, teams) it plays seeded games with strong bots in
 * every seat, samples positions waiting for a roll, and fits a conditional logit of the side that won
 * on the position's features (src/review/features.ts: the strong bot's evaluation and a few facts that
 * calibrate it), games % 5 === 0 held out. It reports the calibration of the held-out positions: deciles
 * of predicted chance with predicted vs observed win rate, and the Brier score.
 *
 *   --games <n>     games per group (default 1000)
 *   --rate <x>      share of positions kept (default 0.08)
 *   --ridge <x>     ridge penalty (default 1)
 *   --seed <n>      (default 2026)
 *   --only <a,b>    fit only these groups (e.g. online/2,online/4)
 *   --cache <dir>   keep the sampled positions there and reuse them (to try features on the same games)
 *   --shard i/n     fit only groups i, i+n, … and write <out>.part-i.json (to run shards side by side)
 *   --combine n     merge the n parts into <out> and report
 *   --out <file>    (default packages/rules/src/review/winModel.json)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { FEATURE_COUNT, FEATURE_NAMES, sideFeatures } from '../src/review/features';
import { type Forecast, calibrationOf, calibrationTable } from './winModel/calibration';
import { type Example, fitLogit, softmaxOf } from './winModel/logit';
import { type Group, type Position, allGroups, cachedPositions, nameOf } from './winModel/positions';

interface Options {
  games: number;
  rate: number;
  ridge: number;
  seed: number;
  only: string[] | null;
  cache: string | null;
  shard: { index: number; of: number } | null;
  combine: number | null;
  out: string;
}

function parse(argv: readonly string[]): Options {
  const o: Options = {
    games: 1000,
    rate: 0.08,
    ridge: 1,
    seed: 2026,
    only: null,
    cache: null,
    shard: null,
    combine: null,
    out: 'packages/rules/src/review/winModel.json',
  };
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i]!, argv[i + 1] ?? ''];
    const n = Number(value);
    switch (name) {
      case '--games':
        o.games = n;
        break;
      case '--rate':
        o.rate = n;
        break;
      case '--ridge':
        o.ridge = n;
        break;
      case '--seed':
        o.seed = n;
        break;
      case '--out':
        o.out = value;
        break;
      case '--combine':
        o.combine = n;
        break;
      case '--only':
        o.only = value.split(',');
        break;
      case '--cache':
        o.cache = value;
        break;
      case '--shard': {
        const [index, of] = value.split('/').map(Number);
        o.shard = { index: index!, of: of! };
        break;
      }
      default:
        console.error(`fit:win-model: unknown option ${name}`);
        process.exit(1);
    }
  }
  return o;
}

function examplesOf(positions: readonly Position[]): (Example & { readonly winner: number })[] {
  return positions.map((position) => {
    const { sides, rows } = sideFeatures(position.state);
    const winner = sides.indexOf(position.winner);
    const target = new Float64Array(sides.length);
    target[winner] = 1;
    return { x: rows, target, winner };
  });
}

interface GroupFit {
  readonly weights: number[];
  readonly games: number;
  readonly train: number;
  readonly heldOut: number;
  readonly forecasts: [number, 0 | 1][];
}

function fitGroup(group: Group, o: Options): GroupFit {
  const started = performance.now();
  const positions = cachedPositions(o.cache, group, o.games, o.seed, o.rate);
  const train = examplesOf(positions.filter((p) => p.game % 5 !== 0));
  const heldOut = examplesOf(positions.filter((p) => p.game % 5 === 0));
  const weights = fitLogit(train, FEATURE_COUNT, o.ridge, 25);
  const forecasts: [number, 0 | 1][] = [];
  for (const e of heldOut) softmaxOf(weights, e.x).forEach((p, a) => forecasts.push([p, a === e.winner ? 1 : 0]));
  const c = calibrationOf(forecasts.map(([p, won]) => ({ p, won })));
  console.error(
    `${nameOf(group)}: ${train.length} + ${heldOut.length} positions, held-out Brier ${c.brier.toFixed(4)}, worst decile ${(100 * c.worst).toFixed(1)} points (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  return {
    weights: Array.from(weights, (w) => Number(w.toPrecision(5))),
    games: o.games,
    train: train.length,
    heldOut: heldOut.length,
    forecasts,
  };
}

function report(fits: Record<string, GroupFit>, o: Options): void {
  const forecasts: Forecast[] = Object.values(fits).flatMap((f) => f.forecasts.map(([p, won]) => ({ p, won })));
  const train = Object.values(fits).reduce((n, f) => n + f.train, 0);
  const heldOut = Object.values(fits).reduce((n, f) => n + f.heldOut, 0);
  const games = Object.values(fits).reduce((n, f) => n + f.games, 0);
  const model = {
    about: 'Win model weights: written by packages/rules/scripts/fitWinModel.ts (see the rules README, "Winning chances").',
    fit: { games, positions: train, heldOut, seed: o.seed, rate: o.rate, ridge: o.ridge },
    features: FEATURE_NAMES,
    groups: Object.fromEntries(Object.entries(fits).map(([name, f]) => [name, f.weights])),
  };
  writeFileSync(o.out, `${JSON.stringify(model, null, 1)}\n`);
  const c = calibrationOf(forecasts);
  console.log(
    `fitted on ${train} positions of ${games} games (${Object.keys(fits).length} groups), checked on ${heldOut} held-out positions`,
  );
  console.log(calibrationTable(c).join('\n'));
}

const o = parse(process.argv.slice(2));
if (o.combine !== null) {
  const fits: Record<string, GroupFit> = {};
  for (let i = 0; i < o.combine; i++)
    Object.assign(fits, JSON.parse(readFileSync(`${o.out}.part-${i}.json`, 'utf8')) as Record<string, GroupFit>);
  report(fits, o);
} else {
  const groups = allGroups()
    .filter((g) => !o.only || o.only.includes(nameOf(g)))
    .filter((_, i) => !o.shard || i % o.shard.of === o.shard.index);
  const fits: Record<string, GroupFit> = {};
  for (const group of groups) fits[nameOf(group)] = fitGroup(group, o);
  if (o.shard) writeFileSync(`${o.out}.part-${o.shard.index}.json`, JSON.stringify(fits));
  else report(fits, o);
}
