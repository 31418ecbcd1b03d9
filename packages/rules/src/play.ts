import type { Applied } from './actions';
import { type Draft, draftOf, finish, sendHome, setPlanes } from './draft';
import { legalMoves, movesFor, rememberMoves } from './legalMoves';
import { fail, ok } from './result';
import type { GameState } from './state';
import { allArrived, endGame, passTurn, recordCollision, rollAgain, threeSixesPenalty } from './turn';

/** A roll (an input, never rolled here): three-sixes penalty, pass when nothing can move, else wait for a move. */
export function applyRoll(state: GameState, value: number): Applied {
  const draft = draftOf(state);
  const seat = state.current;
  draft.rolls = state.rolls + 1;
  draft.sixes = value === 6 ? state.sixes + 1 : 0;
  draft.events.push({ type: 'rolled', seat, value });
  const { threeSixes } = state.config;
  if (draft.sixes >= 3 && threeSixes !== 'none') {
    const sentHome = threeSixesPenalty(draft);
    draft.events.push({ type: 'three-sixes', seat, penalty: threeSixes, sentHome });
    passTurn(draft);
    return ok(finish(draft));
  }
  const moves = movesFor(state, seat, value);
  if (moves.length === 0) {
    draft.events.push({ type: 'no-move', seat, value });
    passTurn(draft);
    return ok(finish(draft));
  }
  draft.phase = 'move';
  draft.roll = value;
  const done = finish(draft);
  rememberMoves(done.state, moves);
  return ok(done);
}

/** Resolve one legal move along its route, then the extra roll, the win or the next turn. */
export function applyMove(state: GameState, plane: number): Applied {
  const roll = state.roll!;
  const seat = state.current;
  const move = legalMoves(state).find((m) => m.plane === plane);
  if (!move) return fail('ERR_ILLEGAL_MOVE', `${seat} plane ${plane} cannot move with a ${roll}`);
  const { route } = move;
  const draft = draftOf(state);
  setPlanes(draft, seat, (planes) => {
    planes[plane] = route.final;
  });
  draft.events.push({ type: 'moved', seat, plane, route });
  let captured = 0;
  for (const capture of route.captures) {
    sendHome(draft, capture.victims);
    captured += capture.victims.length;
    recordCollision(draft, seat, capture.victims, capture.moverSentHome);
    draft.events.push({ type: 'captured', seat, capture });
  }
  draft.lastMoved = plane;
  draft.forcedPlane = route.sixStop ? plane : null;
  if (route.arrived) {
    draft.events.push({ type: 'arrived', seat, plane });
    if (allArrived(draft, seat)) {
      endGame(draft, seat, 'finish');
      return ok(finish(draft));
    }
  }
  const reason = extraRollReason(draft, roll, captured > 0, route.arrived, route.from === 'hangar');
  if (reason) {
    draft.events.push({ type: 'extra-roll', seat, reason });
    rollAgain(draft);
  } else passTurn(draft);
  return ok(finish(draft));
}

function extraRollReason(draft: Draft, roll: number, captured: boolean, arrived: boolean, tookOff: boolean) {
  if (roll === 6) return 'six' as const;
  // A take-off roll other than 6 never earns another roll, whatever it captures (§2.1).
  if (tookOff) return null;
  if (captured && draft.config.extraRollOnCapture) return 'capture' as const;
  if (arrived && draft.config.extraRollOnArrival) return 'arrival' as const;
  return null;
}
