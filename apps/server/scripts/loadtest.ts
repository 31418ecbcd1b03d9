/**
 * The load benchmark: `npm run loadtest -- --tables N [--paced] [--seconds S] …` (see --help).
 *
 * Starts the bundled server (what `npm start` and the image run), opens N four-seat tables of clients that
 * speak Colyseus' protocol over raw sockets, from generator processes, plays whole games (again and again)
 * for S seconds, and prints what the server did: actions/s, roll→action latency as a player measures it,
 * server CPU per action, RSS per socket, bytes each client received per action, disconnects, errors and
 * stuck tables. Server and generators can be pinned to different cores, so the server's figures are its own.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { GENERATOR_TASK, type GeneratorCommand, type GeneratorEvent, type GeneratorTask, runGenerator } from './loadtest/generator';
import { type Window, monotonicUs, printProfiles } from './loadtest/profileSummary';
import { SERVER_BUNDLE, ServerProcess, cpuOf } from './loadtest/serverProcess';
import { type ClusterServices, startClusterServices } from './loadtest/clusterServices';
import { CHAOS_STEPS, type Chaos, type ChaosStep, type Players, runChaos } from './loadtest/chaos';
import type { Pace } from './loadtest/tablePlayers';
import { type LoadStats, addStats, emptyStats, percentile } from './loadtest/stats';

const HELP = `npm run loadtest -- --tables N [options]
  --tables N            four-seat tables to open (4 sockets each)                        [100]
  --paced               play at human pace: each player acts 1–3 s after its turn comes  [at once]
  --think MIN-MAX       play at this pace instead (seconds, e.g. 12-14)
  --seconds S           measured time, after the tables are open and a warm-up           [60]
  --warmup S            play this long before measuring                                   [10]
  --open-per-second R   tables opened per second                                          [25]
  --generators G        generator processes (each holds its share of the sockets)        [2]
  --server-cpu LIST     pin server process i to CPU LIST[i mod n] (taskset), or 'any'    [0]
  --client-cpu LIST     pin the generator to these CPUs, or 'any'                         [1]
  --processes P         server processes; P > 1 needs --redis and --database               [1]
  --redis URL           Redis for several processes (RedisPresence + RedisDriver)
  --database URL        PostgreSQL (else each run gets a fresh SQLite file)
  --cluster P           P processes behind nginx (deploy/nginx's configuration), with a Redis and a PostgreSQL of
                        the run's own unless --redis/--database name them; every client goes through the proxy
  --chaos LIST          with --cluster, after the measured window, one after another (comma-separated): kill (kill -9
                        the first process), redis, postgres (stopped --down seconds, then started again); each
                        measured: restores, players back in their seats, every table playing, every action stored
  --down S              how long --chaos keeps Redis or PostgreSQL down                                    [10]
  --play-on S           after each chaos step has settled, play this long before checking what was stored  [20]
  --nginx PATH          the nginx program for --cluster                                    [/usr/sbin/nginx]
  --server-bundle FILE  the server to run                                        [apps/server/dist/main.js]
  --base-port PORT      the first server's port                                           [4700]
  --profile DIR         write each server's and generator's V8 CPU profile (.cpuprofile) into DIR
  --heap DIR            write each server's heap snapshots into DIR with half the tables open and with all (after
                        a full GC); npm run heap:summary -- FULL --base HALF --per N: what an extra table holds
  --watchers N          watchers joining each table (watch: true): they follow every game  [0]`;

/** The signal on which a server writes its heap snapshot (node --heapsnapshot-signal): one Node and the loadtest's GC hook leave free. */
const HEAP_SIGNAL = 'SIGWINCH';

const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '100' },
    paced: { type: 'boolean', default: false },
    think: { type: 'string' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    'open-per-second': { type: 'string', default: '25' },
    generators: { type: 'string', default: '2' },
    'server-cpu': { type: 'string', default: '0' },
    'client-cpu': { type: 'string', default: '1' },
    processes: { type: 'string', default: '1' },
    cluster: { type: 'string' },
    chaos: { type: 'string' },
    down: { type: 'string', default: '10' },
    'play-on': { type: 'string', default: '20' },
    nginx: { type: 'string', default: '/usr/sbin/nginx' },
    'server-bundle': { type: 'string', default: SERVER_BUNDLE },
    redis: { type: 'string' },
    database: { type: 'string' },
    'base-port': { type: 'string', default: '4700' },
    profile: { type: 'string' },
    heap: { type: 'string' },
    watchers: { type: 'string', default: '0' },
    help: { type: 'boolean', default: false },
  },
});

