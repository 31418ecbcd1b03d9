import type { ServerProcess } from './serverProcess';

/**
 * The server's highs over a run that has quiet spells (a tournament's breaks, its end): a reading at the end
 * would miss them. RSS every 500 ms; the event-loop delay's p99 over /metrics' own window, every 5 s.
 */
export class ServerPeaks {
  rssBytes = 0;
  loopDelayP99Ms = 0;
  private readonly timers: NodeJS.Timeout[];

  constructor(private readonly server: ServerProcess) {
    this.timers = [
      setInterval(() => (this.rssBytes = Math.max(this.rssBytes, server.rssBytes())), 500),
      setInterval(() => void this.readLoopDelay(), 5000),
    ];
  }

  private async readLoopDelay(): Promise<void> {
    const p99 = (await this.server.metrics().catch(() => null))?.get('flightchess_nodejs_eventloop_lag_p99_seconds');
    if (p99 !== undefined) this.loopDelayP99Ms = Math.max(this.loopDelayP99Ms, p99 * 1000);
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}
