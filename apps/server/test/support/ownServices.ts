import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { accepts } from './ports';

/**
 * A service of its own on a loopback port, that a test or the cluster loadtest may stop and start again
 * (a restart under load): the services of scripts/test-services.sh are shared by every test and stay up.
 */
export interface OwnService {
  readonly url: string;
  /** Gone at once, as a crash would leave it (Redis: its keys with it; PostgreSQL: its committed data kept). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stopped for good, its files removed. */
  close(): Promise<void>;
  /** Stopped at once, synchronously (the runner is exiting on an error). */
  stopNow(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function untilAccepting(port: number, what: string, exited: () => boolean): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (exited()) throw new Error(`${what} exited as it started`);
    if (await accepts(port)) return;
    await sleep(50);
  }
  throw new Error(`${what} did not accept connections on ${port}`);
}

/** Debian's redis-server on `port`, keeping nothing on disk (a restart loses every key, as a cache's would). */
export async function ownRedis(dir: string, port: number): Promise<OwnService> {
  mkdirSync(dir, { recursive: true });
  let child: ChildProcess | null = null;
  const service: OwnService = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const started = spawn(
        'redis-server',
        ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir],
        {
          stdio: 'ignore',
        },
      );
      child = started;
      await untilAccepting(port, 'redis-server', () => started.exitCode !== null);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((r) => running.once('exit', r));
      running.kill('SIGKILL');
      await exited;
    },
    async close() {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    stopNow() {
      child?.kill('SIGKILL');
    },
  };
  await service.start();
  return service;
}

/** The newest PostgreSQL of Debian's packages. */
function pgBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  const bin = join('/usr/lib/postgresql', versions.at(-1) ?? '', 'bin');
  if (!existsSync(join(bin, 'postgres'))) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  return bin;
}

/** initdb and postgres refuse to run as root: as Debian's postgres user then. */
const asDbUser = (command: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

/**
 * A PostgreSQL cluster of its own on `port` (initdb in `dir`), database `flightchess`. Stopped with
 * `pg_ctl -m immediate`: what a crash or a killed container leaves (committed data only).
 */
export async function ownPostgres(dir: string, port: number): Promise<OwnService> {
  const bin = pgBin();
  const data = join(dir, 'data');
  const run = (command: string, args: string[]) => {
    const [c, a] = asDbUser(join(bin, command), args);
    return execFileSync(c, a, { stdio: 'pipe' });
  };
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off -c max_connections=200`;
  const service: OwnService = {
    url: `postgres://postgres@127.0.0.1:${port}/flightchess`,
    async start() {
      run('pg_ctl', ['-D', data, '-l', join(dir, 'postgres.log'), '-w', '-t', '60', '-o', options, 'start']);
      await untilAccepting(port, 'postgres', () => false);
    },
    async stop() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    async close() {
      try {
        await service.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
    stopNow() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // not running
      }
    },
  };
  await service.start();
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'flightchess']);
  return service;
}
