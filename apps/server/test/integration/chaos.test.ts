import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { serverBundle } from '../support/bundle';
import { describeWithServices, serviceUrl } from '../support/services';

jest.setTimeout(8 * 60_000);

const REPO = resolve(__dirname, '../../../..');

/** `npm run loadtest` as a black box: its exit code and what it printed. */
function loadtest(args: readonly string[]): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['packages/rules/scripts/bundled.mjs', 'apps/server/scripts/loadtest.ts', ...args],
      { cwd: REPO, maxBuffer: 64 * 1024 * 1024, timeout: 7 * 60_000 },
      (error, stdout, stderr) => done({ code: error ? ((error.code as number | undefined) ?? 1) : 0, out: `${stdout}\n${stderr}` }),
    );
  });
}

/** The lines of one chaos step's section, as `label → value`. */
function section(out: string, step: string): Map<string, string> {
  const lines = out.split(`\nchaos: ${step}\n`)[1]?.split('\n\n')[0]?.split('\n') ?? [];
  return new Map(lines.map((l) => /^(.+?)\s{2,}(.*)$/.exec(l)).flatMap((m) => (m ? [[m[1]!, m[2]!] as const] : [])));
}

describeWithServices('a cluster under fire, at small scale (loadtest --cluster 3 --chaos)', ['TEST_NGINX'], () => {
  test('three processes, Redis, PostgreSQL and nginx, 30 tables at a person’s pace: a process killed, Redis restarted, PostgreSQL restarted — every table and player comes back, and every action shown is stored', async () => {
    const basePort = 20_000 + Math.floor(Math.random() * 9_000);
    const { code, out } = await loadtest([
      ...['--cluster', '3', '--tables', '30', '--paced', '--seconds', '5', '--warmup', '3', '--generators', '1'],
      ...['--chaos', 'kill,redis,postgres', '--down', '5', '--play-on', '5'],
      ...['--server-cpu', 'any', '--client-cpu', 'any', '--base-port', String(basePort)],
      ...['--nginx', serviceUrl('TEST_NGINX'), '--server-bundle', serverBundle()],
    ]);
    if (code !== 0) throw new Error(`the loadtest failed (${code}):\n${out.slice(-8_000)}`);

    const kill = section(out, 'kill');
    expect(kill.get('restored by the others')).toMatch(/; each once\)$/);
    const [dropped, back, notBack] = kill.get('players dropped / back / not back')!.split(' / ').map(Number);
    expect(dropped).toBeGreaterThan(0);
    expect(back).toBe(dropped);
    expect(notBack).toBe(0);
    for (const step of ['kill', 'redis', 'postgres']) {
      const s = section(out, step);
      expect(s.get('every table playing again' + (step === 'kill' ? '' : ' after the restart'))).toMatch(/^after /);
      expect(s.get('actions shown found stored (every table, every game)')).toMatch(/^(\d+) of \1 \(0 missing, 0 different\)$/);
      expect(s.get('stuck tables / game processes ended')).toBe('0 / 0');
      for (const listings of ['matchmaker listings complete again', 'tables listed to their players again'])
        expect([...s].find(([label]) => label.startsWith(listings))?.[1]).toMatch(/ s after the (kill|restart)$/);
      const [cutBack, cut] = /^(\d+) of (\d+)/.exec(s.get(`links cut then (1 table in 10): back, p99`)!)!.slice(1).map(Number);
      expect(cutBack).toBe(cut);
    }
    // While PostgreSQL was down nothing was shown: each step asked was refused, saying so.
    expect(section(out, 'postgres').get('actions while down')).toMatch(/refusals: .*ERR_STORAGE/);
  });
});
