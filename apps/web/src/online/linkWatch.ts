import type { Scheduler } from '../util/ports';

/** Heard nothing from the server this long: ask whether the link is alive (a `ping`). */
export const QUIET_MS = 2000;
/** A ping unanswered this long, at two checks in a row: the link is dead. With QUIET_MS and the checks, a silent link is found within 8 s. */
export const SILENT_MS = 4500;
/** How often the watch looks. */
const CHECK_MS = 500;

/**
 * The page's own heartbeat on one connection. A browser neither shows a websocket's pings nor notices a
 * link that died without a word (a phone in a tunnel, a router that dropped it), so the connection is
 * judged by what it hears: quiet for QUIET_MS, the watch sends a ping; that ping unanswered (nothing at
 * all heard since) for SILENT_MS at two checks in a row, the link is dead. Only an unanswered ping counts: a
 * tab whose timers the browser slowed down is never judged by the time its own checks came late. And a page
 * starved of CPU runs its overdue check before the answer waiting in its queue: the second check, a task
 * later, comes after that answer was taken in.
 */
export class LinkWatch {
  private heardAt: number;
  /** When the ping now unanswered was sent; null when none is. */
  private askedAt: number | null = null;
  /** The last check found the ping overdue: the next one judges, unless something is heard in between. */
  private overdue = false;
  private cancel: (() => void) | null = null;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly now: () => number,
    private readonly ping: () => void,
    private readonly dead: () => void,
  ) {
    this.heardAt = now();
    this.next();
  }

  /** When the server was last heard from: the last sign the link was alive. */
  get lastHeard(): number {
    return this.heardAt;
  }

  /** Something came from the server: the link is alive. */
  heard(): void {
    this.heardAt = this.now();
    this.askedAt = null;
    this.overdue = false;
  }

  /** Look now (the page became visible again, or the device says it is back online). */
  check(): void {
    if (!this.cancel) return; // stopped
    const now = this.now();
    if (this.askedAt !== null && now - this.askedAt >= SILENT_MS) {
      if (!this.overdue) {
        this.overdue = true;
        return;
      }
      this.stop();
      this.dead();
      return;
    }
    if (this.askedAt === null && now - this.heardAt >= QUIET_MS) {
      this.askedAt = now;
      this.ping();
    }
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
  }

  private next(): void {
    this.cancel = this.scheduler.after(CHECK_MS, () => {
      this.next();
      this.check();
    });
  }
}
