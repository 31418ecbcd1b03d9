import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';

// Run from the repository root, as `npm run loadtest` does (this script runs as a bundle in a temporary directory).
const REPO = process.cwd();
/** What `npm start` runs; `npm run loadtest` builds it first. */
export const SERVER_BUNDLE = resolve(REPO, 'apps/server/dist/main.js');
/** Makes the server run a full garbage collection on SIGUSR2 (`collect`). */
const GC_ON_SIGNAL = resolve(REPO, 'apps/server/scripts/loadtest/gcOnSignal.cjs');

/** Clock ticks per second of /proc/<pid>/stat on Linux. */
const TICKS_PER_SECOND = 100;

export interface ServerOptions {
  /** The bundled server (SERVER_BUNDLE, or the integration tier's own build). */
  readonly bundle: string;
  readonly port: number;
  /** Pin the process to this CPU (taskset), or run it anywhere. */
  readonly cpu: string | null;
  /** Options for node itself (a CPU profile: `--cpu-prof`). */
  readonly nodeArgs: readonly string[];
  readonly env: Record<string, string>;
}

export interface CpuTime {
  readonly user: number;
  readonly system: number;
}

/** utime and stime of a /proc stat file, in ms. */
export function cpuOf(statFile: string): CpuTime {
  // Fields after the command name (which may hold spaces, hence the last ')'): utime and stime are the 12th and 13th.
  const stat = readFileSync(statFile, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: (Number(fields[11]) * 1000) / TICKS_PER_SECOND, system: (Number(fields[12]) * 1000) / TICKS_PER_SECOND };
}

/** One game server process under load: its CPU time, memory and metrics as /proc and /metrics tell them. */
export class ServerProcess {
  private output = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.stdout?.on('data', (d: Buffer) => (this.output = (this.output + d.toString()).slice(-20_000)));
    child.stderr?.on('data', (d: Buffer) => (this.output = (this.output + d.toString()).slice(-20_000)));
  }

  static async start(options: ServerOptions): Promise<ServerProcess> {
    const node = [process.execPath, ...options.nodeArgs, '--expose-gc', '--require', GC_ON_SIGNAL, '--enable-source-maps', options.bundle];
    // taskset execs node in place, so the child's pid is the server's own.
    const [command, ...args] = options.cpu === null ? node : ['taskset', '-c', options.cpu, ...node];
    const child = spawn(command!, args, {
      cwd: REPO,
      env: { ...process.env, PORT: String(options.port), ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, `http://127.0.0.1:${options.port}`);
    // A run that fails on an error leaves no server behind.
    process.once('exit', () => child.kill('SIGKILL'));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${server.output}`);
      const res = await fetch(`${server.url}/healthz`).catch(() => null);
      if (res?.ok) return server;
      if (Date.now() > deadline) throw new Error(`the server did not answer /healthz:\n${server.output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  get pid(): number {
    return this.child.pid!;
  }

  get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** The last lines it wrote (warnings and errors: it logs at `warn`). */
  get log(): string {
    return this.output;
  }

  /** User and system CPU time the process has used so far, in ms. */
  cpuMs(): CpuTime {
    return cpuOf(`/proc/${this.pid}/stat`);
  }

  /** CPU time so far of the main thread (JavaScript, and GC work done on it) and of the others (V8's GC helpers, libuv's pool). */
  cpuByThread(): Map<string, number> {
    const byThread = new Map<string, number>();
    for (const tid of readdirSync(`/proc/${this.pid}/task`)) {
      try {
        const { user, system } = cpuOf(`/proc/${this.pid}/task/${tid}/stat`);
        const name = Number(tid) === this.pid ? 'main thread' : 'other threads';
        byThread.set(name, (byThread.get(name) ?? 0) + user + system);
      } catch {
        // the thread ended meanwhile
      }
    }
    return byThread;
  }

  /** A full garbage collection in the server (it runs between two of its tasks), done once /metrics answers after it. */
  collect(): Promise<void> {
    return this.signal('SIGUSR2');
  }

  /** Send the server a signal, and wait until it has handled it (it answers /metrics after). */
  async signal(name: NodeJS.Signals): Promise<void> {
    this.child.kill(name);
    await this.metrics();
  }

  /** Resident memory now, in bytes. */
  rssBytes(): number {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
    return Number(match?.[1] ?? NaN) * 1024;
  }

  /** The Prometheus text of /metrics, as name{labels} → value. */
  async metrics(): Promise<Map<string, number>> {
    const text = await (await fetch(`${this.url}/metrics`)).text();
    const values = new Map<string, number>();
    for (const line of text.split('\n')) {
      if (line === '' || line.startsWith('#')) continue;
      const space = line.lastIndexOf(' ');
      values.set(line.slice(0, space), Number(line.slice(space + 1)));
    }
    return values;
  }

  /** kill -9, as a crash or a host gone would leave its players; resolves once it has exited. */
  async kill(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
}
