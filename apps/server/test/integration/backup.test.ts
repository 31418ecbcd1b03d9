import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { Client } from 'colyseus.js';
import { Player, credentials, getJson, newGuest, waitFor } from '../support/players';
import { processesPerTest } from '../support/processes';

jest.setTimeout(120_000);

const ROOT = resolve(__dirname, '../../../..');
const run = promisify(execFile);
const servers = processesPerTest('backup');
/** The server plays both seats at this pace while the backup is taken: a dozen actions a second or so. */
const PACE = { BOT_ROLL_DELAY_MS: '60', AUTO_MOVE_DELAY_MS: '60' };

/** `npm run backup -- --to FILE`, as an operator types it, beside the running server. */
const backup = (dataDir: string, to: string) =>
  run('npm', ['run', '--silent', 'backup', '--', '--to', to], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });

describe('npm run backup: a consistent copy of the live SQLite database', () => {
  test('taken while a game is played, it is a whole database; a server started on it restores the table at a version at least the one it had when the backup began', async () => {
    const first = await servers.serve('first', PACE);
    const via = new Client(first.baseUrl);
    const ann = await newGuest(first, 'Ann');
    const host = new Player(await via.create('table', { size: 2, ...credentials(ann) }), ann);
    await waitFor(() => host.seated, 'the seat');
    host.send('start', {});
    await waitFor(() => host.state.status === 'playing' && host.stream.state !== null, 'the game to start');
    // The server plays Ann's seat too (托管): the game runs on by itself, an action every tenth of a second or so.
    host.send('auto-play', { on: true });
    await waitFor(() => host.game.version >= 20, 'the game under way');

    const copyDir = mkdtempSync(join(tmpdir(), 'flightchess-backup-'));
    try {
      const file = join(copyDir, 'flightchess.db');
      const before = host.game.version;
      const { stdout } = await backup(servers.dataDir, file);
      const after = host.game.version;
      expect(stdout).toMatch(/^backed up .* to .*flightchess\.db: \d+ pages, \d+ bytes, in \d+ ms/);
      // The game was played during the backup, and the copy is whole.
      expect(after).toBeGreaterThan(before);
      expect(host.state.status).toBe('playing');
      const copy = new Database(file, { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const { matchId } = host.state as { matchId: string };
      const stored = copy.prepare('SELECT COUNT(*) AS n FROM match_actions WHERE match_id = ?').get(matchId) as { n: number };
      copy.close();
      expect(stored.n).toBeGreaterThanOrEqual(before);
      expect(stored.n).toBeLessThanOrEqual(host.game.version);
      // A backup never overwrites: a second one to the same file is refused.
      await expect(backup(servers.dataDir, file)).rejects.toMatchObject({ stderr: expect.stringMatching(/exists already/) });
      expect(existsSync(`${file}.partial`)).toBe(false);

      // Restoring it: a server started on the copy brings the unfinished table back, as after a crash.
      const restored = await servers.serve('restored', { DATA_DIR: copyDir, ...PACE });
      const line = await restored.logged('table-restored');
      expect(line).toMatchObject({ tableId: host.room.roomId, matchId });
      expect(line.version).toBeGreaterThanOrEqual(before);
      expect(line.version).toBe(stored.n);
      // It goes on there (both seats are the server's to play) to its end, and is recorded and verifies.
      await restored.logged('match-recorded', 60_000);
      expect((await getJson(restored, `/api/matches/${matchId}/verify`)).body).toMatchObject({
        dice: { ok: true },
        replay: { ok: true, matchesRecord: true },
      });
    } finally {
      rmSync(copyDir, { recursive: true, force: true });
    }
  });

  test('with DATABASE_URL it says to use pg_dump, and without --to it says how to call it', async () => {
    await expect(
      run('npm', ['run', '--silent', 'backup', '--', '--to', '/tmp/x.db'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: 'postgres://u@127.0.0.1:1/db' },
      }),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/pg_dump/),
    });
    await expect(run('npm', ['run', '--silent', 'backup'], { cwd: ROOT })).rejects.toMatchObject({
      stderr: expect.stringMatching(/usage: npm run backup -- --to FILE/),
    });
  });
});
