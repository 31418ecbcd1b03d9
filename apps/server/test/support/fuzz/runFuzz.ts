import { createRng } from '@flightchess/rules';
import type { ServerConfig } from '../../../src/config';
import { newGuest } from '../players';
import { type TestServer, startTestServer } from '../server';
import { FuzzClient, FuzzTable, type Rooms } from './fuzzClient';
import { Ledger } from './ledger';
import { PROTOTYPE_NAMES } from './randomValues';
import { liveTable } from '../liveTable';
import { type GamesSummary, Referee, type TableInternals } from './referee';
import { CATEGORIES, type Category } from './shots';

export interface FuzzOptions {
  /** Messages to send in all (raw undecodable frames included). */
  readonly messages: number;
  readonly seed: string;
  /** Tables played at the same time (their kinds cycle through TABLE_KINDS). */
  readonly tables: number;
  /** Messages one connection may have sent and not yet had answered. */
  readonly inFlight?: number;
  /** Called every `every` messages (the script's progress line). */
  readonly progress?: { readonly every: number; report(sent: number): void };
}

export interface FuzzReport {
  readonly messages: number;
  readonly accepted: number;
  readonly rejected: number;
  /** Refused before the table's queue by the flood limit (none unless the limit is lowered). */
  readonly rateLimited: number;
  /** Raw undecodable frames: each closes its connection (4400), and the player comes back. */
  readonly badFrames: number;
  /** Messages sent that the server never read: dropped with a connection it closed unasked (must be 0). */
  readonly lost: number;
  /** Uncaught exceptions and unhandled rejections in the process, and `uncaught` errors logged by a table. */
  readonly crashes: number;
  readonly crashExamples: readonly string[];
  /** Other errors the server logged (a server action refused, a storage failure…). */
  readonly serverErrors: readonly string[];
  readonly violations: number;
  readonly violationExamples: readonly string[];
  /** What went wrong in the harness itself (a player that could not get back to its table…). */
  readonly harnessErrors: readonly string[];
  /** Connections the server closed without an undecodable frame asking for it. */
  readonly unexpectedCloses: readonly string[];
  readonly byCategory: Readonly<Record<Category, number>>;
  readonly acceptedByType: Readonly<Record<string, number>>;
  readonly rejectedByCode: Readonly<Record<string, number>>;
  readonly prototypeNamesSent: number;
  readonly closes: Readonly<Record<number, number>>;
  readonly reconnects: number;
  readonly rejoins: number;
  /** Players still away from their table when the run ended (closed by a bad frame, no seat for them yet). */
  readonly away: number;
  readonly rooms: number;
  readonly games: GamesSummary;
  readonly elapsedMs: number;
  /** The server stopped after the run, every table stored and closed ('hung': it did not within SHUTDOWN_MS). */
  readonly shutdown: 'clean' | 'hung';
}

/** The server under fuzz: no flood limit (every message reaches a table), seats held long enough to come back. */
const FUZZ_CONFIG: Partial<ServerConfig> = {
  logLevel: 'error',
  maxMessagesPerSecond: 1_000_000,
  reconnectSeconds: 120,
  // The run is not about dead links: its clients share the server's event loop, and on a loaded machine a
  // backlog of thousands of messages can hold their pongs past two 3 s pings, which cut a live connection.
  heartbeatSeconds: 60,
};

/** Kinds of table, cycled through: sizes 2–4, several presets, teams, bots, and short turn timers (auto-play). */
const TABLE_KINDS: readonly { readonly options: Record<string, unknown>; readonly players: number }[] = [
  { options: { preset: 'online', size: 2 }, players: 2 },
  { options: { preset: 'wango-quick', size: 4 }, players: 3 },
  { options: { preset: 'online', size: 4, teams: true, turnSeconds: 1 }, players: 2 },
  { options: { preset: 'plyyard', size: 2 }, players: 2 },
  { options: { preset: 'improved', size: 3, turnSeconds: 2 }, players: 3 },
  { options: { preset: 'appfree', size: 4 }, players: 4 },
  { options: { preset: 'traditional', size: 4 }, players: 2 },
  { options: { preset: 'wango-classic', size: 2, turnSeconds: 0.5 }, players: 2 },
];

/** The live table of that id in this process, if it is open. */
const liveTableHere = (roomId: string) => liveTable(roomId) as unknown as (TableInternals & { state: LiveFacts }) | undefined;

interface LiveFacts {
  readonly seats: { values(): Iterable<{ playerId: string }>; readonly size: number };
  readonly size: number;
  readonly status: string;
}

/** How long the server may take to stop after the run (it stores and closes every table). */
const SHUTDOWN_MS = 20_000;

