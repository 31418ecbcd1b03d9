/** Figures a load generator thread counts, summed over threads. */
export interface LoadStats {
  /** Engine actions (counted once per table). */
  actions: number;
  /** Rolls sent and answered: ms from sending to the action coming back. */
  latencies: number[];
  /** Bytes every client received, and the actions every client received (for bytes per client per action). */
  bytes: number;
  clientActions: number;
  disconnects: number;
  errors: number;
  /** Refusals the server sent, by request and code (a refused roll or move is a lost race with a timer, or a bug). */
  refusals: Record<string, number>;
  games: number;
  /** Sockets that closed without being asked, the ms each took to be back in its seat, and those never back. */
  dropped: number;
  backMs: number[];
  notBack: number;
  /** Sockets that dropped while their table was between games (nothing stored to restore): not asked back. */
  leftBetweenGames: number;
}

export const emptyStats = (): LoadStats => ({
  actions: 0,
  latencies: [],
  bytes: 0,
  clientActions: 0,
  disconnects: 0,
  errors: 0,
  refusals: {},
  games: 0,
  dropped: 0,
  backMs: [],
  notBack: 0,
  leftBetweenGames: 0,
});

export function addStats(into: LoadStats, more: LoadStats): void {
  into.actions += more.actions;
  for (const l of more.latencies) into.latencies.push(l);
  into.bytes += more.bytes;
  into.clientActions += more.clientActions;
  into.disconnects += more.disconnects;
  into.errors += more.errors;
  for (const [why, n] of Object.entries(more.refusals)) into.refusals[why] = (into.refusals[why] ?? 0) + n;
  into.games += more.games;
  into.dropped += more.dropped;
  for (const ms of more.backMs) into.backMs.push(ms);
  into.notBack += more.notBack;
  into.leftBetweenGames += more.leftBetweenGames;
}

/** The value below which `p` of the samples fall (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
