/**
 * The review's Web Worker: `reviewGame` of the rules engine off the page's thread, so a long review
 * never freezes the page; it reports progress as it goes.
 */
import { reviewGame } from '@flightchess/rules';
import type { ReviewReply, ReviewRequest } from './reviewMessages';

/** The worker's side of postMessage (the DOM library types `self` as a window). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ReviewRequest>) => void) | null;
  postMessage(message: ReviewReply): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { setup, actions } = event.data;
  let reported = -1;
  const reviewed = reviewGame(setup, actions, {
    onProgress: (done, total) => {
      const percent = Math.floor((100 * done) / Math.max(1, total));
      if (percent === reported) return;
      reported = percent;
      scope.postMessage({ kind: 'progress', done, total });
    },
  });
  scope.postMessage(reviewed.ok ? { kind: 'done', review: reviewed.value } : { kind: 'failed', message: reviewed.error.message });
};
