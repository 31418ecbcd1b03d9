/**
 * Fits the value net of two-seat games (src/review/valueNet.json): `npm run fit:value-net -- [options]`.
 *
 * It plays seeded games of the preset with strong bots in both seats, samples positions waiting for a
 * roll, and records everything one roll and move leads to from each (scripts/valueNet/records.ts).
 * Then fitted value iteration (scripts/valueNet/train.ts), games % 10 === 0 held out. It reports the
 * held-out calibration against the games' real outcomes (deciles, Brier score, log loss) of the net as
 * committed (its hidden weights as signed bytes).
 *
 *   --preset <name>     (default online)
 *   --games <n>         (default 5000)
 *   --rate <x>          share of positions kept (default 0.33)
 *   --hidden <n>        hidden units (default 16)
 *   --iterations <n>    rounds of value iteration (default 8)
 *   --epochs <n>        passes over the positions per round (default 2)
 *   --seed <n>          (default 2026)
 *   --out <file>        (default packages/rules/src/review/valueNet.json)
 *   --check <n>         fit nothing: report the calibration of the net in <file> on n fresh games (seed + 1)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { PRESET_NAMES, type PresetName, isPresetName } from '../src';
import { DENSE_COUNT } from '../src/review/netInput';
import { type ValueNet, type ValueNetData, type ValueNetFile, decodeNet, encodeBytes, netLogit } from '../src/review/valueNet';
import winModel from '../src/review/winModel.json';
import { type Forecast, calibrationOf, calibrationTable } from './winModel/calibration';
import { samplePositions } from './winModel/positions';
import { type PositionRecord, recordOf } from './valueNet/records';
import { chanceOf, targetOf, trainValueNet } from './valueNet/train';

interface Options {
  preset: PresetName;
  games: number;
  rate: number;
  hidden: number;
  iterations: number;
  epochs: number;
  seed: number;
  out: string;
  check: number;
}

function parse(argv: readonly string[]): Options {
  const o: Options = {
    preset: 'online',
    games: 5000,
    rate: 0.33,
    hidden: 16,
    iterations: 8,
    epochs: 2,
    seed: 2026,
    out: 'packages/rules/src/review/valueNet.json',
    check: 0,
  };
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i]!, argv[i + 1] ?? ''];
    const n = Number(value);
    switch (name) {
      case '--preset':
        if (!isPresetName(value)) fail(`--preset: one of ${PRESET_NAMES.join(', ')}`);
        o.preset = value as PresetName;
        break;
      case '--games':
        o.games = n;
        break;
      case '--rate':
        o.rate = n;
        break;
      case '--hidden':
        o.hidden = n;
        break;
      case '--iterations':
        o.iterations = n;
        break;
      case '--epochs':
        o.epochs = n;
        break;
      case '--seed':
        o.seed = n;
        break;
      case '--out':
        o.out = value;
        break;
      case '--check':
        o.check = n;
        break;
      default:
        fail(`unknown option ${name}`);
    }
  }
  if (!(o.games >= 10 && o.rate > 0 && o.rate <= 1 && o.hidden >= 1 && o.hidden <= 64 && o.iterations >= 1 && o.epochs >= 1))
    fail('--games ≥ 10, 0 < --rate ≤ 1, 1 ≤ --hidden ≤ 64, --iterations and --epochs ≥ 1');
  return o;
}

function fail(message: string): never {
  console.error(`fit:value-net: ${message}`);
  process.exit(1);
}

/** The net as committed: hidden weights as signed bytes (the page loads it with the offline bots). */
function committedForm(net: ValueNet): ValueNetData {
  const round = (a: Float64Array) => Array.from(a, (x) => Number(x.toPrecision(5)));
  return {
    hidden: net.hidden,
    lin: round(net.lin),
    b1: round(net.b1),
    w2: round(net.w2),
    W1: encodeBytes(net.W1),
    Wd: encodeBytes(net.Wd),
  };
}

/**
 * Value iteration makes the net a little over-sure (both seats are taken to play its best move); one
 * factor on the logit, fitted to the fitted games' real outcomes (Newton on the log likelihood), makes
 * its chances match what happened. The logit is linear in lin and w2, so they carry the factor.
 */
function calibrate(net: ValueNet, records: readonly PositionRecord[]): number {
  const logits = records.map((r) => netLogit(net, r.input));
  let s = 1;
  for (let step = 0; step < 20; step++) {
    let gradient = 0;
    let curvature = 0;
    records.forEach((r, i) => {
      const z = logits[i]!;
      const p = 1 / (1 + Math.exp(-s * z));
      gradient += (r.won - p) * z;
      curvature += p * (1 - p) * z * z;
    });
    s += gradient / curvature;
  }
  for (const part of [net.lin, net.w2]) for (let i = 0; i < part.length; i++) part[i]! *= s;
  return s;
}

