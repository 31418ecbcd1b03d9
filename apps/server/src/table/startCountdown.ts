import type { TableState } from './schema';
import type { Timers } from './timers';

/** However long a public table counts down, it starts at most this long after the last of its seats was taken by a person. */
export const FULL_START_SECONDS = 3;

/** What the countdown needs of its table. */
export interface CountdownHost {
  readonly state: Pick<TableState, 'startsAt'>;
  readonly timers: Timers;
  /** How long the countdown runs when it begins (QUICK_START_SECONDS, or QUICK_ALONE_SECONDS at quick play's lone table). */
  seconds(): number;
  /** The time is up (called outside the table's queue, as timers are). */
  due(): void;
}

/**
 * The countdown of a public table: it starts with its first player, so that nobody waits for a ready
 * step, and runs on while players come and go (a newcomer does not put off the game of those already
 * there); once people take every seat it runs at most FULL_START_SECONDS more (bots do not hurry it: the
 * host may still want to seat a friend in their place). Shown as `startsAt`.
 */
export class StartCountdown {
  /** When the running countdown began (epoch ms; 0: none): quick play's rating window widens from then. */
  since = 0;

  constructor(private readonly host: CountdownHost) {}

  /** The seats changed: `people` sit at the table now, and `full` says whether they take every seat. */
  follow(people: number, full: boolean): void {
    if (people === 0) return this.stop();
    const { state } = this.host;
    const now = Date.now();
    if (!state.startsAt) this.since = now;
    const begun = state.startsAt || now + this.host.seconds() * 1000;
    const at = full ? Math.min(begun, now + FULL_START_SECONDS * 1000) : begun;
    if (at === state.startsAt) return;
    state.startsAt = at;
    this.host.timers.set('start', at - now, () => this.host.due());
  }

  /** The game starts (or nobody is left): no countdown. */
  stop(): void {
    this.host.timers.clear('start');
    this.host.state.startsAt = 0;
    this.since = 0;
  }
}
