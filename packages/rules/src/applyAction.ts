import { type Action, ACTION_TYPES, type ActionType, type Applied } from './actions';
import { isColour } from './colours';
import { applyAnswerDraw, applyAnswerResign, applyLeave, applyOfferDraw, applyResign } from './leave';
import { applyMove, applyRoll } from './play';
import { fail } from './result';
import type { GameState } from './state';

/**
 * Apply one action. Never throws on bad input; errors follow RULES.md §9.13's precedence: game over,
 * wrong seat, wrong phase, bad roll, unknown shape, illegal move.
 */
export function applyAction(state: GameState, action: Action): Applied {
  if (state.phase === 'over') return fail('ERR_GAME_OVER', 'the game is over');
  if (typeof action !== 'object' || action === null) return fail('ERR_BAD_ACTION', 'an action must be an object');
  const a = action as Partial<Record<string, unknown>>;
  const { type, seat } = a;
  const known = typeof type === 'string' && (ACTION_TYPES as readonly string[]).includes(type);

  // An unknown type is judged like a turn action, so a wrong seat is reported before the unknown shape (§9.13).
  if (!known || type === 'roll' || type === 'move') {
    if (seat !== state.current) return fail('ERR_NOT_YOUR_TURN', `it is ${state.current}'s turn, not ${String(seat)}'s`);
    if (!known) return fail('ERR_BAD_ACTION', `unknown action ${JSON.stringify(type ?? null)}`);
    if (type === 'roll' && state.phase !== 'roll') return fail('ERR_MOVE_EXPECTED', `${state.current} must move the ${state.roll} first`);
    if (type === 'move' && state.phase !== 'move') return fail('ERR_ROLL_EXPECTED', `${state.current} must roll first`);
    if (type === 'roll') {
      const { value } = a;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 6) {
        return fail('ERR_BAD_ROLL', `a roll is an integer 1..6, not ${JSON.stringify(value ?? null)}`);
      }
      return applyRoll(state, value);
    }
    const { plane } = a;
    if (typeof plane !== 'number' || !Number.isInteger(plane) || plane < 0 || plane >= state.config.planes) {
      return fail('ERR_BAD_ACTION', `plane must be an index 0..${state.config.planes - 1}`);
    }
    return applyMove(state, plane);
  }

  if (!isColour(seat) || !state.seats.includes(seat) || state.out[seat]) {
    return fail('ERR_NOT_IN_GAME', `${String(seat)} is not playing in this game`);
  }
  // A seat that plays on after its person left (`leftSeatsPlayOn`) still rolls and moves, but has no one to leave or answer for it.
  if (state.left[seat]) {
    return fail('ERR_NOT_ALLOWED', `${seat}'s player has already left the game (the seat plays on without them): no ${type} from it`);
  }
  const accept = a.accept;
  if ((type === 'answer-resign' || type === 'answer-draw') && typeof accept !== 'boolean') {
    return fail('ERR_BAD_ACTION', `${type} needs accept: true or false`);
  }
  // Every type left is a seat's own action; no default, so a new type must be handled here to compile.
  const kind = type as Exclude<ActionType, 'roll' | 'move'>;
  switch (kind) {
    case 'resign':
      return applyResign(state, seat);
    case 'answer-resign':
      return applyAnswerResign(state, seat, accept as boolean);
    case 'escape':
    case 'forfeit':
      return applyLeave(state, seat, kind);
    case 'offer-draw':
      return applyOfferDraw(state, seat);
    case 'answer-draw':
      return applyAnswerDraw(state, seat, accept as boolean);
  }
}
