import type { Position } from '../colours';
import { boardOf } from '../board';
import { createGame } from '../createGame';
import { FINISH, LAUNCH, TURN_IN } from '../geometry';
import type { RulesConfig } from '../presets';
import { routeOf } from '../route';
import type { GameState } from '../state';

/** The tunable worths of the strong bot, in squares of progress. */
export interface Worths {
  /** A plane out of the hangar over one still in it: the take-off roll it no longer needs. */
  readonly takeoff: number;
  /** Reaching the home lane, where nothing can capture it (over its squares of progress). */
  readonly lane: number;
  /** Arriving, over the lane square before the finish: no exact roll or bounce to wait for. */
  readonly finish: number;
}

const shortcutCache = new WeakMap<RulesConfig, readonly number[]>();

/**
 * Squares a lone plane at progress p (launch and ring) can still expect to gain from jumps and
 * flights on its way in, under this state's rules: a plane just before a jump square is worth more
 * than one just past the flight. Computed with the engine's own routes for a plane alone on the
 * board (every other plane in its hangar), once per config.
 */
export function shortcutsAhead(state: GameState): readonly number[] {
  const cached = shortcutCache.get(state.config);
  if (cached) return cached;
  const ahead: number[] = new Array<number>(FINISH + 1).fill(0);
  const others = Array.from({ length: state.config.planes - 1 }, () => 'hangar' as const);
  for (let p = TURN_IN; p >= LAUNCH; p--) {
    const solo = createGame({ preset: state.preset, options: state.options, seats: ['red', 'yellow'], planes: { red: [p, ...others] } });
    if (!solo.ok) break;
    const board = boardOf(solo.value);
    let sum = 0;
    let legal = 0;
    for (let roll = 1; roll <= 6; roll++) {
      const route = routeOf(solo.value, board, 'red', 0, roll);
      if (!route || typeof route.final !== 'number') continue;
      const landed = Math.min(p + roll, FINISH);
      sum += route.final - landed + (route.final <= TURN_IN ? ahead[route.final]! : 0);
      legal++;
    }
    ahead[p] = legal > 0 ? sum / legal : 0;
  }
  shortcutCache.set(state.config, ahead);
  return ahead;
}

/** Worth of one plane at `p` for its owner: 0 in the hangar, then take-off plus effective progress. */
export function planeWorth(p: Position, ahead: readonly number[], w: Worths): number {
  if (p === 'hangar') return 0;
  const base = w.takeoff + p - ahead[LAUNCH]!;
  if (p <= TURN_IN) return base + ahead[p]!;
  return base + w.lane + (p === FINISH ? w.finish : 0);
}
