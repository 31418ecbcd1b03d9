import type { Action, GameReview, GameSetup, JudgedMove, RuleError } from '@flightchess/rules';
import type { ReviewReply, ReviewRequest } from './reviewMessages';

/** A review on its way: progress (0..1) as the worker reports it, then the review. */
export interface RunningReview {
  /** Rejected with the engine's error when the record does not review, or an Error when a worker fails. */
  readonly done: Promise<GameReview>;
  /** Stop listening (the page was left); the review goes on being cached for a later visit. */
  readonly detach: () => void;
}

interface Entry {
  readonly key: string;
  readonly done: Promise<GameReview>;
  progress: number;
  readonly listeners: Set<(progress: number) => void>;
}

/** The last few games reviewed, so the match page and its replay (or a language switch) never review one game twice. */
const recent: Entry[] = [];
const KEEP = 4;

/**
 * Review a game in Web Workers (reviewWorker.ts), reporting progress: one per core judges its part of
 * the decisions, then the first makes the review of them all; all are ended once it answers. The same
 * record asked again gets the same review.
 */
export function runReview(setup: GameSetup, actions: readonly Action[], onProgress: (progress: number) => void): RunningReview {
  const key = JSON.stringify([setup, actions]);
  let entry = recent.find((e) => e.key === key);
  if (!entry) {
    entry = start(key, { setup, actions });
    recent.unshift(entry);
    recent.splice(KEEP);
  }
  const listeners = entry.listeners;
  listeners.add(onProgress);
  onProgress(entry.progress);
  return { done: entry.done, detach: () => listeners.delete(onProgress) };
}

/** Workers judging a game side by side: one per core, at most four (a phone has four to eight). */
function workerCount(): number {
  return Math.min(4, Math.max(1, navigator.hardwareConcurrency || 1));
}

function start(key: string, request: { setup: GameSetup; actions: readonly Action[] }): Entry {
  const listeners = new Set<(progress: number) => void>();
  const entry: Entry = {
    key,
    listeners,
    progress: 0,
    done: new Promise<GameReview>((resolve, reject) => {
      // Marked for the benchmark (npm run bench:review) and the end-to-end tests: the time from request to answer.
      const mark = `flightchess-review-${recent.length}-${key.length}`;
      performance.mark(mark);
      const of = workerCount();
      const workers = Array.from({ length: of }, () => new Worker(new URL('./reviewWorker.ts', import.meta.url), { type: 'module' }));
      const progress = new Array<number>(of).fill(0);
      const judged: JudgedMove[] = [];
      let parts = 0;
      const stop = () => workers.forEach((w) => w.terminate());
      const fail = (reason: RuleError | Error) => {
        stop();
        const i = recent.indexOf(entry);
        if (i >= 0) recent.splice(i, 1);
        reject(reason);
      };
      workers.forEach((worker, index) => {
        worker.onmessage = (event: MessageEvent<ReviewReply>) => {
          const reply = event.data;
          switch (reply.kind) {
            case 'progress':
              progress[index] = reply.done / Math.max(1, reply.total);
              // The parts make the bar; the last step (the review of the judged decisions) is short.
              entry.progress = (0.95 * progress.reduce((a, b) => a + b, 0)) / of;
              for (const listener of listeners) listener(entry.progress);
              break;
            case 'judged':
              judged.push(...reply.judged);
              if (index > 0) worker.terminate();
              if (++parts === of) workers[0]!.postMessage({ kind: 'review', ...request, judged } satisfies ReviewRequest);
              break;
            case 'done':
              stop();
              performance.measure('flightchess-review', mark);
              entry.progress = 1;
              resolve(reply.review);
              break;
            case 'failed':
              fail(reply.error);
          }
        };
        worker.onerror = (event) => fail(new Error(event.message || 'the review worker failed'));
        worker.postMessage({ kind: 'judge', ...request, part: { index, of } } satisfies ReviewRequest);
      });
    }),
  };
  return entry;
}
