import type { Colour, PlaneRef } from './colours';
import type { Capture, Route } from './route';
import type { Result } from './result';
import type { GameResult, GameState, OutReason } from './state';

/** Everything a seat (or the server on its behalf) can do. A roll is an input: the engine never rolls. */
export type Action =
  | { readonly type: 'roll'; readonly seat: Colour; readonly value: number }
  /** `by: 'auto-play'` marks a move auto-play (托管) made for a person (stepAction), so a review can count it apart. */
  | { readonly type: 'move'; readonly seat: Colour; readonly plane: number; readonly by?: 'auto-play' }
  /** 认输: allowed after `resignAfterRolls` rolls; in team mode it asks the team-mate first. */
  | { readonly type: 'resign'; readonly seat: Colour }
  /** The team-mate's answer to a pending resignation. */
  | { readonly type: 'answer-resign'; readonly seat: Colour; readonly accept: boolean }
  /** 逃跑: a deliberate leave during the game (−200). */
  | { readonly type: 'escape'; readonly seat: Colour }
  /** A resignation imposed by the server (disconnect held too long): no roll minimum, no consent. */
  | { readonly type: 'forfeit'; readonly seat: Colour }
  | { readonly type: 'offer-draw'; readonly seat: Colour }
  | { readonly type: 'answer-draw'; readonly seat: Colour; readonly accept: boolean };

export type ActionType = Action['type'];

export const ACTION_TYPES: readonly ActionType[] = [
  'roll',
  'move',
  'resign',
  'answer-resign',
  'escape',
  'forfeit',
  'offer-draw',
  'answer-draw',
];

export type ExtraRollReason = 'six' | 'capture' | 'arrival';

/** What happened, in order, so clients can animate and explain it. */
export type GameEvent =
  | { readonly type: 'rolled'; readonly seat: Colour; readonly value: number }
  | { readonly type: 'no-move'; readonly seat: Colour; readonly value: number }
  | { readonly type: 'moved'; readonly seat: Colour; readonly plane: number; readonly route: Route }
  | { readonly type: 'captured'; readonly seat: Colour; readonly capture: Capture }
  | { readonly type: 'arrived'; readonly seat: Colour; readonly plane: number }
  | {
      readonly type: 'three-sixes';
      readonly seat: Colour;
      readonly penalty: 'void' | 'last-moved-home' | 'all-home';
      readonly sentHome: readonly PlaneRef[];
    }
  | { readonly type: 'extra-roll'; readonly seat: Colour; readonly reason: ExtraRollReason }
  | { readonly type: 'turn'; readonly seat: Colour }
  | { readonly type: 'resign-requested'; readonly seat: Colour; readonly mate: Colour }
  | { readonly type: 'resign-declined'; readonly seat: Colour; readonly mate: Colour }
  /** `playsOn`: the seat's person left but the seat stays on the board and plays on (`leftSeatsPlayOn`). */
  | { readonly type: 'out'; readonly seat: Colour; readonly reason: OutReason; readonly playsOn?: true }
  | { readonly type: 'draw-offered'; readonly seat: Colour }
  | { readonly type: 'draw-declined'; readonly seat: Colour }
  | { readonly type: 'game-over'; readonly result: GameResult };

/** What applying an action gives: the next state and what happened in it, or the rule it breaks. */
export type Applied = Result<{ state: GameState; events: GameEvent[] }>;
