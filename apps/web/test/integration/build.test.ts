import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

const REPO = resolve(__dirname, '../../../..');
const VITE = join(REPO, 'node_modules/.bin/vite');
/**
 * `npm test` builds the client once, into an absolute outDir, for every test that serves it, and names it here;
 * alone, this file builds one of its own.
 */
const BUILT = process.env.FLIGHTCHESS_WEB_BUILT;

/** Packagers and CI systems build the client into folders of their own, given as absolute paths. */
describe('the web build', () => {
  let out: string;
  beforeAll(() => {
    out = BUILT ?? join(mkdtempSync(join(tmpdir(), 'flightchess-build-')), 'web');
  });
  afterAll(() => BUILT ?? rmSync(resolve(out, '..'), { recursive: true, force: true }));

  it('builds into an absolute outDir, with the precompressed copies and the service worker there', () => {
    expect(isAbsolute(out)).toBe(true);
    if (!BUILT) {
      const build = spawnSync(VITE, ['build', 'apps/web', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
        cwd: REPO,
        encoding: 'utf8',
        timeout: 170_000,
      });
      expect({ status: build.status, error: build.status === 0 ? '' : build.stderr }).toEqual({ status: 0, error: '' });
    }
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    expect(existsSync(join(out, 'sw.js'))).toBe(true);
    const assets = readdirSync(join(out, 'assets'));
    const script = assets.find((name) => name.endsWith('.js'));
    expect(script).toBeDefined();
    expect(assets).toEqual(expect.arrayContaining([`${script}.br`, `${script}.gz`]));
    // Nothing was written under the source folder by joining the absolute path onto it.
    expect(existsSync(join(REPO, 'apps/web', out))).toBe(false);
  }, 180_000);

  it("leaves the operator's console out of what every player downloads: a chunk of its own, fetched when /admin opens", () => {
    const page = readFileSync(join(out, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]* src="\.?\/(assets\/[^"]+\.js)"/.exec(page)?.[1];
    expect(entry).toBeDefined();
    // A test id only the console's views carry.
    const consoleCode = 'admin-ban-address';
    expect(readFileSync(join(out, entry!), 'utf8')).not.toContain(consoleCode);
    const scripts = readdirSync(join(out, 'assets')).filter((name) => name.endsWith('.js'));
    expect(scripts.filter((name) => readFileSync(join(out, 'assets', name), 'utf8').includes(consoleCode))).toHaveLength(1);
  });
});
