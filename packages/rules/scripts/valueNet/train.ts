import { createRng } from '../../src';
import { CODE_COUNT, DENSE_COUNT, NET_PLANES } from '../../src/review/netInput';
import { HIDDEN, type ValueNet, netChance } from '../../src/review/valueNet';
import type { PositionRecord } from './records';

/** A net whose every part can be written (training's form of ValueNet). */
export type Params = { -readonly [K in keyof ValueNet]: ValueNet[K] };
const PARTS = ['lin', 'W1', 'Wd', 'b1', 'w2'] as const;

export interface TrainOptions {
  readonly hidden: number;
  /** Rounds of value iteration: targets from the net as it stands, then `epochs` passes over them. */
  readonly iterations: number;
  readonly epochs: number;
  readonly rate: number;
  readonly seed: string;
  /** Starting weights of the dense input (the win model's, the extras at 0). */
  readonly lin: readonly number[];
  readonly onIteration?: (net: ValueNet, iteration: number) => void;
}

export function zeros(hidden: number): Params {
  return {
    hidden,
    lin: new Float64Array(DENSE_COUNT),
    W1: new Float64Array(2 * CODE_COUNT * hidden),
    Wd: new Float64Array(DENSE_COUNT * hidden),
    b1: new Float64Array(hidden),
    w2: new Float64Array(hidden),
  };
}

/** The value of a record's position by `net`: the mean over the faces of the roller's best outcome. */
export function targetOf(net: ValueNet, r: PositionRecord): number {
  let sum = 0;
  for (const face of r.faces) {
    if (typeof face === 'number') {
      sum += face;
      continue;
    }
    let best = 0;
    for (let at = 0; at < face.length; at += DENSE_COUNT + 2 * NET_PLANES) best = Math.max(best, netChance(net, face, at));
    sum += best;
  }
  return sum / r.faces.length;
}

export const chanceOf = (net: ValueNet, r: PositionRecord): number => netChance(net, r.input);

/** Add the gradient of the loss at `input` (dLoss/dlogit = e) to `g`; netLogit must have just read `input`. */
export function addGradient(net: ValueNet, g: Params, input: Float32Array, e: number): void {
  const H = net.hidden;
  const { mine: a, theirs: b } = HIDDEN;
  for (let j = 0; j < DENSE_COUNT; j++) g.lin[j]! += e * input[j]!;
  for (let k = 0; k < H; k++) {
    g.w2[k]! += e * (a[k]! - b[k]!);
    const da = a[k]! > 0 ? e * net.w2[k]! : 0;
    const db = b[k]! > 0 ? -e * net.w2[k]! : 0;
    if (da === 0 && db === 0) continue;
    g.b1[k]! += da + db;
    for (let j = 0; j < DENSE_COUNT; j++) if (input[j] !== 0) g.Wd[j * H + k]! += (da - db) * input[j]!;
    for (let i = 0; i < 2 * NET_PLANES; i++) {
      const code = input[DENSE_COUNT + i]!;
      const own = i < NET_PLANES;
      g.W1[(own ? code : CODE_COUNT + code) * H + k]! += da;
      g.W1[(own ? CODE_COUNT + code : code) * H + k]! += db;
    }
  }
}

/**
 * Fitted value iteration (as TD-Gammon's temporal differences, without the noise of a game's one
 * outcome): each round sets every position's target to what the net itself says one roll and the
 * best move later, then fits the net to the targets (cross-entropy, Adam, minibatches of 128).
 * Finished games anchor the values; deterministic for a given seed.
 */
export function trainValueNet(records: readonly PositionRecord[], o: TrainOptions): ValueNet {
  const rng = createRng(o.seed);
  const small = (size: number) => (rng.next() - 0.5) * size;
  const net = zeros(o.hidden);
  o.lin.forEach((w, j) => (net.lin[j] = w));
  for (let i = 0; i < net.W1.length; i++) net.W1[i] = small(0.2);
  for (let i = 0; i < net.Wd.length; i++) net.Wd[i] = small(0.2);
  for (let k = 0; k < o.hidden; k++) {
    net.w2[k] = small(0.02);
    net.b1[k] = 0.1;
  }
  const m = zeros(o.hidden);
  const v = zeros(o.hidden);
  let step = 0;
  const BATCH = 128;
  const order = records.map((_, i) => i);
  for (let it = 1; it <= o.iterations; it++) {
    const targets = records.map((r) => targetOf(net, r));
    for (let epoch = 0; epoch < o.epochs; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(rng.next() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      for (let from = 0; from < order.length; from += BATCH) {
        const g = zeros(o.hidden);
        const to = Math.min(order.length, from + BATCH);
        for (let q = from; q < to; q++) {
          const r = records[order[q]!]!;
          addGradient(net, g, r.input, (chanceOf(net, r) - targets[order[q]!]!) / BATCH);
        }
        step++;
        for (const part of PARTS) adam(net[part], g[part], m[part], v[part], o.rate, step);
      }
    }
    o.onIteration?.(net, it);
  }
  return net;
}

function adam(w: Float64Array, g: Float64Array, m: Float64Array, v: Float64Array, rate: number, step: number): void {
  const c1 = 1 - 0.9 ** step;
  const c2 = 1 - 0.999 ** step;
  for (let i = 0; i < w.length; i++) {
    const gi = g[i]! + 1e-6 * w[i]!;
    m[i] = 0.9 * m[i]! + 0.1 * gi;
    v[i] = 0.999 * v[i]! + 0.001 * gi * gi;
    w[i]! -= (rate * (m[i]! / c1)) / (Math.sqrt(v[i]! / c2) + 1e-8);
  }
}
