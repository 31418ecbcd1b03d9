import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const SERVER = resolve(__dirname, '../..');
/** Where the integration tier's one bundle is, for the test files in every worker (set by `setup`). */
const BUNDLE = 'FLIGHTCHESS_TEST_BUNDLE';

/**
 * Jest's global setup of the integration tier: the production bundle (what the container runs), built once by the
 * same script as the image for every test file that starts server processes. It goes under apps/server/dist so
 * that Node finds the npm packages it leaves out, as in the image.
 */
export function setup(): void {
  mkdirSync(join(SERVER, 'dist'), { recursive: true });
  const dir = mkdtempSync(join(SERVER, 'dist', 'test-'));
  const file = join(dir, 'main.js');
  execFileSync(process.execPath, [join(SERVER, 'scripts/bundle.mjs'), file], { stdio: 'inherit' });
  // Tournament games are reviewed in a worker thread of its own bundle, beside the server's (as `npm run build` makes it).
  const worker = [join(dir, 'reviewWorker.js'), join(SERVER, 'src/tournaments/reviewWorker.ts')];
  execFileSync(process.execPath, [join(SERVER, 'scripts/bundle.mjs'), ...worker], { stdio: 'inherit' });
  process.env[BUNDLE] = file;
}

export function teardown(): void {
  const file = process.env[BUNDLE];
  if (file) rmSync(dirname(file), { recursive: true, force: true });
}

/** The bundle `setup` built. */
export function serverBundle(): string {
  const file = process.env[BUNDLE];
  if (!file) throw new Error(`no server bundle: run the integration tier through jest.config.ts, whose global setup builds it`);
  return file;
}
