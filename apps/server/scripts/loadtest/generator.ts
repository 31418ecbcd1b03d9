import { parentPort, workerData } from 'node:worker_threads';
import { type LoadStats, emptyStats } from './stats';
import { LoadTable, type Pace } from './tablePlayers';

/** What one generator thread is asked to do. */
export interface GeneratorTask {
  /** The servers' addresses: table i is created on baseUrls[i % n]. */
  readonly baseUrls: readonly string[];
  /** The tables this thread may open: indexes first…first+count-1. */
  readonly first: number;
  readonly count: number;
  readonly pace: Pace;
  /** Tables opened per second by this thread. */
  readonly openPerSecond: number;
  /** Watchers joining each table. */
  readonly watchers: number;
}

/** Main thread → generator: `open` is answered by `opened`, `reset` and `report` by a report (`reset` then starts counting afresh), `leave` by `left`. */
export type GeneratorCommand = { type: 'open'; count: number } | { type: 'reset' } | { type: 'report' } | { type: 'leave' };

/** Generator → main thread. */
export type GeneratorEvent =
  | { type: 'opened'; tables: number; failures: string[] }
  | { type: 'report'; stats: LoadStats; stuck: number; sockets: number }
  | { type: 'left' };

/** A generator thread: opens its tables at the asked rate when told, plays them until told to leave. */
export async function runGenerator(): Promise<void> {
  const task = workerData as GeneratorTask;
  const port = parentPort!;
  let stats = emptyStats();
  const tables: LoadTable[] = [];
  const failures: string[] = [];
  let next = 0;

  const open = async (count: number): Promise<void> => {
    const opening: Promise<void>[] = [];
    for (const end = Math.min(task.count, next + count); next < end; next++) {
      const index = task.first + next;
      const baseUrl = task.baseUrls[index % task.baseUrls.length]!;
      opening.push(
        LoadTable.open(baseUrl, index, () => stats, task.pace, task.watchers)
          .then((table) => void tables.push(table))
          .catch((error: unknown) => void failures.push(`table ${index}: ${error instanceof Error ? error.message : String(error)}`)),
      );
      await new Promise((r) => setTimeout(r, 1000 / task.openPerSecond));
    }
    await Promise.all(opening);
    port.postMessage({ type: 'opened', tables: tables.length, failures } satisfies GeneratorEvent);
  };

  port.on('message', async (command: GeneratorCommand) => {
    if (command.type === 'open') {
      await open(command.count);
    } else if (command.type === 'report' || command.type === 'reset') {
      const now = Date.now();
      const sockets = tables.reduce((n, t) => n + t.openSockets(), 0);
      port.postMessage({ type: 'report', stats, stuck: tables.filter((t) => t.stuck(now)).length, sockets } satisfies GeneratorEvent);
      if (command.type === 'reset') stats = emptyStats();
    } else {
      await Promise.all(tables.map((t) => t.leave()));
      port.postMessage({ type: 'left' } satisfies GeneratorEvent);
    }
  });
}
