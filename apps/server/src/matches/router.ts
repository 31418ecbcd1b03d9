import type { MatchRecord } from '@flightchess/protocol';
import { replayGame, rollsIn, verifyRolls, verifyStreamRolls } from '@flightchess/rules';
import express, { type Response, type Router } from 'express';
import type { GuestReads } from '../accounts/guests';
import { fail, route } from '../http/respond';
import { boardUnderWay, mayRead, readerOf } from './matchAccess';
import type { MatchStorage } from './MatchStorage';

export interface MatchesRouterDeps {
  /** The matches, and the devices of whoever asks with their credentials. */
  readonly storage: GuestReads & Pick<MatchStorage, 'getMatch' | 'matchPrivacy'>;
}

/** A match's record and its verification under /api (packages/protocol README: HTTP endpoints). */
export function matchesRouter({ storage }: MatchesRouterDeps): Router {
  const api = express.Router();

  /**
   * A match route: GET for anyone, POST with who asks in the body (MatchViewer: credentials, a join code).
   * A match the caller may not read (matchAccess.ts) is answered as one that does not exist.
   */
  const matchRoute = (answer: (match: MatchRecord, res: Response) => unknown) =>
    route(async (req, res) => {
      const reader = await readerOf(storage, req.body);
      if ('status' in reader) return fail(res, reader.status, reader.code, reader.message);
      const id = String(req.params.id);
      const [match, table] = await Promise.all([storage.getMatch(id), storage.matchPrivacy(id)]);
      if (!match || !table || !mayRead(match, table, reader)) return fail(res, 404, 'ERR_NO_MATCH', 'no such match');
      if (boardUnderWay(match, reader))
        return fail(res, 409, 'ERR_NOT_OVER', "this game's round is still being played: its games are shown when the round is over");
      return answer(match, res);
    });

  const showMatch = matchRoute((match, res) => res.json(match));
  api.route('/matches/:id').get(showMatch).post(showMatch);

  /** Recompute a finished match: the dice from the revealed seed, the game from its action log. */
  const verifyMatch = matchRoute((match, res) => {
    if (!match.seed) return fail(res, 409, 'ERR_NOT_OVER', 'the seed is revealed when the game (at a duplicate round: the round) is over');
    const dice = match.diceStreams
      ? verifyStreamRolls(match.seed, match.commitment, match.actions, match.diceStreams)
      : verifyRolls(match.seed, match.commitment, rollsIn(match.actions));
    const replay = replayGame(match.setup, match.actions);
    if (!replay.ok) return res.json({ dice, replay: { ok: false, error: replay.error } });
    const result = replay.value.state.result;
    res.json({
      dice,
      replay: { ok: true, result, gameOver: result !== null, matchesRecord: JSON.stringify(result) === JSON.stringify(match.result) },
    });
  });
  api.route('/matches/:id/verify').get(verifyMatch).post(verifyMatch);

  return api;
}
