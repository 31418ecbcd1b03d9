/**
 * The tournament benchmark: `npm run bench:tournament -- --players 256 --rounds 3 [--duplicate] [--paced | --think MIN-MAX]`.
 *
 * Starts the bundled server (a fresh SQLite file), makes the guests, one Swiss of four-seat tables they all join,
 * and plays it to the end as its players would: each round, once the tournament's page lists the pairing, every
 * player joins their table (its seat held, the game already on) and plays; then the next round, until the last.
 * Prints each round's times (pairing → every table seated and playing → the round's end) and actions, the
 * server's CPU per action, peak RSS, latencies, errors and disconnects; checks what the finished tournament shows
 * (tournamentChecks.ts) and exits 1 when something is wrong.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { freePort } from '../test/support/ports';
import { type Window, monotonicUs, printProfiles } from './loadtest/profileSummary';
import { ServerPeaks } from './loadtest/serverPeaks';
import { SERVER_BUNDLE, ServerProcess } from './loadtest/serverProcess';
import { emptyStats, percentile } from './loadtest/stats';
import type { Pace } from './loadtest/tablePlayers';
import { createTournament, joinTournament, newGuests, tournamentView } from './loadtest/tournamentApi';
import { tournamentFaults } from './loadtest/tournamentChecks';
import { type RoundFigures, playRound, until } from './loadtest/tournamentRound';

const HELP = `npm run bench:tournament -- [options]
  --players N          guests in the Swiss (at most 256)                                   [256]
  --rounds R           rounds                                                              [3]
  --duplicate          duplicate dice: every table of a round plays the same board
  --paced              each player acts 1–3 s after its turn comes                         [at once]
  --think MIN-MAX      play at this pace instead (seconds, e.g. 12-14)
  --break S            the server's break between rounds (TOURNAMENT_BREAK_SECONDS)        [2]
  --lead S             the tournament starts this long after it is made (everyone joins)   [15]
  --round-timeout S    give up on a round (paired, or ended) after this long               [1800]
  --server-cpu CPU     pin the server to this CPU (taskset), or 'any'                      [any]
  --profile DIR        write the server's V8 CPU profile into DIR, and print where its time went from the start to the end`;

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '256' },
    rounds: { type: 'string', default: '3' },
    duplicate: { type: 'boolean', default: false },
    paced: { type: 'boolean', default: false },
    think: { type: 'string' },
    break: { type: 'string', default: '2' },
    lead: { type: 'string', default: '15' },
    'round-timeout': { type: 'string', default: '1800' },
    'server-cpu': { type: 'string', default: 'any' },
    profile: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const number = (name: string, text: string, min: number): number => {
  const n = Number(text);
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number ≥ ${min}, got '${text}'`);
  return n;
};

/** `--think MIN-MAX` seconds, or `--paced` (1–3 s), or at once: the load benchmark's paces. */
function paceOf(think: string | undefined, paced: boolean): Pace {
  if (think === undefined) return { thinkMs: paced ? [1000, 3000] : null };
  const [min, max] = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/
    .exec(think)
    ?.slice(1)
    .map((s) => Number(s) * 1000) ?? [NaN, NaN];
  if (!(min! <= max!)) throw new Error(`--think must be MIN-MAX seconds (e.g. 1-3), got '${think}'`);
  return { thinkMs: [min!, max!] };
}

/** Limits a public server keeps per address, raised out of the way: every player here comes from 127.0.0.1. */
const UNLIMITED = Object.fromEntries(
  [
    'HTTP_PER_MINUTE',
    'GUESTS_PER_MINUTE',
    'JOINS_PER_MINUTE',
    'SOCKETS_PER_ADDRESS',
    'CONNECTIONS_PER_ADDRESS',
    'MAX_TABLES',
    'MAX_CONNECTIONS',
  ].map((name) => [name, '10000000']),
);