const positive = (name: string, text: string, min = 1): number => {
  const n = Number(text);
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number ≥ ${min}, got '${text}'`);
  return n;
};

/** Limits a public server keeps, raised out of the way: every generated client comes from 127.0.0.1. */
const UNLIMITED = Object.fromEntries(
  [
    'HTTP_PER_MINUTE',
    'GUESTS_PER_MINUTE',
    'TABLES_PER_MINUTE',
    'OPEN_TABLES_PER_GUEST',
    'JOINS_PER_MINUTE',
    'SOCKETS_PER_ADDRESS',
    'CONNECTIONS_PER_ADDRESS',
    'MAX_TABLES',
    'MAX_CONNECTIONS',
  ].map((name) => [name, '10000000']),
);

async function main(): Promise<void> {
  if (values.help) return void console.log(HELP);
  const tables = positive('tables', values.tables);
  const seconds = positive('seconds', values.seconds);
  const warmup = positive('warmup', values.warmup, 0);
  const generatorCount = positive('generators', values.generators);
  const cluster = values.cluster === undefined ? null : positive('cluster', values.cluster, 2);
  const processes = cluster ?? positive('processes', values.processes);
  const openPerSecond = positive('open-per-second', values['open-per-second']);
  if (processes > 1 && !cluster && !(values.redis && values.database))
    throw new Error('--processes > 1 needs --redis and --database (a shared PostgreSQL), or use --cluster');
  const chaos = (values.chaos?.split(',') ?? []).map((step) => {
    if (!CHAOS_STEPS.includes(step as ChaosStep)) throw new Error(`--chaos takes ${CHAOS_STEPS.join(', ')}; got '${step}'`);
    return step as ChaosStep;
  });
  if (chaos.length > 0 && !cluster) throw new Error('--chaos needs --cluster');
  const serverCpus = values['server-cpu'] === 'any' ? null : values['server-cpu'].split(',');
  if (values['client-cpu'] !== 'any')
    execFileSync('taskset', ['-a', '-cp', values['client-cpu'], String(process.pid)], { stdio: 'ignore' });

  const watchers = positive('watchers', values.watchers, 0);
  const profileArgs = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values.profile)}`] : [];
  const dataDir = mkdtempSync(join(tmpdir(), 'flightchess-loadtest-'));
  chmodSync(dataDir, 0o755); // PostgreSQL's own directory inside runs as its user
  const servers: ServerProcess[] = [];
  const startedAt = Date.now();
  let measured: Window | undefined;
  let services: ClusterServices | null = null;
  try {
    const basePort = positive('base-port', values['base-port']);
    if (cluster) {
      const upstreams = Array.from({ length: cluster }, (_, i) => `127.0.0.1:${basePort + i}`);
      services = await startClusterServices(dataDir, { redis: values.redis, database: values.database, nginx: values.nginx, upstreams });
    }
    const redis = services?.redisUrl ?? values.redis;
    const database = services?.databaseUrl ?? values.database;
    for (let i = 0; i < processes; i++) {
      const port = basePort + i;
      servers.push(
        await ServerProcess.start({
          bundle: resolve(values['server-bundle']),
          port,
          cpu: serverCpus ? serverCpus[i % serverCpus.length]! : null,
          nodeArgs: [
            ...profileArgs,
            ...(values.heap ? [`--heapsnapshot-signal=${HEAP_SIGNAL}`, `--diagnostic-dir=${resolve(values.heap)}`] : []),
          ],
          env: {
            LOG_LEVEL: 'warn',
            DATA_DIR: join(dataDir, String(i)),
            METRICS: 'on',
            ...UNLIMITED,
            WATCHERS_PER_TABLE: String(Math.max(50, watchers)),
            ...(database ? { DATABASE_URL: database } : {}),
            ...(redis ? { REDIS_URL: redis, PUBLIC_ADDRESS: services ? services.publicAddress(i) : `127.0.0.1:${port}` } : {}),
          },
        }),
      );
    }
    const heap = values.heap !== undefined;
    measured = await run(servers, {
      tables,
      seconds,
      warmup,
      generators: generatorCount,
      openPerSecond,
      watchers,
      heap,
      generatorArgs: profileArgs,
      pace: paceOf(values.think, values.paced),
      baseUrls: services ? [services.proxyUrl] : servers.map((s) => s.url),
      chaos:
        chaos.length > 0 && services
          ? {
              steps: chaos,
              publicAddress: services.publicAddress,
              redis: services.redis,
              postgres: services.postgres,
              databaseUrl: services.databaseUrl,
              redisUrl: services.redisUrl,
              downSeconds: positive('down', values.down),
              playOnSeconds: positive('play-on', values['play-on'], 0),
            }
          : null,
    });
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await services?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (values.profile && measured) printProfiles(resolve(values.profile), startedAt, measured);
}

