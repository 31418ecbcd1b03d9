import type { Action, GameReview, GameSetup } from '@flightchess/rules';
import type { ReviewReply, ReviewRequest } from './reviewMessages';

/** A review on its way: progress (0..1) as the worker reports it, then the review. */
export interface RunningReview {
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
 * Review a game in a Web Worker (reviewWorker.ts), reporting progress; one worker per game, ended once
 * it answers. The same record asked again gets the same review.
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

function start(key: string, request: ReviewRequest): Entry {
  const listeners = new Set<(progress: number) => void>();
  const entry: Entry = {
    key,
    listeners,
    progress: 0,
    done: new Promise<GameReview>((resolve, reject) => {
      // Marked for the benchmark (npm run bench:review) and the end-to-end tests: the time from request to answer.
      const mark = `flightchess-review-${recent.length}-${key.length}`;
      performance.mark(mark);
      const worker = new Worker(new URL('./reviewWorker.ts', import.meta.url), { type: 'module' });
      const fail = (message: string) => {
        worker.terminate();
        const i = recent.indexOf(entry);
        if (i >= 0) recent.splice(i, 1);
        reject(new Error(message));
      };
      worker.onmessage = (event: MessageEvent<ReviewReply>) => {
        const reply = event.data;
        if (reply.kind === 'progress') {
          entry.progress = reply.done / Math.max(1, reply.total);
          for (const listener of listeners) listener(entry.progress);
        } else if (reply.kind === 'done') {
          worker.terminate();
          performance.measure('flightchess-review', mark);
          entry.progress = 1;
          resolve(reply.review);
        } else fail(reply.message);
      };
      worker.onerror = (event) => fail(event.message || 'the review worker failed');
      worker.postMessage(request);
    }),
  };
  return entry;
}
