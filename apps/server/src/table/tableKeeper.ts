import { matchMaker } from '@colyseus/core';
import type { Logger } from 'pino';
import { TABLE_ROOM } from './lobbyTables';
import { Match, type MatchDeps } from '../matches/Match';
import { metrics } from '../core/metrics';
import type { RestoreHandoff } from './tableDeps';

export interface KeeperOptions {
  /** One process on its own data: on start it takes every unfinished game, whatever lease the last process left. */
  readonly alone: boolean;
  /**
   * A match a table of this process is playing: never restored here, whatever its lease says. A process
   * so loaded that its renewals came late would otherwise take its own live table from itself (whose
   * next write then fails, and its players are sent to reconnect).
   */
  readonly playingHere: (matchId: string) => boolean;
}

export type RestoreOutcome = 'restored' | 'recorded' | 'aborted' | 'taken' | 'failed';

/**
 * Keeps this process's games and restores the games of processes that stopped (docs/decisions/001-store-before-show.md).
 *
 * - Leases: every match this process holds is leased to it in the database; the lease is renewed
 *   every third of its length. A process that dies stops renewing.
 * - Restore: on start, and then every third of a lease, the unfinished matches whose lease ran out
 *   are claimed (one statement: one owner at a time) and rebuilt by replaying their logs; each becomes
 *   a table again with its own id and code, on this process. A match this engine cannot replay is
 *   aborted with its reason (never `playing` forever); one that ended but was not yet recorded is
 *   recorded.
 */
export class TableKeeper implements RestoreHandoff {
  private readonly handoff = new Map<string, Match>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly matches: MatchDeps,
    private readonly logger: Logger,
    private readonly options: KeeperOptions,
  ) {}

  /** The rebuilt match of a table being restored, for the room that holds it (once). */
  take(tableId: string): Match | undefined {
    const match = this.handoff.get(tableId);
    this.handoff.delete(tableId);
    return match;
  }

  /** Restore what can be restored now, then keep the leases and look again every third of a lease. */
  async start(): Promise<void> {
    await this.restoreUnfinished(this.options.alone);
    const every = Math.max(50, Math.floor(this.matches.leaseMs / 3));
    this.timer = setInterval(() => {
      this.ticking = this.tick();
    }, every);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  private async tick(): Promise<void> {
    const { storage, owner, leaseMs } = this.matches;
    try {
      await storage.renewLeases(owner, Date.now() + leaseMs);
      await this.restoreUnfinished(false);
    } catch (err) {
      metrics.storageErrors.inc({ where: 'lease' });
      this.logger.error({ event: 'lease-failed', err }, 'could not renew leases or look for tables to restore');
    }
  }

  /** Claim and restore every unfinished match whose lease ran out (every one of them with `all`). */
  async restoreUnfinished(all: boolean): Promise<RestoreOutcome[]> {
    const ids = (await this.matches.storage.unfinishedMatches(Date.now(), all)).filter((id) => !this.options.playingHere(id));
    const outcomes: RestoreOutcome[] = [];
    for (const id of ids) outcomes.push(await this.restoreOne(id, all));
    for (const outcome of outcomes) metrics.restores.inc({ outcome });
    return outcomes;
  }

  private async restoreOne(matchId: string, force: boolean): Promise<RestoreOutcome> {
    const { storage, owner, leaseMs } = this.matches;
    const now = Date.now();
    const log = this.logger.child({ matchId });
    try {
      const stored = await storage.claimMatch(matchId, { owner, now, until: now + leaseMs, force });
      if (!stored) return 'taken';
      const rebuilt = Match.restore(stored, this.matches);
      if (!rebuilt.ok) {
        await storage.abortMatch(matchId, rebuilt.reason, now);
        log.warn({ event: 'match-aborted', tableId: stored.tableId, reason: rebuilt.reason }, 'stored game cannot be restored: aborted');
        return 'aborted';
      }
      const match = rebuilt.match;
      if (match.state.result) {
        // The game ended just before its process stopped: only its result was still to be stored.
        await match.record();
        log.info({ event: 'match-recorded', tableId: stored.tableId, restored: true }, 'match recorded on restore');
        return 'recorded';
      }
      this.handoff.set(stored.tableId, match);
      try {
        await matchMaker.handleCreateRoom(TABLE_ROOM, { restore: stored.tableId });
      } finally {
        this.handoff.delete(stored.tableId);
      }
      return 'restored';
    } catch (err) {
      log.error({ event: 'restore-failed', err }, 'could not restore a stored table');
      // Let any process (this one included, next time round) try again.
      await storage.releaseLease(matchId, owner).catch(() => undefined);
      return 'failed';
    }
  }
}
