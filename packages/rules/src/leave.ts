import { type Colour, teamOf } from './colours';
import type { Applied } from './actions';
import { draftOf, finish, type Draft } from './draft';
import { arrivedCount, mateOf, standingSeats } from './queries';
import { fail, ok } from './result';
import type { GameState, OutReason } from './state';
import { clearBoard, endGame, passTurn } from './turn';

/** 认输: after `resignAfterRolls` rolls; in team mode the team-mate still in the game must consent first (§7). */
export function applyResign(state: GameState, seat: Colour): Applied {
  if (state.rolls < state.config.resignAfterRolls) {
    return fail(
      'ERR_RESIGN_TOO_EARLY',
      `resigning is allowed after ${state.config.resignAfterRolls} rolls; the game has had ${state.rolls}`,
    );
  }
  const mate = mateOf(state, seat);
  // A team-mate who is out, or whose person left (its seat playing on), is asked nothing.
  if (mate && !state.out[mate] && !state.left[mate]) {
    if (state.pendingResign) return fail('ERR_NOT_ALLOWED', `${state.pendingResign}'s resignation is already waiting for an answer`);
    const draft = draftOf(state);
    draft.pendingResign = seat;
    draft.events.push({ type: 'resign-requested', seat, mate });
    return ok(finish(draft));
  }
  return ok(finish(takeOut(draftOf(state), seat, 'resign')));
}

export function applyAnswerResign(state: GameState, seat: Colour, accept: boolean): Applied {
  const asking = state.pendingResign;
  if (!asking || mateOf(state, asking) !== seat) return fail('ERR_NOTHING_PENDING', `no resignation is waiting for ${seat}'s answer`);
  const draft = draftOf(state);
  draft.pendingResign = null;
  if (accept) return ok(finish(takeOut(draft, asking, 'resign')));
  draft.events.push({ type: 'resign-declined', seat: asking, mate: seat });
  return ok(finish(draft));
}

/** 逃跑 and forfeits (a dropped seat held too long) take the seat out at once. */
export function applyLeave(state: GameState, seat: Colour, reason: Exclude<OutReason, 'resign'>): Applied {
  return ok(finish(takeOut(draftOf(state), seat, reason)));
}

export function applyOfferDraw(state: GameState, seat: Colour): Applied {
  if (!state.config.drawByAgreement) return fail('ERR_NOT_ALLOWED', `${state.preset} has no draw by agreement`);
  if (state.drawOffer) return fail('ERR_NOT_ALLOWED', `${state.drawOffer}'s draw offer is waiting for an answer`);
  const draft = draftOf(state);
  draft.drawOffer = seat;
  draft.events.push({ type: 'draw-offered', seat });
  return ok(finish(draft));
}

export function applyAnswerDraw(state: GameState, seat: Colour, accept: boolean): Applied {
  if (!state.drawOffer || state.drawOffer === seat) return fail('ERR_NOTHING_PENDING', `no draw offer is waiting for ${seat}'s answer`);
  const draft = draftOf(state);
  const offeredBy = state.drawOffer;
  draft.drawOffer = null;
  if (accept) endGame(draft, null, 'draw');
  else draft.events.push({ type: 'draw-declined', seat: offeredBy });
  return ok(finish(draft));
}

/**
 * A seat's person leaves (§7). The seat is out: its planes leave the board, and the game ends once one
 * player or one team is left standing. With `leftSeatsPlayOn`, while two sides or more still stand,
 * the seat plays on instead (README, reading 19): it keeps its planes and its turns, and is scored as
 * out from now on (its arrived planes and collisions frozen here).
 */
function takeOut(draft: Draft, seat: Colour, reason: OutReason): Draft {
  const standing = standingSeats(draft).filter((c) => c !== seat);
  const sides = new Set(standing.map((c) => (draft.teams ? teamOf(c) : c))).size;
  const playsOn = draft.config.leftSeatsPlayOn && sides >= 2;
  const arrived = arrivedCount(draft, seat);
  if (playsOn) {
    const hits = draft.collisions[seat];
    const collisions = { sent: hits?.sent ?? 0, lost: hits?.lost ?? 0 };
    draft.left = { ...draft.left, [seat]: { reason, arrived, atRoll: draft.rolls, collisions } };
    draft.events.push({ type: 'out', seat, reason, playsOn: true });
  } else {
    draft.out = { ...draft.out, [seat]: { reason, arrived, atRoll: draft.rolls } };
    clearBoard(draft, seat);
    draft.events.push({ type: 'out', seat, reason });
  }
  if (draft.pendingResign === seat || (draft.pendingResign && mateOf(draft, draft.pendingResign) === seat)) {
    draft.pendingResign = null;
  }
  if (draft.drawOffer) draft.drawOffer = null;
  if (sides <= 1) {
    endGame(draft, standingWinner(draft, standing), reason);
  } else if (!playsOn && draft.current === seat) passTurn(draft);
  return draft;
}

/** The winner left standing: the standing seat with most planes home (clockwise first on a tie). */
function standingWinner(draft: Draft, standing: readonly Colour[]): Colour | null {
  let best: Colour | null = null;
  for (const c of standing) if (best === null || arrivedCount(draft, c) > arrivedCount(draft, best)) best = c;
  return best;
}
