import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DIST, until } from './support';

const REPO = resolve(__dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => ok(port));
    });
  });
}

export interface RunningServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** Test pace: short bot pauses so auto-play finishes games quickly, a 10 s turn timer. Default: the server's own delays. */
const FAST_PACE = { TURN_SECONDS: '10', BOT_ROLL_DELAY_MS: '60', AUTO_MOVE_DELAY_MS: '60' };

/**
 * The real game server (README's `npm start`: apps/server serving apps/web/dist) on a free port with a
 * fresh data folder, at the test pace or (`pace: 'default'`) exactly as a player meets it.
 */
export async function startGameServer(pace: 'fast' | 'default' = 'fast'): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'flightchess-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [join(REPO, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: DIST,
      LOG_LEVEL: 'warn',
      ...(pace === 'fast' ? FAST_PACE : {}),
      MAX_MESSAGES_PER_SECOND: '50',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}/`;
  try {
    await until(
      'the game server to answer /healthz',
      async () => {
        if (child.exitCode !== null) throw new Error(`the game server exited (${child.exitCode}):\n${output}`);
        const res = await fetch(`${url}healthz`).catch(() => null);
        return res?.ok ?? null;
      },
      60_000,
      250,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