async function closeWithin(t: TestServer, ms: number): Promise<'clean' | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), ms)));
  try {
    return await Promise.race([t.close().then(() => 'clean' as const), hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long the server may take to answer a connection's messages before the run counts them lost. */
const ANSWER_MS = 30_000;

/**
 * Seeded fuzz of a real in-process server through real websockets: `tables` tables, 2–4 players each,
 * sending `messages` messages between them (the right move about half the time, anything else the
 * rest), pipelined up to `inFlight` a connection. The random choices are seeded; the interleaving
 * with the server's timers is not, so a failure reproduces in kind rather than message for message.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const crashes: string[] = [];
  const crashed = (error: unknown) => crashes.push(`process: ${String((error as Error)?.stack ?? error)}`);
  process.on('uncaughtException', crashed);
  process.on('unhandledRejection', crashed);
  const t = await startTestServer(FUZZ_CONFIG);
  let shutdown: FuzzReport['shutdown'] | undefined;
  try {
    const run = await fuzz(t, options);
    shutdown = await closeWithin(t, SHUTDOWN_MS);
    // Read after the shutdown, so that what the tables logged while stopping counts too.
    const uncaught = t.logs.events('uncaught').map((l) => `table ${String(l.tableId)} (${String(l.where)}): ${JSON.stringify(l.err)}`);
    return {
      ...run,
      crashes: crashes.length + uncaught.length,
      crashExamples: [...crashes, ...uncaught].slice(0, 20),
      // One process owns every match here: a table "lost" to another is a fault too (it closes every connection).
      serverErrors: t.logs.lines
        .filter((l) => ((l.level as number) >= 50 || l.event === 'table-lost') && l.event !== 'uncaught')
        .map((l) => JSON.stringify(l))
        .slice(0, 20),
      shutdown,
    };
  } finally {
    if (!shutdown) await closeWithin(t, SHUTDOWN_MS);
    process.off('uncaughtException', crashed);
    process.off('unhandledRejection', crashed);
  }
}

type RunFigures = Omit<FuzzReport, 'crashes' | 'crashExamples' | 'serverErrors' | 'shutdown'>;

async function fuzz(t: TestServer, options: FuzzOptions): Promise<RunFigures> {
  const inFlight = options.inFlight ?? 3;
  const ledger = new Ledger();
  const referee = new Referee(ledger);
  referee.recordWrites(t.storage);
  let roomsOpened = 0;
  const rooms: Rooms = {
    opened: (roomId) => {
      roomsOpened++;
      referee.watch(liveTableHere(roomId)!);
    },
    isOpen: (roomId) => liveTableHere(roomId) !== undefined,
    hasSeatFor: (roomId, playerId) => {
      const state = liveTableHere(roomId)?.state;
      if (!state) return false;
      for (const seat of state.seats.values()) if (seat.playerId === playerId) return true;
      return state.status === 'waiting' && state.seats.size < state.size;
    },
  };
  const players = await seatPlayers(t, options, rooms, ledger);

  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  const prototypeNames = new Set<string>();
  let sent = 0;
  const runOver = () => sent >= options.messages;
  const drive = async (player: FuzzClient) => {
    while (!runOver()) {
      // Closed by the server unasked (see unexpectedCloses), or not back in after a bad frame yet.
      if (!player.connected && !(await player.comeBack(runOver))) break;
      sent++;
      if (options.progress && sent % options.progress.every === 0) options.progress.report(sent);
      await player.session.drained(inFlight - 1, ANSWER_MS);
      const shot = player.next();
      byCategory[shot.category]++;
      if (shot.category === 'prototype-name') prototypeNames.add(String((shot as { type: string }).type));
      if (shot.kind !== 'bad-frame') {
        player.fire(shot);
        continue;
      }
      // Nothing of this connection may be in flight when the server closes it.
      await player.session.drained(0, ANSWER_MS);
      player.fire(shot);
      await player.closeCode();
      await player.comeBack(runOver);
    }
    await player.session.drained(0, ANSWER_MS);
  };
  const started = Date.now();
  const outcomes = await Promise.allSettled(players.map(drive));
  const elapsedMs = Date.now() - started;
  const games = await referee.finish(t.storage);

  const closes: Record<number, number> = {};
  for (const p of players) for (const [code, n] of Object.entries(p.stats.closes)) closes[Number(code)] = (closes[Number(code)] ?? 0) + n;
  const total = (f: (p: FuzzClient) => number) => players.reduce((sum, p) => sum + f(p), 0);
  const { tally } = referee;
  return {
    messages: sent,
    accepted: tally.accepted,
    rejected: tally.rejected,
    rateLimited: tally.rateLimited,
    badFrames: byCategory['bad-frame'],
    lost: ledger.lost(),
    violations: referee.violations,
    violationExamples: referee.examples,
    harnessErrors: outcomes.flatMap((o) => (o.status === 'rejected' ? [String((o.reason as Error)?.message ?? o.reason)] : [])),
    unexpectedCloses: players.flatMap((p) => p.stats.unexpectedCloses).slice(0, 20),
    byCategory,
    acceptedByType: tally.acceptedByType,
    rejectedByCode: tally.rejectedByCode,
    prototypeNamesSent: [...prototypeNames].filter((n) => PROTOTYPE_NAMES.includes(n)).length,
    closes,
    reconnects: total((p) => p.stats.reconnects),
    rejoins: total((p) => p.stats.rejoins + p.stats.tablesReopened),
    away: total((p) => (p.connected ? 0 : 1)),
    rooms: roomsOpened,
    games,
    elapsedMs,
  };
}

/** Every table's players, each on its own connection: the first opens the table, the others join it. */
async function seatPlayers(t: TestServer, options: FuzzOptions, rooms: Rooms, ledger: Ledger): Promise<FuzzClient[]> {
  const players: FuzzClient[] = [];
  for (let i = 0; i < options.tables; i++) {
    const kind = TABLE_KINDS[i % TABLE_KINDS.length]!;
    const table = new FuzzTable(t.colyseus.sdk, kind.options, rooms);
    for (let p = 0; p < kind.players; p++) {
      const player = new FuzzClient(table, await newGuest(t, `T${i}P${p}`), createRng(`${options.seed}:${i}:${p}`), ledger);
      if (p === 0) await table.open(player);
      else await player.join();
      players.push(player);
    }
  }
  return players;
}