interface RunOptions {
  readonly tables: number;
  readonly seconds: number;
  readonly warmup: number;
  readonly generators: number;
  readonly openPerSecond: number;
  readonly watchers: number;
  /** Write a heap snapshot of each server once every table is open. */
  readonly heap: boolean;
  /** Options for node in each generator process (a CPU profile). */
  readonly generatorArgs: readonly string[];
  readonly pace: Pace;
  /** Where the generated clients go: each server, or the proxy in front of them all. */
  readonly baseUrls: readonly string[];
  /** After the measured window: each step and what follows (runChaos). */
  readonly chaos:
    | (Omit<Chaos, 'servers' | 'players' | 'publicAddresses'> & {
        readonly steps: readonly ChaosStep[];
        readonly publicAddress: (i: number) => string;
      })
    | null;
}

/** `--think MIN-MAX` seconds, or `--paced` (1–3 s), or at once. */
function paceOf(think: string | undefined, paced: boolean): Pace {
  if (think === undefined) return { thinkMs: paced ? [1000, 3000] : null };
  const range = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(think);
  const [min, max] = range ? [Number(range[1]) * 1000, Number(range[2]) * 1000] : [NaN, NaN];
  if (!(min <= max)) throw new Error(`--think must be MIN-MAX seconds (e.g. 1-3), got '${think}'`);
  return { thinkMs: [min, max] };
}

/** A generator process (this bundle again, forked with its task; it inherits the generator's CPU pinning), asked and answered by message. */
class Generator {
  private readonly child: ChildProcess;
  private waiting: { type: GeneratorEvent['type']; resolve: (e: GeneratorEvent) => void }[] = [];

  constructor(task: GeneratorTask, nodeArgs: readonly string[]) {
    this.child = fork(__filename, [], { env: { ...process.env, [GENERATOR_TASK]: JSON.stringify(task) }, execArgv: [...nodeArgs] });
    this.child.on('message', (event: GeneratorEvent) => {
      const i = this.waiting.findIndex((w) => w.type === event.type);
      if (i >= 0) this.waiting.splice(i, 1)[0]!.resolve(event);
    });
    this.child.on('exit', (code) => {
      if (!code) return;
      // Its tables are gone and every question to it would wait forever: stop (the servers and services with it).
      console.error(`a generator process failed (exit code ${code})`);
      process.exit(1);
    });
  }

  /** CPU time (user + system) it has used so far, in ms. */
  cpuMs(): number {
    const { user, system } = cpuOf(`/proc/${this.child.pid}/stat`);
    return user + system;
  }

  next<T extends GeneratorEvent['type']>(type: T): Promise<Extract<GeneratorEvent, { type: T }>> {
    return new Promise((resolve) => this.waiting.push({ type, resolve: resolve as (e: GeneratorEvent) => void }));
  }

  ask<T extends GeneratorEvent['type']>(command: GeneratorCommand, answer: T): Promise<Extract<GeneratorEvent, { type: T }>> {
    const next = this.next(answer);
    this.child.send(command);
    return next;
  }

  /** Once it has exited (it does after leaving its tables). */
  end(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => this.child.once('exit', () => resolve()));
  }
}

interface Sample {
  readonly stats: LoadStats;
  readonly stuck: number;
  readonly quiet: number;
  readonly quietTables: readonly string[];
  readonly sockets: number;
  /** Each generator's event-loop delay, p99 and max. */
  readonly loopDelayMs: readonly { p99: number; max: number }[];
}

async function sample(generators: readonly Generator[], latencies = false): Promise<Sample> {
  const reports = await Promise.all(generators.map((g) => g.ask({ type: 'report', latencies }, 'report')));
  const stats = emptyStats();
  for (const r of reports) addStats(stats, r.stats);
  return {
    stats,
    stuck: reports.reduce((n, r) => n + r.stuck, 0),
    quiet: reports.reduce((n, r) => n + r.quiet, 0),
    quietTables: reports.flatMap((r) => r.quietTables),
    sockets: reports.reduce((n, r) => n + r.sockets, 0),
    loopDelayMs: reports.map((r) => r.loopDelayMs),
  };
}

