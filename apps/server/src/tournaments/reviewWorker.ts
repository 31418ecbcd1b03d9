/**
 * The worker thread that reviews tournament games (gameReviews.ts): bundled on its own as
 * dist/reviewWorker.js beside the server, it takes one game at a time and answers the luck-free column's part.
 */
import { parentPort } from 'node:worker_threads';
import { type ReviewJob, reviewNow } from './reviewJob';

parentPort?.on('message', (job: ReviewJob) => parentPort!.postMessage(reviewNow(job)));
