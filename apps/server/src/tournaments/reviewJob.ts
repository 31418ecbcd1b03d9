import {
  type Action,
  type BySeat,
  type DecisionLoss,
  type GameLuck,
  type GameReview,
  type GameSetup,
  type Result,
  decisionLosses,
  gameLuck,
  judgeMoves,
  reviewGame,
} from '@flightchess/rules';

/** A finished game to review: what the worker is sent. */
export interface ReviewJob {
  readonly setup: GameSetup;
  readonly actions: readonly Action[];
}

/**
 * What comes back: only the standings' part of the review (the whole review stays in the worker) — what
 * each seat's decisions lost (the luck-free column) and the dice's part of the game (a duplicate Swiss's ranking).
 */
export type ReviewAnswer =
  { readonly ok: true; readonly losses: BySeat<DecisionLoss>; readonly luck: GameLuck } | { readonly ok: false; readonly message: string };

/** The answer of a game's review. */
function answerOf(job: ReviewJob, reviewed: Result<GameReview>): ReviewAnswer {
  if (!reviewed.ok) return { ok: false, message: reviewed.error.message };
  const luck = gameLuck(job.setup, job.actions, reviewed.value);
  return luck.ok ? { ok: true, losses: decisionLosses(reviewed.value), luck: luck.value } : { ok: false, message: luck.error.message };
}

/** Review a game at once (a worker thread's job). */
export const reviewNow = (job: ReviewJob): ReviewAnswer => answerOf(job, reviewGame(job.setup, job.actions));

/**
 * Review a game on this thread a part of its decisions at a time (`judgeMoves`: the expert's search, the
 * slow part), letting other work run between parts: where no worker thread can run the review.
 */
export async function reviewInParts(job: ReviewJob, parts: number): Promise<ReviewAnswer> {
  const judged = [];
  for (let index = 0; index < parts; index++) {
    await new Promise((resolve) => setImmediate(resolve));
    const part = judgeMoves(job.setup, job.actions, { index, of: parts });
    if (!part.ok) return { ok: false, message: part.error.message };
    judged.push(...part.value);
  }
  return answerOf(job, reviewGame(job.setup, job.actions, { judged }));
}
