import { isDeepStrictEqual } from 'node:util';
import {
  type Action,
  type Applied,
  COLOURS,
  type Colour,
  type GameEvent,
  type GameState,
  type LegalMove,
  type Rng,
  applyAction,
  createGame,
  createRng,
  legalMoves,
  mateOf,
  replayGame,
} from '../../src';
import { botAction } from '../../src/sim/playGame';
import { InvariantError, type SideAction, check, checkState, checkTransition, expectedOutcome, sameData } from './checks';
import { type GameSpec, botOf, setupOf } from './gameSpec';

/** No test game may need more actions than this: a longer one counts as a game that never ends. */
export const MAX_ACTIONS = 10_000;

export interface CheckOptions {
  /** Mix random resign / escape / forfeit (and, where offered, draw) actions into the game. */
  readonly leaves?: boolean;
}

export interface CheckedGame {
  readonly state: GameState;
  readonly actions: readonly Action[];
}

/** Chance per step of a random side action (a few per game). */
const SIDE_ACTION_RATE = 1 / 120;
const ANSWER_RATE = 0.3;
const BAD_ROLLS = [0, 7, -1, 3.5, Number.NaN, 100];

/**
 * Play the game `spec` describes with its bots and check every invariant before and after every
 * action; then replay the log. A failure names the spec and the action index, so
 * `runCheckedGame(spec, options)` reproduces it exactly.
 */
export function runCheckedGame(spec: GameSpec, options: CheckOptions = {}): CheckedGame {
  const created = createGame(setupOf(spec));
  if (!created.ok) throw new Error(`bad spec ${JSON.stringify(spec)}: ${created.error.message}`);
  let state = created.value;
  const dice = createRng(`dice:${spec.seed}`);
  const botRng = createRng(`bot:${spec.seed}`);
  const chaos = createRng(`side:${spec.seed}`);
  const actions: Action[] = [];
  const events: GameEvent[] = [];
  let attempt: unknown = null;
  try {
    for (;;) {
      attempt = null;
      deepFreeze(state);
      const legal = legalMoves(state);
      checkState(state, legal);
      if (state.phase === 'over') break;
      check(actions.length < MAX_ACTIONS, () => `the game did not end within ${MAX_ACTIONS} actions`);
      const side = options.leaves ? sideAction(state, chaos) : null;
      attempt = side;
      if (side && rejectsAsExpected(state, side)) continue;
      let applied: Applied | undefined;
      let move: LegalMove | undefined;
      let action: Action;
      if (side) {
        action = side;
        applied = applyAction(state, side);
      } else {
        const probes = probeRejections(state, legal, actions.length);
        action = botAction(state, botOf(spec, state.current), dice, botRng);
        attempt = action;
        if (action.type === 'move') {
          const plane = action.plane;
          applied = probes[plane];
          move = legal.find((m) => m.plane === plane);
        } else applied = applyAction(state, action);
      }
      check(applied !== undefined && applied.ok, () => `a valid action was rejected: ${JSON.stringify(applied)}`);
      checkTransition(state, action, applied.value.state, applied.value.events, move?.route);
      state = applied.value.state;
      actions.push(action);
      events.push(...applied.value.events);
    }
    attempt = 'replay';
    checkReplay(spec, actions, state, events);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const kind = e instanceof InvariantError ? 'invariant broken' : 'exception';
    throw new Error(
      `${kind}: ${message}\n` +
        `  game: ${JSON.stringify(spec)} options: ${JSON.stringify(options)}\n` +
        `  at action #${actions.length} of the log (state version ${state.version}): ${JSON.stringify(attempt)}\n` +
        `  reproduce: runCheckedGame(game, options) from packages/rules/test/support/checkedGame.ts`,
      { cause: e },
    );
  }
  return { state, actions };
}

function expectRejected(result: Applied, code: string, what: string | (() => string)): void {
  if (!result.ok && result.error.code === code) return;
  check(false, () => `${typeof what === 'string' ? what : what()}: expected ${code}, got ${result.ok ? 'ok' : result.error.code}`);
}

/**
 * Before the real action: wrong seats, bad rolls, wrong phases and every plane index are answered as
 * RULES.md §9.13 says. Returns each legal plane's applied move. (States are deep-frozen, so no
 * action can change the state it is applied to.)
 */
