import type { Action } from '../actions';
import type { BySeat, Colour } from '../colours';
import { arrivedCount, leaveOf } from '../queries';
import type { GameState } from '../state';

/**
 * Each seat's place for its rating, 1 the best, from a finished game: the winners first (tied); then those who
 * stayed, by planes arrived (equal counts tie); then every seat that resigned, escaped or forfeited (the
 * 3-minute hold's expiry) — a loss, whatever it had arrived; a seat that played on after its person left
 * (`leftSeatsPlayOn`, casual tables only) is placed the same way. A draw ties everyone.
 */
export function ratingPlaces(state: GameState): BySeat<number> {
  const winners = state.result?.winners ?? [];
  const draw = state.result?.reason === 'draw';
  // Winners tie among themselves (a winning team's two seats share first place, whatever each arrived).
  // A seat whose person left but that played on (`leftSeatsPlayOn`) is placed as a seat that is out.
  const key = (c: Colour): [number, number, number] => {
    const left = leaveOf(state, c);
    return winners.includes(c) ? [1, 0, 0] : [0, left ? 0 : 1, left?.arrived ?? arrivedCount(state, c)];
  };
  const better = (a: Colour, b: Colour): boolean => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
    return false;
  };
  const places: BySeat<number> = {};
  for (const c of state.seats) places[c] = draw ? 1 : 1 + state.seats.filter((o) => better(o, c)).length;
  return places;
}

/** The least a person's game counts when auto-play (托管) made every one of their moves. */
export const AUTO_PLAY_FLOOR = 0.5;

/**
 * How much each seat's game counts for its rating: 1 for moves all made by the player, down to
 * AUTO_PLAY_FLOOR when auto-play made them all — linear in the share made by the player. The floor keeps
 * a game left to auto-play a rated game: it cannot be used to dodge a loss.
 */
export function playWeights(seats: readonly Colour[], actions: readonly Action[]): BySeat<number> {
  const own: BySeat<number> = {};
  const all: BySeat<number> = {};
  for (const a of actions) {
    if (a.type !== 'move') continue;
    all[a.seat] = (all[a.seat] ?? 0) + 1;
    if (a.by !== 'auto-play') own[a.seat] = (own[a.seat] ?? 0) + 1;
  }
  const weights: BySeat<number> = {};
  for (const c of seats) {
    const moves = all[c] ?? 0;
    weights[c] = moves === 0 ? 1 : AUTO_PLAY_FLOOR + (1 - AUTO_PLAY_FLOOR) * ((own[c] ?? 0) / moves);
  }
  return weights;
}
