import { isPresetName } from '../presets';
import { activeSeats } from '../queries';
import type { GameState } from '../state';
import { sideOf } from '../bots/evaluate';
import { CODE_COUNT, DENSE_COUNT, INPUT_LENGTH, NET_PLANES, netInput } from './netInput';
import fitted from './valueNet.json';

/**
 * The value net of two-seat games (README: "Winning chances"): the chance that the seat `me` wins is
 * σ(lin·dense + f(me) − f(other)), where f(view) = w2·relu(b1 + W1[the view's planes] + W1'[the
 * other's planes] ± Wd·dense) reads the position with that seat's planes as "mine" — so the two
 * seats' chances sum to 1 by construction. Fitted by scripts/fitValueNet.ts.
 */
export interface ValueNet {
  readonly hidden: number;
  /** DENSE_COUNT weights of the dense input, straight to the logit. */
  readonly lin: Float64Array;
  /** (2 × CODE_COUNT) × hidden: a plane of the view at code c adds row c, one of the other seat row CODE_COUNT + c. */
  readonly W1: Float64Array;
  /** DENSE_COUNT × hidden. */
  readonly Wd: Float64Array;
  readonly b1: Float64Array;
  readonly w2: Float64Array;
}

/** The committed form: lin, b1, w2 as numbers; W1 and Wd as signed bytes (base64) times their scale. */
export interface ValueNetData {
  readonly hidden: number;
  readonly lin: readonly number[];
  readonly b1: readonly number[];
  readonly w2: readonly number[];
  readonly W1: { readonly scale: number; readonly bytes: string };
  readonly Wd: { readonly scale: number; readonly bytes: string };
}

export interface ValueNetFile {
  readonly groups: Readonly<Record<string, ValueNetData>>;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Signed bytes from base64 (no atob: the rules run anywhere), each times `scale`. */
export function decodeBytes({ scale, bytes }: { scale: number; bytes: string }): Float64Array {
  const clean = bytes.replace(/=+$/, '');
  const out = new Float64Array(Math.floor((clean.length * 6) / 8));
  let acc = 0;
  let bits = 0;
  let n = 0;
  for (const ch of clean) {
    acc = (acc << 6) | BASE64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      const byte = (acc >> bits) & 0xff;
      out[n++] = (byte > 127 ? byte - 256 : byte) * scale;
    }
  }
  return out;
}

/** Signed bytes (−127..127) of `values` on one scale, base64 (the fitting script writes these). */
export function encodeBytes(values: ArrayLike<number>): { scale: number; bytes: string } {
  let top = 0;
  for (let i = 0; i < values.length; i++) top = Math.max(top, Math.abs(values[i]!));
  const scale = top > 0 ? top / 127 : 1;
  let out = '';
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < values.length; i++) {
    acc = ((acc << 8) | (Math.round(values[i]! / scale) & 0xff)) & 0xffffff;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += BASE64[(acc >> bits) & 63];
    }
  }
  if (bits > 0) out += BASE64[(acc << (6 - bits)) & 63];
  return { scale: Number(scale.toPrecision(6)), bytes: out };
}

export function decodeNet(data: ValueNetData): ValueNet {
  return {
    hidden: data.hidden,
    lin: Float64Array.from(data.lin),
    b1: Float64Array.from(data.b1),
    w2: Float64Array.from(data.w2),
    W1: decodeBytes(data.W1).subarray(0, 2 * CODE_COUNT * data.hidden),
    Wd: decodeBytes(data.Wd).subarray(0, DENSE_COUNT * data.hidden),
  };
}

/** The hidden activations of both views of the last `netLogit` (the fitting script's gradients read them). */
export const HIDDEN = { mine: new Float64Array(64), theirs: new Float64Array(64) };

/** The logit of the view's seat winning, for an input from netInput. */
export function netLogit(net: ValueNet, input: ArrayLike<number>, at = 0): number {
  const { hidden: H, W1, Wd, b1, w2, lin } = net;
  const a = HIDDEN.mine;
  const b = HIDDEN.theirs;
  let z = 0;
  for (let k = 0; k < H; k++) a[k] = 0;
  for (let j = 0; j < DENSE_COUNT; j++) {
    const v = input[at + j]!;
    if (v === 0) continue;
    z += lin[j]! * v;
    for (let k = 0, row = j * H; k < H; k++) a[k]! += Wd[row + k]! * v;
  }
  for (let k = 0; k < H; k++) {
    b[k] = b1[k]! - a[k]!;
    a[k]! += b1[k]!;
  }
  const codes = at + DENSE_COUNT;
  for (let i = 0; i < 2 * NET_PLANES; i++) {
    const own = i < NET_PLANES;
    const code = input[codes + i]!;
    const forMine = (own ? code : CODE_COUNT + code) * H;
    const forTheirs = (own ? CODE_COUNT + code : code) * H;
    for (let k = 0; k < H; k++) {
      a[k]! += W1[forMine + k]!;
      b[k]! += W1[forTheirs + k]!;
    }
  }
  for (let k = 0; k < H; k++) {
    if (a[k]! < 0) a[k] = 0;
    if (b[k]! < 0) b[k] = 0;
    z += w2[k]! * (a[k]! - b[k]!);
  }
  return z;
}

/** The chance that the view's seat wins, for an input from netInput. */
export function netChance(net: ValueNet, input: ArrayLike<number>, at = 0): number {
  return 1 / (1 + Math.exp(-netLogit(net, input, at)));
}

const NETS = new Map<string, ValueNet | null>();
const GROUPS = (fitted as ValueNetFile).groups;

/** The net for this position's preset, if one was fitted for it: a table of two seats, both still playing. */
export function valueNetFor(state: GameState): ValueNet | null {
  // Read at every leaf of the expert's search: the seat count first, it settles four-seat tables.
  if (state.seats.length !== 2 || activeSeats(state).length !== 2 || !isPresetName(state.preset)) return null;
  const key = `${state.preset}/2`;
  let net = NETS.get(key);
  if (net === undefined) {
    const data = GROUPS[key];
    net = data ? decodeNet(data) : null;
    NETS.set(key, net);
  }
  return net;
}

const INPUT = new Float64Array(INPUT_LENGTH);

/** Each side's chance by the net (index `sideOf`), for a position not over. */
export function netChances(net: ValueNet, state: GameState): number[] {
  const [first, second] = activeSeats(state) as [GameState['current'], GameState['current']];
  netInput(state, first, INPUT);
  const p = netChance(net, INPUT);
  const chances = [0, 0, 0, 0];
  chances[sideOf(state, first)] = p;
  chances[sideOf(state, second)] = 1 - p;
  return chances;
}
