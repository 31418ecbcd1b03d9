import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MatchRecord } from '@flightchess/protocol';
import { openSqliteStorage } from '../../src/repositories';
import { serverBundle } from './bundle';
import { waitFor } from './players';
import { freePort } from './server';

/** Fast timers; the rest of the configuration comes from each test. */
const BASE_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  BOT_ROLL_DELAY_MS: '1',
  AUTO_MOVE_DELAY_MS: '1',
  MOVE_ANIMATION: 'off',
  MAX_MESSAGES_PER_SECOND: '1000',
  // Every test comes from one address: the per-address limits are tested on their own.
  ...Object.fromEntries(
    [
      'HTTP_PER_MINUTE',
      'GUESTS_PER_MINUTE',
      'TABLES_PER_MINUTE',
      'OPEN_TABLES_PER_GUEST',
      'JOINS_PER_MINUTE',
      'CODE_LOOKUPS_PER_MINUTE',
      'CODE_MISSES_PER_HOUR',
      'SOCKETS_PER_ADDRESS',
    ].map((name) => [name, '1000000']),
  ),
};

export interface ServerProcess {
  readonly name: string;
  readonly port: number;
  readonly baseUrl: string;
  /** The JSON log lines the process printed so far. */
  readonly logs: Record<string, unknown>[];
  /** Resolves with the exit code once the process has exited. */
  readonly exited: Promise<number | null>;
  /** The first log line with this event (waiting for it). */
  logged(event: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  signal(signal: NodeJS.Signals): void;
  /** SIGINT (stop now) unless it has exited already; resolves once it has. */
  stop(): Promise<void>;
}

/** A real server process on a free loopback port, with only the environment given here. */
export async function startServerProcess(bundle: string, name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child: ChildProcess = spawn(process.execPath, [bundle], {
    env: { PATH: process.env.PATH ?? '', ...BASE_ENV, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const output: string[] = [];
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      output.push(line);
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((done) => {
    child.on('exit', (code) => {
      exitCode = code;
      done(code);
    });
  });
  const describe = () => `${name} (exit ${String(exitCode)}):\n${output.slice(-20).join('\n')}`;

  const logged = async (event: string, timeoutMs = 15_000) => {
    await waitFor(() => logs.some((l) => l.event === event) || exitCode !== undefined, `${name} to log ${event}`, timeoutMs).catch(
      (err: Error) => {
        throw new Error(`${err.message}; ${describe()}`);
      },
    );
    const line = logs.find((l) => l.event === event);
    if (!line) throw new Error(`${name} exited before logging ${event}: ${describe()}`);
    return line;
  };
  await logged('listening');
  return {
    name,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    logs,
    exited,
    logged,
    signal: (signal) => child.kill(signal),
    async stop() {
      if (exitCode === undefined) child.kill('SIGINT');
      await exited;
    },
  };
}

export interface ProcessesOnOneDataDir {
  /** The data directory of the current test. */
  readonly dataDir: string;
  /** A server process on the current test's data (SQLite); a restart passes the port of the one before. */
  serve(name: string, env?: Record<string, string>, port?: number): Promise<ServerProcess>;
  /** The match as stored in the current test's database, read directly. */
  stored(matchId: string): Promise<MatchRecord | null>;
}

/**
 * The test file's server processes: the production bundle (built once for the tier), a fresh data directory for each
 * test, and every process it started stopped after it.
 */
export function processesPerTest(label: string): ProcessesOnOneDataDir {
  let dataDir = '';
  const running: ServerProcess[] = [];
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), `flightchess-${label}-`));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get dataDir() {
      return dataDir;
    },
    async serve(name, env = {}, port) {
      const server = await startServerProcess(serverBundle(), name, {
        DATA_DIR: dataDir,
        TURN_SECONDS: '30',
        ...env,
        ...(port ? { PORT: String(port) } : {}),
      });
      running.push(server);
      return server;
    },
    async stored(matchId) {
      const storage = await openSqliteStorage(join(dataDir, 'flightchess.db'));
      try {
        return await storage.getMatch(matchId);
      } finally {
        await storage.close();
      }
    },
  };
}