/** The generators as the failover phase asks them. */
const playersOf = (generators: readonly Generator[]): Players => ({
  reset: async () => void (await Promise.all(generators.map((g) => g.ask({ type: 'reset' }, 'report')))),
  sample: () => sample(generators),
  shown: async () => (await Promise.all(generators.map((g) => g.ask({ type: 'shown' }, 'shown')))).flatMap((e) => e.matches),
  listed: async (sample, dropped) => {
    const answers = await Promise.all(generators.map((g) => g.ask({ type: 'listed', sample, dropped }, 'listed')));
    return { listed: sum(answers.map((a) => a.listed)), of: sum(answers.map((a) => a.of)) };
  },
  cut: async (every) => sum((await Promise.all(generators.map((g) => g.ask({ type: 'cut', every }, 'cut')))).map((e) => e.cut)),
});

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Play, measure and print; returns the measured window. */
async function run(servers: readonly ServerProcess[], o: RunOptions): Promise<Window> {
  await sleep(2000);
  const idleRss = servers.map((s) => s.rssBytes());
  const idleHeap = await Promise.all(servers.map(async (s) => (await s.metrics()).get('flightchess_nodejs_heap_size_used_bytes') ?? 0));
  const { baseUrls } = o;
  const generators: Generator[] = [];
  const counts: number[] = [];
  const started = Date.now();
  for (let w = 0; w < o.generators; w++) {
    const first = Math.floor((o.tables * w) / o.generators);
    const count = Math.floor((o.tables * (w + 1)) / o.generators) - first;
    counts.push(count);
    generators.push(
      new Generator(
        {
          baseUrls,
          first,
          count,
          pace: o.pace,
          openPerSecond: o.openPerSecond / o.generators,
          watchers: o.watchers,
          keepActions: o.chaos !== null,
        },
        o.generatorArgs,
      ),
    );
  }
  // Half the tables first, then the rest: what memory the second half adds is what a socket costs,
  // without the heap's fixed growth under load (young generation, code) that idle → loaded includes.
  const openTables = async (share: (count: number) => number) => {
    const opened = await Promise.all(generators.map((g, i) => g.ask({ type: 'open', count: share(counts[i]!) }, 'opened')));
    return { tables: sum(opened.map((e) => e.tables)), failures: opened.flatMap((e) => e.failures) };
  };
  await openTables((count) => Math.floor(count / 2));
  await sleep(Math.max(5, o.warmup / 2) * 1000);
  const halfway = await steadyMemory(servers, generators);
  if (o.heap) await Promise.all(servers.map((s) => s.signal(HEAP_SIGNAL)));
  const { tables: open, failures } = await openTables((count) => count);
  console.error(
    `${open} tables open in ${((Date.now() - started) / 1000).toFixed(1)} s${failures.length ? `; ${failures.length} failed: ${failures.slice(0, 3).join('; ')}` : ''}`,
  );
  await sleep(o.warmup * 1000);
  const full = await steadyMemory(servers, generators);
  if (o.heap) await Promise.all(servers.map((s) => s.signal(HEAP_SIGNAL)));
  const perExtraSocket = (x: number, y: number) => `${((y - x) / Math.max(1, full.sockets - halfway.sockets) / 1024).toFixed(1)} KB`;

  await Promise.all(generators.map((g) => g.ask({ type: 'reset' }, 'report')));
  const before = await Promise.all(servers.map(async (s) => ({ cpu: s.cpuMs(), threads: s.cpuByThread(), metrics: await s.metrics() })));
  const generatorCpu = generators.map((g) => g.cpuMs());
  const from = Date.now();
  const fromUs = monotonicUs();
  let peakRss = servers.map(() => 0);
  while (Date.now() - from < o.seconds * 1000) {
    await sleep(Math.min(10_000, o.seconds * 1000 - (Date.now() - from)));
    peakRss = servers.map((s, i) => Math.max(peakRss[i]!, s.rssBytes()));
    const now = await sample(generators);
    const elapsed = (Date.now() - from) / 1000;
    console.error(
      `${elapsed.toFixed(0)} s: ${(now.stats.actions / elapsed).toFixed(0)} actions/s, ${now.sockets} sockets, ${now.stats.disconnects} disconnects, ${now.stuck} stuck`,
    );
    if (servers.some((s) => s.exited)) break;
  }
  const elapsedMs = Date.now() - from;
  const toUs = monotonicUs();
  const generatorCpuMs = generators.map((g, i) => g.cpuMs() - generatorCpu[i]!);
  const end = await sample(generators, true);
  const after = await Promise.all(
    servers.map(async (s) => ({ cpu: s.cpuMs(), threads: s.cpuByThread(), rss: s.rssBytes(), metrics: await s.metrics() })),
  );
  const serverActions = sum(
    after.map((a, i) => (a.metrics.get('flightchess_actions_total') ?? 0) - (before[i]!.metrics.get('flightchess_actions_total') ?? 0)),
  );
  const userMs = sum(after.map((a, i) => a.cpu.user - before[i]!.cpu.user));
  const systemMs = sum(after.map((a, i) => a.cpu.system - before[i]!.cpu.system));
  const cpuMs = userMs + systemMs;
  const perAction = (x: number) => `${(x / Math.max(1, serverActions)).toFixed(3)} ms`;
  const latencies = [...end.stats.latencies].sort((a, b) => a - b);
  const rssGrowth = sum(after.map((a, i) => Math.max(a.rss, peakRss[i]!) - idleRss[i]!));
  const heapGrowth = sum(after.map((a) => a.metrics.get('flightchess_nodejs_heap_size_used_bytes') ?? 0)) - sum(idleHeap);
  const serverLatency = histogramQuantiles(
    before.map((b) => b.metrics),
    after.map((a) => a.metrics),
    'flightchess_action_latency_seconds',
  );
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const rows: [string, string][] = [
    ['server processes', `${servers.length}`],
    ['tables open / asked', `${open} / ${o.tables}${failures.length ? ` (${failures.length} failed to open)` : ''}`],
    ['watchers per table', `${o.watchers}`],
    ['sockets open at the end', `${end.sockets}`],
    ['pace', o.pace.thinkMs ? `${o.pace.thinkMs.map((ms) => ms / 1000).join('–')} s per decision` : 'at once'],
    ['measured', `${(elapsedMs / 1000).toFixed(0)} s`],
    ['actions/s', (serverActions / (elapsedMs / 1000)).toFixed(1)],
    ['games finished', `${end.stats.games}`],
    [
      'roll→action latency (client) p50/p95/p99/max',
      [0.5, 0.95, 0.99, 1].map((p) => ms(percentile(latencies, p))).join(' / ') + ` (${latencies.length} rolls)`,
    ],
    ['roll/move handling (server) p50/p99', `≤ ${ms(serverLatency.p50 * 1000)} / ≤ ${ms(serverLatency.p99 * 1000)} (histogram bucket)`],
    [
      'server CPU per action',
      `${perAction(cpuMs)} (user ${perAction(userMs)}, system ${perAction(systemMs)}; ${((cpuMs / elapsedMs) * 100).toFixed(1)}% of one core)`,
    ],
    [
      'server CPU by thread',
      threadShares(
        before.map((b) => b.threads),
        after.map((a) => a.threads),
        cpuMs,
      ),
    ],
    ['server RSS: idle → loaded', servers.map((_, i) => `${mb(idleRss[i]!)} → ${mb(Math.max(after[i]!.rss, peakRss[i]!))}`).join(', ')],
    [
      'RSS per socket: marginal / over idle',
      `${perExtraSocket(halfway.rss, full.rss)} (${halfway.sockets} → ${full.sockets} sockets) / ${(rssGrowth / Math.max(1, end.sockets) / 1024).toFixed(1)} KB`,
    ],
    [
      'JS heap per socket: marginal / over idle',
      `${perExtraSocket(halfway.heap, full.heap)} / ${(heapGrowth / Math.max(1, end.sockets) / 1024).toFixed(1)} KB`,
    ],
    [
      'live memory per socket after a full GC: heap / outside the heap',
      `${perExtraSocket(halfway.liveHeap, full.liveHeap)} / ${perExtraSocket(halfway.external, full.external)} (marginal)`,
    ],
    [
      'event-loop delay p99 (server)',
      after.map((a) => ms((a.metrics.get('flightchess_nodejs_eventloop_lag_p99_seconds') ?? NaN) * 1000)).join(', '),
    ],
    ['generator CPU (each process)', generatorCpuMs.map((ms) => `${((ms / elapsedMs) * 100).toFixed(0)}%`).join(', ') + ' of one core'],
    ['generator event-loop delay p99 / max', end.loopDelayMs.map((d) => `${ms(d.p99)} / ${ms(d.max)}`).join(', ')],
    ['bytes received per client per action', (end.stats.bytes / Math.max(1, end.stats.clientActions)).toFixed(0)],
    ['disconnects', `${end.stats.disconnects}`],
    ['errors', `${end.stats.errors}`],
    [
      'refusals',
      Object.entries(end.stats.refusals)
        .map(([why, n]) => `${why}: ${n}`)
        .join(', ') || 'none',
    ],
    ['stuck tables', `${end.stuck}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
  const running = [...servers];
  const publicAddresses = new Map(servers.map((s, i) => [s, o.chaos?.publicAddress(i) ?? '']));
  const recovered = o.chaos
    ? await runChaos(o.chaos.steps, { ...o.chaos, servers: running, publicAddresses, players: playersOf(generators) })
    : true;
  await Promise.all(generators.map((g) => g.ask({ type: 'leave' }, 'left')));
  await Promise.all(generators.map((g) => g.end()));
  // A process killed on purpose is no crash.
  const crashed = running.filter((s) => s.exited);
  for (const s of crashed) console.error(`a server process ended during the run:\n${s.log}`);
  const clean =
    failures.length === 0 && end.stats.disconnects === 0 && end.stats.errors === 0 && end.stuck === 0 && crashed.length === 0 && recovered;
  if (!clean)
    for (const s of servers.filter((s) => !s.exited && s.log)) console.error(`what the server on ${s.url} logged last:\n${s.log}`);
  if (!clean) process.exitCode = 1;
  return { fromUs, toUs };
}

/**
 * The servers' RSS and heap in use, averaged over a few seconds of play (a single reading is mostly where the GC
 * happens to be); then what is live after a full GC: the heap, and the memory outside it (buffers) that V8 accounts.
 */
async function steadyMemory(
  servers: readonly ServerProcess[],
  generators: readonly Generator[],
): Promise<{ rss: number; heap: number; liveHeap: number; external: number; sockets: number }> {
  const rss: number[] = [];
  const heap: number[] = [];
  for (let i = 0; i < 10; i++) {
    rss.push(sum(servers.map((s) => s.rssBytes())));
    heap.push(sum(await Promise.all(servers.map(async (s) => (await s.metrics()).get('flightchess_nodejs_heap_size_used_bytes') ?? 0))));
    await sleep(500);
  }
  const mean = (xs: number[]) => sum(xs) / xs.length;
  await Promise.all(servers.map((s) => s.collect()));
  const collected = await Promise.all(servers.map((s) => s.metrics()));
  const total = (name: string) => sum(collected.map((m) => m.get(`flightchess_nodejs_${name}`) ?? 0));
  return {
    rss: mean(rss),
    heap: mean(heap),
    liveHeap: total('heap_size_used_bytes'),
    external: total('external_memory_bytes'),
    sockets: (await sample(generators)).sockets,
  };
}

/** Each thread name's share of the server CPU used in the window. */
function threadShares(before: readonly Map<string, number>[], after: readonly Map<string, number>[], totalMs: number): string {
  const used = new Map<string, number>();
  after.forEach((threads, i) => {
    for (const [name, ms] of threads) used.set(name, (used.get(name) ?? 0) + ms - (before[i]!.get(name) ?? 0));
  });
  return [...used]
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${((ms / totalMs) * 100).toFixed(0)}%`)
    .join(', ');
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** p50 and p99 of a Prometheus histogram over a time window, as the upper bound of the bucket they fall in. */
function histogramQuantiles(
  before: readonly Map<string, number>[],
  after: readonly Map<string, number>[],
  name: string,
): { p50: number; p99: number } {
  const buckets = new Map<number, number>();
  after.forEach((metrics, i) => {
    for (const [key, value] of metrics) {
      const le = new RegExp(`^${name}_bucket\\{le="([^"]+)"\\}$`).exec(key)?.[1];
      if (le === undefined) continue;
      const bound = le === '+Inf' ? Infinity : Number(le);
      buckets.set(bound, (buckets.get(bound) ?? 0) + value - (before[i]!.get(key) ?? 0));
    }
  });
  const sorted = [...buckets].sort(([a], [b]) => a - b);
  const total = sorted.at(-1)?.[1] ?? 0;
  const at = (q: number) => sorted.find(([, n]) => n >= q * total)?.[0] ?? NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

const generatorTask = process.env[GENERATOR_TASK];
if (generatorTask === undefined) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
} else {
  void runGenerator(JSON.parse(generatorTask) as GeneratorTask);
}
