import { matchMaker } from '@colyseus/core';
import type { Logger } from 'pino';
import { TABLE_ROOM } from './lobbyTables';
import { Match, type MatchDeps } from '../matches/Match';
import { metrics } from '../core/metrics';
import type { RestoreScope } from '../matches/MatchStorage';
import type { RestoreHandoff } from './tableDeps';

const shuttingDown = () => matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN;

/** A process silent this long, holding no match, is forgotten. */
const FORGET_AFTER_MS = 24 * 3600_000;

export interface KeeperOptions {
  /** One process on its own data: on start it takes every unfinished game, whatever lease the last process left. */
  readonly alone: boolean;
  /**
   * A match a table of this process is playing: never restored here, whatever its lease says. A process
   * so loaded that its renewals came late would otherwise take its own live table from itself (whose
   * next write then fails, and its players are sent to reconnect).
   */
  readonly playingHere: (matchId: string) => boolean;
  /** A process silent this long has stopped: its tables are taken over. It beats every third of it. */
  readonly takeoverMs: number;
}

export type RestoreOutcome = 'restored' | 'recorded' | 'aborted' | 'taken' | 'failed';

/**
 * Keeps this process's games and restores the games of processes that stopped (docs/decisions/001-store-before-show.md).
 *
 * - Beats: every third of `takeoverMs` the process writes that it is alive for `takeoverMs` more. The
 *   tables of one that has not said so for `takeoverMs` (killed, its host gone) are taken over: players
 *   wait seconds, not a lease.
 * - Leases: every match this process holds is leased to it (`leaseMs`, renewed every third of it): the
 *   slow way back, for matches of a process that never beat (an older version).
 * - Judging: only a process whose own beats have gone through for `takeoverMs` takes anything, and a
 *   process whose beats resume renews its leases at once: after the database (or this process) was
 *   unreachable, every beat and lease looks old until each process has written again, and live tables
 *   would be taken from live processes.
 * - Restore: every beat (and on start, everything, for a process alone on its data) the unfinished
 *   matches that may be taken are claimed (one statement: one owner at a time) and rebuilt by replaying
 *   their logs; each becomes a table again with its own id and code, on this process. A match this engine
 *   cannot replay is aborted with its reason (never `playing` forever); one that ended but was not yet
 *   recorded is recorded.
 */
export class TableKeeper implements RestoreHandoff {
  private readonly handoff = new Map<string, Match>();
  private readonly timers: NodeJS.Timeout[] = [];
  private beating: Promise<unknown> | null = null;
  private looking: Promise<unknown> | null = null;
  private renewing: Promise<unknown> | null = null;
  /** Since when this process's beats have all gone through (null: the last one failed). */
  private steadySince: number | null = null;

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

  /**
   * Open a table for a game stored ahead of it (a tournament's round: tournaments/), as a restored one is
   * opened: every player away until they join, their seats held.
   */
  async open(match: Match, opening: 'restored' | 'new' = 'new'): Promise<void> {
    const { tableId } = match.table;
    this.handoff.set(tableId, match);
    try {
      await matchMaker.handleCreateRoom(TABLE_ROOM, { restore: tableId, ...(opening === 'new' && { opening: true }) });
    } finally {
      this.handoff.delete(tableId);
    }
  }

  /** Restore what can be restored now, then beat, look for stopped processes' tables and keep the leases. */
  async start(): Promise<void> {
    await this.beat();
    if (this.options.alone) await this.restoreUnfinished('all');
    const every = (ms: number, work: () => void) => this.timers.push(setInterval(work, Math.max(50, Math.floor(ms / 3))).unref());
    every(this.options.takeoverMs, () => {
      this.beating ??= this.beat().finally(() => (this.beating = null));
      this.looking ??= this.look().finally(() => (this.looking = null));
    });
    every(this.matches.leaseMs, () => (this.renewing ??= this.renew().finally(() => (this.renewing = null))));
  }

  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.all([this.beating, this.looking, this.renewing]);
    // Its games now end with its rooms (each lease released): nobody need wait for its beats to stop.
    await this.matches.storage.forgetProcess(this.matches.owner).catch(() => undefined);
  }

  private async beat(): Promise<void> {
    const { storage, owner } = this.matches;
    const now = Date.now();
    try {
      await storage.beat(owner, now + this.options.takeoverMs);
      if (this.steadySince === null) {
        this.steadySince = now;
        // Beating again after the database was away: the leases too, before any process judges them.
        await this.renew();
      }
    } catch (err) {
      metrics.storageErrors.inc({ where: 'beat' });
      if (this.steadySince !== null) this.logger.error({ event: 'beat-failed', err }, 'could not say this process is alive');
      this.steadySince = null;
    }
  }

  /** Once this process's beats are steady: restore the tables of stopped processes, and those whose lease ran out. */
  private async look(): Promise<void> {
    if (this.steadySince === null || Date.now() - this.steadySince < this.options.takeoverMs) return;
    try {
      await this.restoreUnfinished('stopped');
    } catch (err) {
      metrics.storageErrors.inc({ where: 'restore' });
      this.logger.error({ event: 'restore-look-failed', err }, 'could not look for tables to restore');
    }
  }

  private async renew(): Promise<void> {
    const { storage, owner, leaseMs } = this.matches;
    try {
      await storage.renewLeases(owner, Date.now() + leaseMs);
      await storage.forgetStoppedProcesses(Date.now() - FORGET_AFTER_MS);
    } catch (err) {
      metrics.storageErrors.inc({ where: 'lease' });
      this.logger.error({ event: 'lease-failed', err }, 'could not renew leases');
    }
  }

  /** Claim and restore every unfinished match that `scope` lets this process take. */
  async restoreUnfinished(scope: RestoreScope): Promise<RestoreOutcome[]> {
    const ids = (await this.matches.storage.unfinishedMatches(Date.now(), scope)).filter((id) => !this.options.playingHere(id));
    const outcomes: RestoreOutcome[] = [];
    // A process shutting down hands its tables over (their leases released): it must not take them back.
    for (const id of ids) if (!shuttingDown()) outcomes.push(await this.restoreOne(id, scope));
    for (const outcome of outcomes) metrics.restores.inc({ outcome });
    return outcomes;
  }

  private async restoreOne(matchId: string, scope: RestoreScope): Promise<RestoreOutcome> {
    const { storage, owner, leaseMs } = this.matches;
    const now = Date.now();
    const log = this.logger.child({ matchId });
    try {
      const stored = await storage.claimMatch(matchId, { owner, now, until: now + leaseMs, scope });
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
      await this.open(match, 'restored');
      return 'restored';
    } catch (err) {
      log.error({ event: 'restore-failed', err }, 'could not restore a stored table');
      // Let any process (this one included, next time round) try again.
      await storage.releaseLease(matchId, owner).catch(() => undefined);
      return 'failed';
    }
  }
}