function heldOutReport(net: ValueNet, held: readonly PositionRecord[]) {
  const forecasts: Forecast[] = [];
  let logLoss = 0;
  let bellman = 0;
  for (const r of held) {
    const p = chanceOf(net, r);
    forecasts.push({ p, won: r.won }, { p: 1 - p, won: r.won === 1 ? 0 : 1 });
    logLoss -= Math.log(Math.min(1 - 1e-12, Math.max(1e-12, r.won === 1 ? p : 1 - p)));
    bellman += Math.abs(p - targetOf(net, r));
  }
  return { calibration: calibrationOf(forecasts), logLoss: logLoss / held.length, bellman: bellman / held.length };
}

/** Positions of `games` seeded strong-bot games and what one roll and move leads to from each. */
function recordGames(o: Options, games: number, seed: number): PositionRecord[] {
  const records: PositionRecord[] = [];
  const CHUNK = 100;
  for (let from = 0; from < games; from += CHUNK) {
    for (const p of samplePositions({ preset: o.preset, kind: '2' }, Math.min(games, from + CHUNK), seed, o.rate, 'strong', from)) {
      records.push(recordOf(p));
    }
  }
  return records;
}

/** The calibration of a committed net on games it never saw. */
function check(o: Options, key: string): void {
  const data = (JSON.parse(readFileSync(o.out, 'utf8')) as ValueNetFile).groups[key];
  if (!data) fail(`${o.out} has no net for ${key}`);
  const report = heldOutReport(decodeNet(data), recordGames(o, o.check, o.seed + 1));
  console.log(`${key} on ${o.check} fresh games (seed ${o.seed + 1}): log loss ${report.logLoss.toFixed(5)}`);
  for (const line of calibrationTable(report.calibration)) console.log(line);
}

function main(): void {
  const o = parse(process.argv.slice(2));
  const key = `${o.preset}/2`;
  if (o.check > 0) return check(o, key);
  const started = Date.now();
  const records = recordGames(o, o.games, o.seed);
  const fit = records.filter((r) => r.game % 10 !== 0);
  const held = records.filter((r) => r.game % 10 === 0);
  console.log(
    `${key}: ${o.games} games, ${records.length} positions (${held.length} held out), recorded in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const linear = (winModel as { groups: Record<string, number[]> }).groups[key] ?? [];
  const net = trainValueNet(fit, {
    hidden: o.hidden,
    iterations: o.iterations,
    epochs: o.epochs,
    rate: 0.002,
    seed: `${o.seed}/${key}/net`,
    lin: Array.from({ length: DENSE_COUNT }, (_, j) => linear[j] ?? 0),
    onIteration: (n, it) => {
      const r = heldOutReport(n, held);
      console.log(
        `  round ${it}: held-out log loss ${r.logLoss.toFixed(5)}, Brier ${r.calibration.brier.toFixed(5)}, |value − one roll later| ${(100 * r.bellman).toFixed(2)} points`,
      );
    },
  });
  const scale = calibrate(net, fit);
  console.log(`  calibrated: logits × ${scale.toFixed(4)}`);
  const data = committedForm(net);
  const report = heldOutReport(decodeNet(data), held);
  console.log(`${key} as committed: held-out log loss ${report.logLoss.toFixed(5)}`);
  for (const line of calibrationTable(report.calibration)) console.log(line);
  const before: Partial<ValueNetFile> & Record<string, unknown> = existsSync(o.out) ? JSON.parse(readFileSync(o.out, 'utf8')) : {};
  const file = {
    about:
      'Value net of two-seat games: written by packages/rules/scripts/fitValueNet.ts (see the rules README, "Winning chances"); its dense input is DENSE_NAMES of src/review/netInput.ts.',
    fit: {
      ...((before.fit as object) ?? {}),
      [key]: {
        games: o.games,
        positions: records.length,
        heldOut: held.length,
        rate: o.rate,
        iterations: o.iterations,
        epochs: o.epochs,
        seed: o.seed,
        logLoss: Number(report.logLoss.toFixed(5)),
        brier: Number(report.calibration.brier.toFixed(5)),
        worstDecile: Number((100 * report.calibration.worst).toFixed(2)),
      },
    },
    groups: { ...(before.groups ?? {}), [key]: data },
  };
  writeFileSync(o.out, `${JSON.stringify(file, null, 1)}\n`);
  console.log(`wrote ${o.out} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main();
