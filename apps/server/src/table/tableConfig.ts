/** What a table is told (part of ServerConfig): its game's pace, how long a seat is held, what it takes. */
export interface TableConfig {
  /** Default turn time; a table may choose another within [minTurnSeconds, maxTurnSeconds]. */
  readonly turnSeconds: number;
  readonly minTurnSeconds: number;
  readonly maxTurnSeconds: number;
  /** How long a dropped seat is held before it counts as a resignation (RULES.md §7). */
  readonly reconnectSeconds: number;
  /** The visible pause before a bot or auto-play (托管) rolls. */
  readonly botRollDelayMs: number;
  /** The visible pause between a roll and an automatic move (bot, auto-play or a forced move, §9.10). */
  readonly autoMoveDelayMs: number;
  /** A public table starts this long after its first player sat down, the free seats taken by bots (at most 3 s more once people take every seat). */
  readonly quickStartSeconds: number;
  /**
   * A table quick play opened for a person whom nobody else waited with starts its first game this long
   * after they sat down (QUICK_START_SECONDS if that is shorter): on a quiet server nobody waits out a
   * countdown for people who are not coming, and whoever presses meanwhile still joins.
   */
  readonly quickAloneSeconds: number;
  /**
   * Those pauses start once the board has shown the last action (the protocol's shownMs), and so does a
   * person's turn time: off in tests that play at once.
   */
  readonly moveAnimation: boolean;
  /** Per-client message budget (token bucket); more is refused with ERR_RATE_LIMITED. */
  readonly maxMessagesPerSecond: number;
  /**
   * End-to-end tests only: every game's dice from this seed (64 hex digits) and its first seat the first in
   * seat order, so that a test knows what will happen. Never in production: anyone could foretell the dice.
   */
  readonly testDiceSeed: string | undefined;
  /** Watchers one table takes at most (each is a connection too: MAX_CONNECTIONS, SOCKETS_PER_ADDRESS). */
  readonly watchersPerTable: number;
}
