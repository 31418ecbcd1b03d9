import type { Action, GameEvent } from './actions';
import { applyAction } from './applyAction';
import { createGame } from './createGame';
import { type Result, fail, ok } from './result';
import type { GameSetup, GameState } from './state';

/** Rebuild a game from its setup and action log: the stored form of every game. */
export function replayGame(setup: GameSetup, actions: readonly Action[]): Result<{ state: GameState; events: GameEvent[] }> {
  const created = createGame(setup);
  if (!created.ok) return created;
  let state = created.value;
  const events: GameEvent[] = [];
  for (let i = 0; i < actions.length; i++) {
    const applied = applyAction(state, actions[i]!);
    if (!applied.ok) return fail(applied.error.code, `action ${i}: ${applied.error.message}`);
    state = applied.value.state;
    events.push(...applied.value.events);
  }
  return ok({ state, events });
}
