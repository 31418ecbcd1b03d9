/** What the drain needs of a table (TableRoom). */
export interface DrainableTable {
  /** 'waiting' | 'playing' | 'over'. */
  readonly status: string;
  /** A game is being played, or its result is still being stored. */
  readonly gameInProgress: boolean;
  /** The match this table plays now, if any. */
  readonly matchId: string | null;
  /** The drain has begun: a table whose game has not started closes (there is nothing to lose). */
  onDrain(): void;
  /** Its listing and join code written again (Redis came back without them). */
  relist(): Promise<void>;
  /** The same when its listing is missing (true then): Colyseus' cleanup of a dead process's listings can race a restore. */
  relistIfMissing(): Promise<boolean>;
}

export type DrainOutcome = { readonly finished: true } | { readonly finished: false; readonly unfinished: number };

/**
 * Graceful shutdown of one process (SIGTERM): it takes no new table, closes the tables whose game has
 * not started, and waits until every game in progress has ended and been recorded, or `graceMs` passed.
 */
export class Drain {
  private readonly all = new Set<DrainableTable>();
  private started = false;
  private running: Promise<DrainOutcome> | null = null;
  private recheck: (() => void) | null = null;

  get draining(): boolean {
    return this.started;
  }

  /** The tables of this process. */
  tables(): Iterable<DrainableTable> {
    return this.all.values();
  }

  add(table: DrainableTable): void {
    this.all.add(table);
  }

  remove(table: DrainableTable): void {
    this.all.delete(table);
    this.changed();
  }

  /** A table's game ended, or its result was stored. */
  changed(): void {
    this.recheck?.();
  }

  run(graceMs: number): Promise<DrainOutcome> {
    if (!this.running) {
      this.started = true; // before the tables hear of it: a table created from now on is refused
      this.running = this.wait(graceMs);
    }
    return this.running;
  }

  private async wait(graceMs: number): Promise<DrainOutcome> {
    for (const table of [...this.all]) table.onDrain();
    const unfinished = () => [...this.all].filter((t) => t.gameInProgress).length;
    if (unfinished() === 0) return { finished: true };
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.recheck = null;
        resolve({ finished: false, unfinished: unfinished() });
      }, graceMs);
      this.recheck = () => {
        if (unfinished() > 0) return;
        clearTimeout(timer);
        this.recheck = null;
        resolve({ finished: true });
      };
    });
  }
}
