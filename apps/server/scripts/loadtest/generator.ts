import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type LoadStats, emptyStats } from './stats';
import { LoadTable, type Pace } from './tablePlayers';

/** What one generator process is asked to do (its environment's GENERATOR_TASK, as JSON). */
export interface GeneratorTask {
  /** The servers' addresses: table i is created on baseUrls[i % n]. */
  readonly baseUrls: readonly string[];
  /** The tables this process may open: indexes first…first+count-1. */
  readonly first: number;
  readonly count: number;
  readonly pace: Pace;
  /** Tables opened per second by this process. */
  readonly openPerSecond: number;
  /** Watchers joining each table. */
  readonly watchers: number;
  /** Remember every action shown, to compare with what was stored (`shown`). */
  readonly keepActions: boolean;
}

/**
 * Loadtest → generator: `open` is answered by `opened`, `reset` and `report` by a report (`reset` then starts counting
 * afresh; the latencies only when asked, as they grow by a few hundred thousand in ten minutes), `shown` and `cut` (one
 * player's link cut at every `every`-th table playing) by theirs, `leave` by `left`.
 */
export type GeneratorCommand =
  | { type: 'open'; count: number }
  | { type: 'reset' }
  | { type: 'report'; latencies: boolean }
  | { type: 'shown' }
  | { type: 'cut'; every: number }
  | { type: 'listed'; sample: number; dropped: boolean }
  | { type: 'leave' };

/** Generator → loadtest. */
export type GeneratorEvent =
  | { type: 'opened'; tables: number; failures: string[] }
  /** `loopDelayMs`: how late this process's event loop ran, p99 and max (a late generator adds to the latencies it measures). */
  | {
      type: 'report';
      stats: LoadStats;
      stuck: number;
      /** Tables playing with no action for QUIET_MS (a table held up a while, not yet stuck), and what the first wait for. */
      quiet: number;
      quietTables: string[];
      sockets: number;
      loopDelayMs: { p99: number; max: number };
    }
  /** The actions shown at every table (with `keepActions`), by match and version, as JSON. */
  | { type: 'shown'; matches: { matchId: string; actions: string[] }[] }
  | { type: 'cut'; cut: number }
  /** Of `of` tables sampled (playing; those a player dropped from, if asked), how many the lobby lists to their host. */
  | { type: 'listed'; listed: number; of: number }
  | { type: 'left' };

/** A table playing with no action this long is held up (paced players act every few seconds). */
const QUIET_MS = 10_000;

/** The variable that carries a generator's task, and tells the loadtest's bundle it runs as one. */
export const GENERATOR_TASK = 'GENERATOR_TASK';

/**
 * A generator process: opens its tables at the asked rate when told, plays them until told to leave, then exits. Processes, not
 * threads: a process may hold only so many sockets (20,000 here, `ulimit -n`), and a table's four are the server's four.
 */
export async function runGenerator(task: GeneratorTask): Promise<void> {
  const tell = (event: GeneratorEvent) => process.send!(event);
  let stats = emptyStats();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const tables: LoadTable[] = [];
  const failures: string[] = [];
  let next = 0;

  const open = async (count: number): Promise<void> => {
    const opening: Promise<void>[] = [];
    for (const end = Math.min(task.count, next + count); next < end; next++) {
      const index = task.first + next;
      const baseUrl = task.baseUrls[index % task.baseUrls.length]!;
      opening.push(
        LoadTable.open(baseUrl, index, () => stats, task.pace, task.watchers, task.keepActions)
          .then((table) => void tables.push(table))
          .catch((error: unknown) => void failures.push(`table ${index}: ${error instanceof Error ? error.message : String(error)}`)),
      );
      await new Promise((r) => setTimeout(r, 1000 / task.openPerSecond));
    }
    await Promise.all(opening);
    tell({ type: 'opened', tables: tables.length, failures });
  };

  process.on('message', async (command: GeneratorCommand) => {
    if (command.type === 'open') {
      await open(command.count);
    } else if (command.type === 'report' || command.type === 'reset') {
      const now = Date.now();
      const sockets = tables.reduce((n, t) => n + t.openSockets(), 0);
      const told = command.type === 'report' && command.latencies ? stats : { ...stats, latencies: [] };
      const loopDelayMs = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
      const stuck = tables.filter((t) => t.stuck(now)).length;
      const quiet = tables.filter((t) => t.quiet(now, QUIET_MS));
      const quietTables = quiet.slice(0, 3).map((t) => t.describe());
      tell({ type: 'report', stats: told, stuck, quiet: quiet.length, quietTables, sockets, loopDelayMs });
      if (command.type === 'reset') {
        stats = emptyStats();
        loopDelay.reset();
        for (const table of tables) table.dropped = false;
      }
    } else if (command.type === 'cut') {
      tell({ type: 'cut', cut: tables.filter((_, i) => i % command.every === 0 && tables[i]!.cutOne()).length });
    } else if (command.type === 'listed') {
      const sample = tables.filter((t) => t.playing() && (!command.dropped || t.dropped)).slice(0, command.sample);
      const listed = await Promise.all(sample.map((t) => t.listed()));
      tell({ type: 'listed', listed: listed.filter(Boolean).length, of: sample.length });
    } else if (command.type === 'shown') {
      tell({ type: 'shown', matches: tables.flatMap((t) => t.shownActions()) });
    } else {
      await Promise.all(tables.map((t) => t.leave()));
      // Exits once told (a CPU profile is written as the process exits, not when it is killed).
      process.send!({ type: 'left' } satisfies GeneratorEvent, () => process.exit(0));
    }
  });
}
