import { type BySeat, COLOURS } from '../colours';
import { legalMoves } from '../legalMoves';
import { applyMove } from '../play';
import { isPresetName, type PresetName } from '../presets';
import { activeSeats } from '../queries';
import type { GameState } from '../state';
import { sideOf } from '../bots/evaluate';
import { FEATURE_COUNT, featureTable } from './features';
import { netChances, valueNetFor } from './valueNet';
import fitted from './winModel.json';

/**
 * Winning chances from a position (README: "Winning chances"): a softmax over the sides still
 * playing of each side's score β·features, with β fitted per preset and table kind (2, 3 or 4 sides,
 * or teams) by scripts/fitWinModel.ts and committed in winModel.json — or, where one was fitted (a
 * two-seat game of the online preset), the value net of valueNet.ts.
 */
export interface WinModelFile {
  readonly features: readonly string[];
  readonly groups: Readonly<Record<string, readonly number[]>>;
}

const MODEL = fitted as WinModelFile;

/** 2, 3 or 4 sides playing, or a team game. */
export type TableKind = '2' | '3' | '4' | 'teams';

export function tableKind(state: GameState): TableKind {
  if (state.teams) return 'teams';
  const n = activeSeats(state).length;
  return n <= 2 ? '2' : n === 3 ? '3' : '4';
}

export const groupKey = (preset: PresetName, kind: TableKind): string => `${preset}/${kind}`;

const weightsCache = new Map<string, Float64Array>();

/** The fitted weights for this position: its preset and kind, else the online preset's for the same kind. */
function weightsFor(state: GameState): Float64Array {
  const key = groupKey(isPresetName(state.preset) ? state.preset : 'online', tableKind(state));
  let weights = weightsCache.get(key);
  if (!weights) {
    const found = MODEL.groups[key] ?? MODEL.groups[groupKey('online', tableKind(state))] ?? new Array<number>(FEATURE_COUNT).fill(0);
    weights = Float64Array.from(found);
    weightsCache.set(key, weights);
  }
  return weights;
}

/** Each side's chance (index `sideOf`; 0 for sides not playing). */
export type Chances = number[];

/** A finished game: the winning side has it all; a draw shares it among the sides still playing. */
function finalChances(state: GameState): Chances {
  const chances = [0, 0, 0, 0];
  const winners = state.result?.winners ?? [];
  if (winners.length > 0) {
    chances[sideOf(state, winners[0]!)] = 1;
    return chances;
  }
  const sides = [...new Set(activeSeats(state).map((c) => sideOf(state, c)))];
  for (const s of sides) chances[s] = 1 / sides.length;
  return chances;
}

/** The model's chances of a position waiting for a roll (or any position, read as it stands). */
export function staticChances(state: GameState): Chances {
  if (state.phase === 'over') return finalChances(state);
  const net = valueNetFor(state);
  return net ? netChances(net, state) : chancesWith(weightsFor(state), state);
}

/** `staticChances` with the given weights (the fitting script tries its own). */
export function chancesWith(weights: Float64Array, state: GameState): Chances {
  if (state.phase === 'over') return finalChances(state);
  const { sides, table } = featureTable(state);
  const scores = [0, 0, 0, 0];
  let top = -Infinity;
  for (let a = 0; a < sides.length; a++) {
    let z = 0;
    for (let j = 0, at = a * FEATURE_COUNT; j < FEATURE_COUNT; j++) z += weights[j]! * table[at + j]!;
    scores[a] = z;
    if (z > top) top = z;
  }
  let sum = 0;
  for (let a = 0; a < sides.length; a++) sum += scores[a] = Math.exp(scores[a]! - top);
  const chances = [0, 0, 0, 0];
  for (let a = 0; a < sides.length; a++) chances[sides[a]!] = scores[a]! / sum;
  return chances;
}

/**
 * Each side's chance to win (index `sideOf`): a finished game is 1 for the winner; a position waiting
 * for a move is read after the mover's best move by the model (one move deep).
 */
export function sideChances(state: GameState, read: (s: GameState) => Chances = staticChances): Chances {
  if (state.phase !== 'move') return read(state);
  const side = sideOf(state, state.current);
  let best: Chances | null = null;
  for (const move of legalMoves(state)) {
    const applied = applyMove(state, move.plane);
    if (!applied.ok) continue;
    const chances = read(applied.value.state);
    if (!best || chances[side]! > best[side]!) best = chances;
  }
  return best ?? read(state);
}

/**
 * `winChances(state)`: for every seated colour, the chance that its side (the seat, or its team) wins,
 * 0..1. The sides still playing share 1 between them (team-mates carry their team's chance); a seat
 * that is out of a free-for-all has 0. Pure and deterministic.
 */
export function winChances(state: GameState): BySeat<number> {
  const chances = sideChances(state);
  const out: BySeat<number> = {};
  for (const c of COLOURS) if (state.seats.includes(c)) out[c] = chances[sideOf(state, c)]!;
  return out;
}
