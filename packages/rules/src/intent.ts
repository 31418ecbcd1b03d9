import type { Action } from './actions';
import type { Colour } from './colours';

/**
 * What a player asks for at their seat, the same wherever the game runs: the page (an offline game), the
 * client (the room message it sends, with the version it saw) and the server. Neither the seat nor the
 * die is the player's to say: `intentAction` adds them.
 */
export type Intent =
  | { readonly type: 'roll' }
  | { readonly type: 'move'; readonly plane: number }
  | { readonly type: 'resign' }
  | { readonly type: 'offer-draw' }
  | { readonly type: 'answer-draw'; readonly accept: boolean }
  | { readonly type: 'answer-resign'; readonly accept: boolean };

export type IntentType = Intent['type'];

/**
 * The action a player's intent is, at their seat. A roll's value comes from `roll` (the table's die, or
 * the page's), asked for only by a roll. Only the intent's own fields are taken: a room message also
 * carries its version, which is no part of the action.
 */
export function intentAction(intent: Intent, seat: Colour, roll: () => number): Action {
  switch (intent.type) {
    case 'roll':
      return { type: 'roll', seat, value: roll() };
    case 'move':
      return { type: 'move', seat, plane: intent.plane };
    case 'resign':
    case 'offer-draw':
      return { type: intent.type, seat };
    case 'answer-draw':
    case 'answer-resign':
      return { type: intent.type, seat, accept: intent.accept };
  }
}
