import type { Action } from './actions';
import { type BotName, chooseMove } from './bots/chooseMove';
import type { BySeat, Colour } from './colours';
import { legalMoves } from './legalMoves';
import { mateOf, standingSeats } from './queries';
import type { Rng } from './rng';
import type { GameState } from './state';

/** Who decides for a seat: a bot seat names its bot; a person's seat may be in auto-play (托管, RULES.md §7). */
export interface SeatControl {
  readonly bot: BotName | null;
  readonly autoPlay: boolean;
}

/** The bot that plays a person's seat in auto-play: the strongest (RULES.md §8). */
export const AUTO_PLAY_BOT: BotName = 'strong';

/**
 * The turn: a bot or auto-play acts by itself; a single legal move is played for a person (§9.10,
 * `forced`); anything else waits for the person (who, online, has a turn timer).
 */
export type TurnStep =
  | { readonly seat: Colour; readonly action: 'roll' | 'move'; readonly by: 'bot' | 'auto-play' | 'forced'; readonly bot: BotName }
  | { readonly seat: Colour; readonly action: 'roll' | 'move'; readonly by: 'person' };

/**
 * A pending team resignation or draw offer and the seat that answers it. A bot answers at once: it
 * consents to its team-mate's resignation and declines a draw. A person answers by choice; `accept`
 * is then what counts when they do not answer in time (a decline).
 */
export interface AnswerStep {
  readonly seat: Colour;
  readonly action: 'answer-resign' | 'answer-draw';
  readonly by: 'bot' | 'person';
  readonly accept: boolean;
}

export interface NextSteps {
  readonly turn: TurnStep | null;
  readonly answer: AnswerStep | null;
}

const PERSON: SeatControl = { bot: null, autoPlay: false };

/**
 * Who acts next, and whether they act by themselves: the one answer the server's timers, the offline
 * game and the client's controls all use. Nothing is due once the game is over.
 */
export function nextSteps(state: GameState, control: BySeat<SeatControl>): NextSteps {
  if (state.phase === 'over') return { turn: null, answer: null };
  return { turn: turnStep(state, control), answer: answerStep(state, control) };
}

function turnStep(state: GameState, control: BySeat<SeatControl>): TurnStep {
  const seat = state.current;
  const action = state.phase === 'roll' ? 'roll' : 'move';
  const { bot, autoPlay } = control[seat] ?? PERSON;
  if (bot) return { seat, action, by: 'bot', bot };
  if (autoPlay) return { seat, action, by: 'auto-play', bot: AUTO_PLAY_BOT };
  if (action === 'move' && legalMoves(state).length === 1) return { seat, action, by: 'forced', bot: AUTO_PLAY_BOT };
  return { seat, action, by: 'person' };
}

function answerStep(state: GameState, control: BySeat<SeatControl>): AnswerStep | null {
  if (state.pendingResign) {
    const seat = mateOf(state, state.pendingResign);
    if (!seat) return null;
    return control[seat]?.bot
      ? { seat, action: 'answer-resign', by: 'bot', accept: true }
      : { seat, action: 'answer-resign', by: 'person', accept: false };
  }
  if (state.drawOffer) {
    const offeredBy = state.drawOffer;
    const seat = standingSeats(state).find((c) => c !== offeredBy);
    if (!seat) return null;
    return { seat, action: 'answer-draw', by: control[seat]?.bot ? 'bot' : 'person', accept: false };
  }
  return null;
}

/**
 * The action a step takes when it is played automatically (a bot, auto-play, a forced move or a
 * timed-out answer): the roll comes from `die`, the move from the step's bot with `rng`; a move auto-play
 * makes for a person says so (`by`). Null when a move step finds nothing to move (the state changed under it).
 */
export function stepAction(state: GameState, step: TurnStep | AnswerStep, die: () => number, rng: Rng): Action | null {
  if ('accept' in step) return { type: step.action, seat: step.seat, accept: step.accept };
  if (step.action === 'roll') return { type: 'roll', seat: step.seat, value: die() };
  const move = chooseMove(state, 'bot' in step ? step.bot : AUTO_PLAY_BOT, rng);
  if (!move) return null;
  return step.by === 'auto-play'
    ? { type: 'move', seat: step.seat, plane: move.plane, by: 'auto-play' }
    : { type: 'move', seat: step.seat, plane: move.plane };
}
