import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What an operator watches (Prometheus, `GET /metrics`): tables and sockets now, actions and their
 * latency, storage writes, refusals, auto-play takeovers and reconnections, plus Node's own figures
 * (event-loop delay, memory, CPU, GC). One registry per process.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'flightchess_' });

/** Where the process-wide gauges read from when scraped (set by the game server). */
export interface ProcessSources {
  /** The status of every table on this process. */
  tableStatuses(): Iterable<string>;
  sockets(): number;
}

let sources: ProcessSources = { tableStatuses: () => [], sockets: () => 0 };

export function watchProcess(from: ProcessSources): void {
  sources = from;
}

export const metrics = {
  tables: new Gauge({
    name: 'flightchess_tables',
    help: 'Tables on this process, by status (waiting, playing, over)',
    labelNames: ['status'],
    registers: [registry],
    collect() {
      const counts: Record<string, number> = { waiting: 0, playing: 0, over: 0 };
      for (const status of sources.tableStatuses()) counts[status] = (counts[status] ?? 0) + 1;
      for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  }),
  sockets: new Gauge({
    name: 'flightchess_sockets',
    help: 'Websockets open on this process',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  }),
  actions: new Counter({
    name: 'flightchess_actions_total',
    help: 'Engine actions committed (rolls, moves, resignations…)',
    registers: [registry],
  }),
  actionLatency: new Histogram({
    name: 'flightchess_action_latency_seconds',
    help: "A player's roll or move: from the message's arrival to the action sent to every client (stored first)",
    buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  }),
  storageWrites: new Histogram({
    name: 'flightchess_storage_write_seconds',
    help: 'Writing one action (or an auto-play change) to storage, before anyone sees it',
    buckets: [0.0001, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.05, 0.1, 0.5],
    registers: [registry],
  }),
  rejected: new Counter({
    name: 'flightchess_rejected_messages_total',
    help: 'Messages refused, by code',
    labelNames: ['code'],
    registers: [registry],
  }),
  autoPlayTakeovers: new Counter({
    name: 'flightchess_auto_play_takeovers_total',
    help: 'Seats put on auto-play (托管) because their time ran out',
    registers: [registry],
  }),
  reconnects: new Counter({
    name: 'flightchess_reconnects_total',
    help: 'Players back in their seat, by token or by rejoining',
    labelNames: ['how'],
    registers: [registry],
  }),
  limited: new Counter({
    name: 'flightchess_limited_requests_total',
    help: 'Requests refused by a per-address limit, by limit',
    labelNames: ['limit'],
    registers: [registry],
  }),
  // What the operator's dashboard shows besides (deploy/grafana).
  joinRefusals: new Counter({
    name: 'flightchess_join_refusals_total',
    help: 'Tables not created or joined, by code (ERR_BANNED, ERR_SERVER_FULL…)',
    labelNames: ['code'],
    registers: [registry],
  }),
  storageErrors: new Counter({
    name: 'flightchess_storage_errors_total',
    help: 'Storage that did not answer: a write of a table (refused, tried again), a beat, a look for tables to restore, a renewal of leases',
    labelNames: ['where'],
    registers: [registry],
  }),
  restores: new Counter({
    name: 'flightchess_restores_total',
    help: 'Stored tables this process took over, by outcome (restored, recorded, aborted, taken, failed)',
    labelNames: ['outcome'],
    registers: [registry],
  }),
};
