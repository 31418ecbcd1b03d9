import { type Action, type BySeat, type DecisionLoss, type GameSetup, decisionLosses, judgeMoves, reviewGame } from '@flightchess/rules';

/** A finished game to review: what the worker is sent. */
export interface ReviewJob {
  readonly setup: GameSetup;
  readonly actions: readonly Action[];
}

/** What comes back: only the luck-free column's part of the review (the whole review stays in the worker). */
export type ReviewAnswer = { readonly ok: true; readonly losses: BySeat<DecisionLoss> } | { readonly ok: false; readonly message: string };

/** Review a game at once (a worker thread's job). */
export function reviewNow(job: ReviewJob): ReviewAnswer {
  const reviewed = reviewGame(job.setup, job.actions);
  return reviewed.ok ? { ok: true, losses: decisionLosses(reviewed.value) } : { ok: false, message: reviewed.error.message };
}

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
  const reviewed = reviewGame(job.setup, job.actions, { judged });
  return reviewed.ok ? { ok: true, losses: decisionLosses(reviewed.value) } : { ok: false, message: reviewed.error.message };
}
