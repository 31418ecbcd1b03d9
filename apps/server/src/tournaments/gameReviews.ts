import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type ReviewAnswer, type ReviewJob, reviewInParts } from './reviewJob';

/** The worker's bundle, beside the server's (apps/server/dist): absent when the server runs from its TypeScript sources. */
const WORKER_FILE = join(__dirname, 'reviewWorker.js');
/** Parts a game is judged in when it must be judged on the server's own thread: each a few decisions long. */
const PARTS = 48;

/**
 * Reviews games off the tables' way (a review takes about a second of CPU: the expert's search over every
 * decision): one at a time in a worker thread, or — where there is no worker bundle (the sources run by
 * tsx or Jest) — on this thread a few decisions at a time, other work running in between.
 */
export class GameReviews {
  private worker: Worker | null = null;
  private readonly inWorker = existsSync(WORKER_FILE);

  /** Where the reviews run here: a worker thread, or this thread a part at a time. */
  get where(): 'worker' | 'thread' {
    return this.inWorker ? 'worker' : 'thread';
  }

  review(job: ReviewJob): Promise<ReviewAnswer> {
    if (!this.inWorker) return reviewInParts(job, PARTS);
    const worker = (this.worker ??= this.started());
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => {
        this.worker = null;
        reject(error);
      };
      worker.once('error', failed);
      worker.once('message', (answer: ReviewAnswer) => {
        worker.off('error', failed);
        resolve(answer);
      });
      worker.postMessage(job);
    });
  }

  private started(): Worker {
    const worker = new Worker(WORKER_FILE);
    // A process with nothing else to do stops: the worker never holds it open.
    worker.unref();
    return worker;
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = null;
  }
}