const SEATS = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main(): Promise<void> {
  if (values.help) return void console.log(HELP);
  const players = number('players', values.players, 2);
  const rounds = number('rounds', values.rounds, 1);
  const pace = paceOf(values.think, values.paced);
  const timeoutMs = number('round-timeout', values['round-timeout'], 1) * 1000;
  const dataDir = mkdtempSync(join(tmpdir(), 'flightchess-tournament-'));
  const server = await ServerProcess.start({
    bundle: SERVER_BUNDLE,
    port: await freePort(),
    cpu: values['server-cpu'] === 'any' ? null : values['server-cpu'],
    nodeArgs: values.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values.profile)}`] : [],
    env: {
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      METRICS: 'on',
      TOURNAMENT_BREAK_SECONDS: String(number('break', values.break, 0)),
      ...UNLIMITED,
    },
  });
  const started = Date.now();
  const peaks = new ServerPeaks(server);
  let played: Window | undefined;
  try {
    await sleep(2000);
    played = await run(
      server,
      { players, rounds, pace, timeoutMs, lead: number('lead', values.lead, 1) * 1000, idleRss: server.rssBytes() },
      peaks,
    );
  } finally {
    peaks.stop();
    if (process.exitCode && server.log) console.error(`what the server logged last:\n${server.log}`);
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (values.profile && played) printProfiles(resolve(values.profile), started, played);
}

interface Run {
  readonly players: number;
  readonly rounds: number;
  readonly pace: Pace;
  readonly timeoutMs: number;
  readonly lead: number;
  readonly idleRss: number;
}

/** Play the tournament, print its figures and checks; returns the time from its start to its end (for the profile). */
async function run(server: ServerProcess, o: Run, peaks: ServerPeaks): Promise<Window> {
  const baseUrl = server.url;
  const made = Date.now();
  const guests = await newGuests(baseUrl, o.players);
  const credentials = new Map(guests.map((g) => [g.playerId, g]));
  const duplicate = values.duplicate;
  const created = await createTournament(baseUrl, guests[0]!, {
    format: 'swiss',
    seats: SEATS,
    rounds: o.rounds,
    duplicate,
    startsAt: Date.now() + o.lead,
    name: `Bench ${o.players}`,
  });
  const view = () => tournamentView(baseUrl, created.id);
  for (let first = 1; first < guests.length; first += 32)
    await Promise.all(guests.slice(first, first + 32).map((g) => joinTournament(baseUrl, created.id, g)));
  const joined = await view();
  console.error(
    `${o.players} guests made and ${joined.players} in the tournament in ${s(Date.now() - made)}; it starts in ${s(created.startsAt - Date.now())}`,
  );
  if (joined.players !== o.players) throw new Error(`${joined.players} players in the tournament, not ${o.players}`);

  const stats = emptyStats();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpu = () => server.cpuMs().user + server.cpuMs().system;
  const [cpuBefore, clientCpuBefore, actionsBefore] = [cpu(), process.cpuUsage(), await serverActions(server)];
  const fromUs = monotonicUs();
  const figures: RoundFigures[] = [];
  for (let n = 1; n <= o.rounds; n++) {
    const round = await playRound(n, { baseUrl, server, view, credentials, stats, pace: o.pace, timeoutMs: o.timeoutMs });
    figures.push(round);
    console.error(
      `round ${n}: ${round.tables} tables, ${round.actions} actions in ${s(round.endedAt - round.startedAt)}${round.failures.length ? `; ${round.failures.length} tables failed: ${round.failures.slice(0, 3).join('; ')}` : ''}`,
    );
  }
  const final = await until(view, (v) => (v.status === 'finished' ? v : undefined), 'the tournament to finish', o.timeoutMs);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const toUs = monotonicUs();
  const actions = (await serverActions(server)) - actionsBefore;
  const cpuMs = cpu() - cpuBefore;
  const wallMs = (final.roundList.at(-1)?.endedAt ?? Date.now()) - created.startsAt;
  const playMs = figures.reduce((t, r) => t + r.endedAt - r.startedAt, 0);

  console.log(
    `Swiss of ${o.players} players, ${o.rounds} rounds of ${SEATS}-seat tables${duplicate ? ', duplicate dice' : ''}; ${o.pace.thinkMs ? `${o.pace.thinkMs.map((ms) => ms / 1000).join('–')} s per decision` : 'players act at once'}`,
  );
  console.log(
    '\nround  tables  paired→seen  →all seated  →all playing  →last game over  →round ended  actions  actions/s  server CPU/action  join retries',
  );
  for (const r of figures) {
    const since = (t: number) => s(t - r.startedAt).padStart(12);
    console.log(
      `${String(r.number).padStart(5)}  ${String(r.tables).padStart(6)}  ${since(r.seenAt)} ${since(r.allSeatedAt)} ${since(r.allPlayingAt)}    ${since(r.lastOverAt)}  ${since(r.endedAt)}  ${String(r.actions).padStart(7)}  ${(r.actions / ((r.endedAt - r.seenAt) / 1000)).toFixed(1).padStart(9)}  ${`${(r.serverCpuMs / Math.max(1, r.actions)).toFixed(3)} ms`.padStart(17)}  ${String(r.joinRetries).padStart(12)}`,
    );
  }
  const latencies = [...stats.latencies].sort((a, b) => a - b);
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const rows: [string, string][] = [
    ['start → finished', `${s(wallMs)} (rounds ${s(playMs)}, breaks and pairing the rest)`],
    ['games played (seen by the players)', `${stats.games}`],
    ['actions (server)', `${actions}; ${(actions / (playMs / 1000)).toFixed(1)}/s over the rounds`],
    ['server CPU per action', `${(cpuMs / Math.max(1, actions)).toFixed(3)} ms (whole tournament: director, pages read, breaks included)`],
    ['server CPU over the tournament', `${((cpuMs / wallMs) * 100).toFixed(1)}% of one core`],
    ['server RSS idle → peak', `${mb(o.idleRss)} → ${mb(Math.max(peaks.rssBytes, server.rssBytes()))}`],
    ['server event-loop delay p99 (highest of its 5 s readings)', ms(peaks.loopDelayP99Ms)],
    ['roll→action latency (client) p50/p95/p99/max', [0.5, 0.95, 0.99, 1].map((p) => ms(percentile(latencies, p))).join(' / ')],
    ['bytes received per client per action', (stats.bytes / Math.max(1, stats.clientActions)).toFixed(0)],
    [
      'bench process CPU / event-loop delay p99',
      `${s((clientCpu.user + clientCpu.system) / 1000)} / ${ms(loopDelay.percentile(99) / 1e6)}`,
    ],
    ['disconnects', `${stats.disconnects}`],
    ['errors', `${stats.errors}`],
    ['server warnings and errors logged (last 20 KB)', logged(server.log)],
    [
      'refusals',
      Object.entries(stats.refusals)
        .map(([why, n]) => `${why}: ${n}`)
        .join(', ') || 'none',
    ],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log('');
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);

  const faults = [
    ...tournamentFaults(final, { players: o.players, rounds: o.rounds, seats: SEATS, duplicate }),
    ...figures.flatMap((r) => r.failures.map((f) => `round ${r.number}: ${f}`)),
    ...(stats.disconnects > 0 ? [`${stats.disconnects} disconnects`] : []),
    ...(stats.errors > 0 ? [`${stats.errors} errors`] : []),
  ];
  console.log(`\n${faults.length === 0 ? 'checks: all passed' : `checks FAILED:\n  ${faults.join('\n  ')}`}`);
  if (faults.length > 0) process.exitCode = 1;
  return { fromUs, toUs };
}

/** What the server logged (at warn and above: LOG_LEVEL), counted by message. */
function logged(log: string): string {
  const byMessage = new Map<string, number>();
  for (const line of log.split('\n').filter((l) => l.trim() !== '')) {
    const message = (() => {
      try {
        return String((JSON.parse(line) as { msg?: unknown }).msg);
      } catch {
        return line.slice(0, 120);
      }
    })();
    byMessage.set(message, (byMessage.get(message) ?? 0) + 1);
  }
  return [...byMessage].map(([message, n]) => `${n}× ${message}`).join('; ') || 'none';
}

const serverActions = async (server: ServerProcess) => (await server.metrics()).get('flightchess_actions_total') ?? 0;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
