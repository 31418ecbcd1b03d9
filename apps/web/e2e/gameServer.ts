import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DIST, until } from './support';

const REPO = resolve(__dirname, '../../..');
/** What `npm start` runs (`npm run test:e2e` builds it first). */
const SERVER_BUNDLE = join(REPO, 'apps/server/dist/main.js');

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
  /** Its data folder (the SQLite file flightchess.db): a test may store a game there as the server would. */
  readonly dataDir: string;
  /** kill -9 the process and start a new one on the same port and data: the tables it held are restored. */
  crashAndRestart(): Promise<void>;
  stop(): Promise<void>;
}

/** Test pace: short bot pauses so auto-play finishes games quickly, a 10 s turn timer. Default: the server's own delays. */
const FAST_PACE = { TURN_SECONDS: '10', BOT_ROLL_DELAY_MS: '60', AUTO_MOVE_DELAY_MS: '60', MOVE_ANIMATION: 'off' };

/** One server process on `port` with `dataDir`, answering /healthz. */
async function spawnServer(port: number, dataDir: string, pace: 'fast' | 'default', env: Record<string, string>): Promise<ChildProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: DIST,
      LOG_LEVEL: 'warn',
      ...(pace === 'fast' ? FAST_PACE : {}),
      MAX_MESSAGES_PER_SECOND: '50',
      // The pace test follows the stored match ten times a second from this address, besides the browsers.
      HTTP_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that a signal reaches whatever it started too.
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await until(
      'the game server to answer /healthz',
      async () => {
        if (child.exitCode !== null) throw new Error(`the game server exited (${child.exitCode}):\n${output}`);
        const res = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
        return res?.ok ?? null;
      },
      60_000,
      250,
    );
  } catch (error) {
    await ended(child, 'SIGKILL');
    throw error;
  }
  return child;
}

/** Signal the server's whole process group, and wait for it to end. */
async function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  const group = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // already gone
    }
  };
  group(signal);
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  group('SIGKILL');
}

/**
 * The real game server (README's `npm start`: the server bundle serving apps/web/dist) on a free port with a
 * fresh data folder, at the test pace or (`pace: 'default'`) exactly as a player meets it; `env` adds to
 * its environment (ADMIN_TOKEN, …).
 */
export async function startGameServer(pace: 'fast' | 'default' = 'fast', env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'flightchess-e2e-'));
  let child = await spawnServer(port, dataDir, pace, env);
  return {
    url: `http://127.0.0.1:${port}/`,
    dataDir,
    async crashAndRestart() {
      await ended(child, 'SIGKILL');
      child = await spawnServer(port, dataDir, pace, env);
    },
    async stop() {
      await ended(child, 'SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
