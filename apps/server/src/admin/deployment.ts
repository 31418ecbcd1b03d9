import { hostname } from 'node:os';
import { type Presence, matchMaker, requestFromIPC, subscribeIPC } from '@colyseus/core';
import type { AdminTable, ClosedTable, ProcessFigures } from '@flightchess/protocol';
import { closeTableAnywhere, localTables } from '../table';
import type { StorageKind } from '../storage/open';
import type { ActionRate } from './actionRate';

/** How long another process has to answer. */
const ANSWER_MS = 3_000;

/** What this process knows of itself (the game server hands it over). */
export interface ThisProcess {
  readonly owner: string;
  readonly storage: StorageKind;
  readonly draining: () => boolean;
  readonly tableStatuses: () => Iterable<string>;
  readonly sockets: () => number;
  readonly actions: ActionRate;
  /** Begin draining this process (as SIGTERM does in drain mode). */
  readonly drain: () => void;
}

export interface ProcessReport {
  readonly figures: ProcessFigures;
  readonly tables: readonly AdminTable[];
}

/** Requests the processes of a deployment answer one another, over the presence (Redis pub/sub with several). */
type Request = 'report' | 'drain';
const channelOf = (processId: string) => `flightchess:admin:${processId}`;

/** A table held by a process that has gone (not closed on purpose) answers nothing: the console says so. */
export class NoSuchTable extends Error {}

/**
 * Every process of the deployment, as the console sees them: each answers for itself —
 * its figures and its tables, or a drain — over the presence, and a table is closed by the process
 * that holds it (Colyseus' remoteRoomCall).
 */
export class Deployment {
  constructor(
    private readonly presence: Presence,
    private readonly here: ThisProcess,
  ) {}

  /** Answer the other processes' requests (once this process has its Colyseus process id: after listen). */
  async listen(): Promise<void> {
    await subscribeIPC(this.presence, channelOf(matchMaker.processId), (method: string) => {
      if (method === 'report') return this.report();
      if (method === 'drain') return void this.here.drain();
      throw new Error(`unknown request ${String(method)}`);
    });
  }

  stop(): void {
    void Promise.resolve(this.presence.unsubscribe(channelOf(matchMaker.processId))).catch(() => undefined);
  }

  /** Every process's report; those that did not answer in time are named. */
  async reports(): Promise<{ reports: ProcessReport[]; unreachable: string[] }> {
    const ids = await this.processIds();
    const answers = await Promise.all(
      ids.map((id) =>
        this.ask(id, 'report').then(
          (r) => r as ProcessReport,
          () => null,
        ),
      ),
    );
    return {
      reports: answers.filter((r): r is ProcessReport => r !== null),
      unreachable: ids.filter((_, i) => answers[i] === null),
    };
  }

  /** Drain one process of the deployment; false when there is no such process. */
  async drain(processId: string): Promise<boolean> {
    if (!(await this.processIds()).includes(processId)) return false;
    await this.ask(processId, 'drain');
    return true;
  }

  /** Close a table wherever it is held. Throws NoSuchTable when no process holds it. */
  async close(roomId: string): Promise<ClosedTable | null> {
    const closed = await closeTableAnywhere(roomId, ANSWER_MS * 2);
    if (closed === undefined) throw new NoSuchTable(roomId);
    return closed;
  }

  private async processIds(): Promise<string[]> {
    const ids = (await matchMaker.stats.fetchAll()).map((p) => p.processId);
    return ids.includes(matchMaker.processId) ? ids : [matchMaker.processId, ...ids];
  }

  private ask(processId: string, method: Request): Promise<unknown> {
    if (processId === matchMaker.processId) return method === 'report' ? this.report() : Promise.resolve(this.here.drain());
    return requestFromIPC(this.presence, channelOf(processId), method, [], ANSWER_MS);
  }

  /** This process: its figures and its tables. */
  private async report(): Promise<ProcessReport> {
    const here = this.here;
    const tables = await this.tables();
    const counts = { waiting: 0, playing: 0, over: 0 };
    for (const status of here.tableStatuses()) if (status in counts) counts[status as keyof typeof counts]++;
    const figures: ProcessFigures = {
      processId: matchMaker.processId,
      owner: here.owner,
      host: hostname(),
      pid: process.pid,
      storage: here.storage,
      draining: here.draining(),
      uptimeSeconds: Math.round(process.uptime()),
      tables: counts,
      players: tables.reduce((n, t) => n + t.seats.filter((s) => s.kind === 'human' && s.connected).length, 0),
      sockets: here.sockets(),
      actionsPerSecond: await here.actions.perSecond(),
    };
    return { figures, tables };
  }

  /** The tables this process holds, read from their synced facts. */
  private async tables(): Promise<AdminTable[]> {
    const tables: AdminTable[] = [];
    for (const { roomId, createdAt, facts: t, version } of await localTables()) {
      tables.push({
        roomId,
        processId: matchMaker.processId,
        code: t.code,
        preset: t.preset,
        size: t.size,
        teams: t.teams,
        private: t.private,
        status: t.status,
        version,
        matchId: t.matchId,
        createdAt,
        seats: t.seats.map((s) => ({ colour: s.colour, kind: s.kind, name: s.name, playerId: s.playerId, connected: s.connected })),
      });
    }
    return tables;
  }
}
