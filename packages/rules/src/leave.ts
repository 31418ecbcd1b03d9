import { type Colour, teamOf } from './colours';
import type { Applied } from './actions';
import { draftOf, finish, type Draft } from './draft';
import { activeSeats, arrivedCount, mateOf } from './queries';
import { fail, ok } from './result';
import type { GameState, OutReason } from './state';
import { clearBoard, endGame, passTurn } from './turn';

/** 认输: after `resignAfterRolls` rolls; in team mode the team-mate must consent first (§7). */
export function applyResign(state: GameState, seat: Colour): Applied {
  if (state.rolls < state.config.resignAfterRolls) {
    return fail(
      'ERR_RESIGN_TOO_EARLY',
      `resigning is allowed after ${state.config.resignAfterRolls} rolls; the game has had ${state.rolls}`,
    );
  }
  const mate = mateOf(state, seat);
  if (mate && !state.out[mate]) {
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

/** The seat is out: its planes leave the board; the game ends if one player or one team is left (§7). */
function takeOut(draft: Draft, seat: Colour, reason: OutReason): Draft {
  draft.out = { ...draft.out, [seat]: { reason, arrived: arrivedCount(draft, seat), atRoll: draft.rolls } };
  clearBoard(draft, seat);
  draft.events.push({ type: 'out', seat, reason });
  if (draft.pendingResign === seat || (draft.pendingResign && mateOf(draft, draft.pendingResign) === seat)) {
    draft.pendingResign = null;
  }
  if (draft.drawOffer) draft.drawOffer = null;
  const left = activeSeats(draft);
  const sides = new Set(left.map((c) => (draft.teams ? teamOf(c) : c)));
  if (sides.size <= 1) {
    endGame(draft, standingWinner(draft, left), reason);
  } else if (draft.current === seat) passTurn(draft);
  return draft;
}

/** The winner left standing: the remaining member with most planes home (clockwise first on a tie). */
function standingWinner(draft: Draft, left: readonly Colour[]): Colour | null {
  let best: Colour | null = null;
  for (const c of left) if (best === null || arrivedCount(draft, c) > arrivedCount(draft, best)) best = c;
  return best;
}
