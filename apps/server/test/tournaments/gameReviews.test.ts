import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GameReviews } from '../../src/tournaments/gameReviews';
import type { ReviewJob } from '../../src/tournaments/reviewJob';

const JOB = { setup: {}, actions: [] } as unknown as ReviewJob;

describe('GameReviews: reviews in a worker thread', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'flightchess-reviews-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A worker script of `body` (run for each job it is sent). */
  const worker = (name: string, body: string) => {
    const file = join(dir, name);
    writeFileSync(file, `const { parentPort } = require('node:worker_threads');\nparentPort.on('message', (job) => { ${body} });\n`);
    return file;
  };

  test('a worker that stops without an error fails the review, and the next review starts a new worker', async () => {
    const reviews = new GameReviews(worker('exits.js', 'process.exit(3);'));
    expect(reviews.where).toBe('worker');
    await expect(reviews.review(JOB)).rejects.toThrow('the review worker stopped (exit code 3)');
    await expect(reviews.review(JOB)).rejects.toThrow('exit code 3');
    await reviews.close();
  });

  test('a worker that answers: its answers, one job after another on the same worker', async () => {
    const reviews = new GameReviews(worker('answers.js', "parentPort.postMessage({ ok: false, message: 'seen ' + job.actions.length });"));
    await expect(reviews.review(JOB)).resolves.toEqual({ ok: false, message: 'seen 0' });
    await expect(reviews.review({ ...JOB, actions: [{}] } as unknown as ReviewJob)).resolves.toEqual({ ok: false, message: 'seen 1' });
    await reviews.close();
  });
});
