import type { Action, GameEvent } from './actions';
import { applyAction } from './applyAction';
import { createGame } from './createGame';
import { type Result, fail, ok } from './result';
import type { GameSetup, GameState } from './state';

/**
 * Apply a log from `start`, telling `visit` of each action with the state it was applied to and what
 * it gave: the final state, or the first action the engine refuses (nothing from it on is visited).
 */
export function replayFrom(
  start: GameState,
  actions: readonly Action[],
  visit: (before: GameState, action: Action, index: number, applied: { state: GameState; events: GameEvent[] }) => void,
): Result<GameState> {
  let state = start;
  for (let i = 0; i < actions.length; i++) {
    const applied = applyAction(state, actions[i]!);
    if (!applied.ok) return fail(applied.error.code, `action ${i}: ${applied.error.message}`);
    visit(state, actions[i]!, i, applied.value);
    state = applied.value.state;
  }
  return ok(state);
}

/** Rebuild a game from its setup and action log: the stored form of every game. */
export function replayGame(setup: GameSetup, actions: readonly Action[]): Result<{ state: GameState; events: GameEvent[] }> {
  const created = createGame(setup);
  if (!created.ok) return created;
  const events: GameEvent[] = [];
  const replayed = replayFrom(created.value, actions, (_before, _action, _index, applied) => events.push(...applied.events));
  return replayed.ok ? ok({ state: replayed.value, events }) : replayed;
}
