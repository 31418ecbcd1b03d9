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
  private readonly inWorker: boolean;

  /** `workerFile`: the worker's script (tests give their own). */
  constructor(private readonly workerFile = WORKER_FILE) {
    this.inWorker = existsSync(workerFile);
  }

  /** Where the reviews run here: a worker thread, or this thread a part at a time. */
  get where(): 'worker' | 'thread' {
    return this.inWorker ? 'worker' : 'thread';
  }

  review(job: ReviewJob): Promise<ReviewAnswer> {
    if (!this.inWorker) return reviewInParts(job, PARTS);
    const worker = (this.worker ??= this.started());
    return new Promise((resolve, reject) => {
      const settled = () => {
        worker.off('error', failed);
        worker.off('exit', exited);
        worker.off('message', answered);
      };
      const failed = (error: Error) => {
        settled();
        this.worker = null;
        reject(error);
      };
      // A worker gone without an error (stopped, or exited) would leave the review waiting, and the reviewer busy, for good.
      const exited = (code: number) => failed(new Error(`the review worker stopped (exit code ${code})`));
      const answered = (answer: ReviewAnswer) => {
        settled();
        resolve(answer);
      };
      worker.once('error', failed);
      worker.once('exit', exited);
      worker.once('message', answered);
      worker.postMessage(job);
    });
  }

  private started(): Worker {
    const worker = new Worker(this.workerFile);
    // A process with nothing else to do stops: the worker never holds it open.
    worker.unref();
    return worker;
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = null;
  }
}
