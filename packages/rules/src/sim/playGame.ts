import type { Action } from '../actions';
import { applyAction } from '../applyAction';
import { type BotName, chooseMove } from '../bots/chooseMove';
import type { BySeat, Colour } from '../colours';
import { createGame } from '../createGame';
import type { Rng } from '../rng';
import type { GameSetup, GameState } from '../state';

export interface PlayedGame {
  readonly state: GameState;
  readonly actions: Action[];
  readonly rolls: number;
  readonly captures: number;
}

/** Where a game's dice come from: one stream for the table, or the seat's own (duplicate dice: `streamRollAt`). */
export type Dice = Rng | ((seat: Colour) => number);

/**
 * The next action of an unfinished game: a roll from `dice`, or the bot's move for the pending roll (its
 * randomness from `botRng`, else the table's dice stream, else chooseMove's own).
 */
export function botAction(
  state: GameState,
  bot: BotName,
  dice: Dice,
  botRng: Rng | undefined = typeof dice === 'function' ? undefined : dice,
): Action {
  const seat: Colour = state.current;
  if (state.phase === 'roll') return { type: 'roll', seat, value: typeof dice === 'function' ? dice(seat) : dice.die() };
  const move = chooseMove(state, bot, botRng);
  if (!move) throw new Error('move phase without a legal move');
  return { type: 'move', seat, plane: move.plane };
}

/**
 * Play one whole game with dice from `dice` and a bot per seat. Stops after `maxActions` so a bug
 * can never hang a caller (a finished game has `state.result`). `watch`, when given, sees every action
 * with the state it is applied to (e.g. to take each roll's luck as the game is played).
 */
export function playGame(
  setup: GameSetup,
  bots: BySeat<BotName>,
  dice: Dice,
  botRng?: Rng,
  maxActions = 20000,
  watch?: (before: GameState, action: Action) => void,
): PlayedGame {
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const actions: Action[] = [];
  let captures = 0;
  while (state.phase !== 'over' && actions.length < maxActions) {
    const action = botAction(state, bots[state.current] ?? 'random', dice, botRng);
    watch?.(state, action);
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(`${applied.error.code}: ${applied.error.message}`);
    for (const e of applied.value.events) if (e.type === 'captured') captures += e.capture.victims.length;
    state = applied.value.state;
    actions.push(action);
  }
  return { state, actions, rolls: state.rolls, captures };
}