function probeRejections(state: GameState, legal: readonly LegalMove[], step: number): (Applied | undefined)[] {
  const seat = state.current;
  for (const other of COLOURS) {
    if (other === seat) continue;
    expectRejected(
      applyAction(state, { type: 'roll', seat: other, value: 6 }),
      'ERR_NOT_YOUR_TURN',
      () => `${other} rolling on ${seat}'s turn`,
    );
    expectRejected(
      applyAction(state, { type: 'move', seat: other, plane: 0 }),
      'ERR_NOT_YOUR_TURN',
      () => `${other} moving on ${seat}'s turn`,
    );
  }
  const applied: (Applied | undefined)[] = [];
  if (state.phase === 'roll') {
    const value = BAD_ROLLS[step % BAD_ROLLS.length]!;
    expectRejected(applyAction(state, { type: 'roll', seat, value }), 'ERR_BAD_ROLL', () => `rolling ${value}`);
    expectRejected(applyAction(state, { type: 'move', seat, plane: 0 }), 'ERR_ROLL_EXPECTED', 'moving before rolling');
  } else {
    expectRejected(applyAction(state, { type: 'roll', seat, value: 1 }), 'ERR_MOVE_EXPECTED', 'rolling before moving');
    for (let plane = 0; plane < state.config.planes; plane++) {
      const result = applyAction(state, { type: 'move', seat, plane });
      if (legal.some((m) => m.plane === plane)) {
        check(result.ok, () => `legal move of plane ${plane} with a ${state.roll} rejected: ${JSON.stringify(result)}`);
        applied[plane] = result;
      } else expectRejected(result, 'ERR_ILLEGAL_MOVE', () => `plane ${plane} not offered for a ${state.roll}`);
    }
    for (const plane of [-1, state.config.planes]) {
      expectRejected(applyAction(state, { type: 'move', seat, plane }), 'ERR_BAD_ACTION', () => `plane index ${plane}`);
    }
  }
  return applied;
}

/** A random resign, escape, forfeit or draw offer now and then; pending questions get answered. */
function sideAction(state: GameState, chaos: Rng): SideAction | null {
  const pick = <T>(list: readonly T[]): T => list[chaos.int(list.length)]!;
  if (state.pendingResign && chaos.next() < ANSWER_RATE) {
    return { type: 'answer-resign', seat: mateOf(state, state.pendingResign)!, accept: chaos.next() < 0.5 };
  }
  if (state.drawOffer && chaos.next() < ANSWER_RATE) {
    return { type: 'answer-draw', seat: pick(state.seats), accept: chaos.next() < 0.5 };
  }
  if (chaos.next() >= SIDE_ACTION_RATE) return null;
  const seat: Colour = pick(COLOURS);
  const type = pick(
    state.config.drawByAgreement ? (['resign', 'escape', 'forfeit', 'offer-draw'] as const) : (['resign', 'escape', 'forfeit'] as const),
  );
  return { type, seat };
}

/** When the rules say `action` must fail, check it fails with that code and changes nothing. */
function rejectsAsExpected(state: GameState, action: SideAction): boolean {
  const outcome = expectedOutcome(state, action);
  if (outcome.kind !== 'error') return false;
  expectRejected(applyAction(state, action), outcome.code, () => `${action.seat} ${action.type}`);
  return true;
}

function checkReplay(spec: GameSpec, actions: readonly Action[], state: GameState, events: readonly GameEvent[]): void {
  const replayed = replayGame(setupOf(spec), actions);
  check(replayed.ok, () => `the log does not replay: ${JSON.stringify(replayed)}`);
  const again = replayed.value.state;
  if (!isDeepStrictEqual(again, state)) {
    const differ = (Object.keys(state) as (keyof GameState)[]).filter((k) => !isDeepStrictEqual(state[k], again[k]));
    check(false, () => `the replayed state differs in ${differ.join(', ')}`);
  }
  check(sameData(replayed.value.events, events), 'the replay emitted different events');
  check(isDeepStrictEqual(JSON.parse(JSON.stringify(state)), state), 'the final state does not survive a JSON round trip');
}

/**
 * States are values: freezing each one makes any action that tries to change the state it is
 * applied to (accepted or rejected) throw instead (modules run in strict mode).
 */
function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || isFrozen(value)) return;
  freeze(value);
  for (const v of valuesOf(value)) deepFreeze(v);
}
// Bound once: global lookups are slow in Jest's vm context.
const { freeze, isFrozen, values: valuesOf } = Object;
