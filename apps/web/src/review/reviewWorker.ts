/**
 * A review Web Worker: the rules engine's `judgeMoves` (the slow part: the expert's search over one part
 * of the decisions) and `reviewGame` off the page's thread, so a long review never freezes the page;
 * it reports progress as it goes.
 */
import { judgeMoves, reviewGame } from '@flightchess/rules';
import type { ReviewReply, ReviewRequest } from './reviewMessages';

/** The worker's side of postMessage (the DOM library types `self` as a window). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ReviewRequest>) => void) | null;
  postMessage(message: ReviewReply): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const request = event.data;
  if (request.kind === 'review') {
    const reviewed = reviewGame(request.setup, request.actions, { judged: request.judged });
    scope.postMessage(reviewed.ok ? { kind: 'done', review: reviewed.value } : { kind: 'failed', error: reviewed.error });
    return;
  }
  let reported = -1;
  const judged = judgeMoves(request.setup, request.actions, request.part, (done, total) => {
    const percent = Math.floor((100 * done) / Math.max(1, total));
    if (percent === reported) return;
    reported = percent;
    scope.postMessage({ kind: 'progress', done, total });
  });
  scope.postMessage(judged.ok ? { kind: 'judged', judged: judged.value } : { kind: 'failed', error: judged.error });
};
