import { createServer, type Server as HttpServer } from 'node:http';
import { hostname } from 'node:os';
import { LocalPresence, type MatchMakerDriver, type Presence, Server, matchMaker } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { Logger } from 'pino';
import type WebSocket from 'ws';
import { createAccounts } from './accounts';
import { createFriends } from './friends';
import { createInvitations } from './invitations';
import { createTournaments } from './tournaments';
import { createNotifications } from './notifications';
import { createPush } from './push';
import { createPairing } from './pairing';
import { OperatorConsole } from './admin/operatorConsole';
import { createApp } from './app';
import { listedOnDead, markDraining, sayAlive, tableProcessSelector, unmarkDraining } from './cluster';
import type { ServerConfig } from './config';
import { Drain, type DrainOutcome } from './table/drain';
import { Admission } from './limits/admission';
import { ClientLimiter } from './limits/clientLimiter';
import { type Budgets, MemoryBudgets } from './limits/budgets';
import { ALONE, type HeldElsewhere } from './limits/heldElsewhere';
import { Bans } from './bans/bans';
import { guardHttp } from './limits/httpGuard';
import { REQUEST_TIMEOUTS, guardConnections } from './limits/connectionGuard';
import { cleanIdleGuests } from './players/idleGuests';
import { socketGuard } from './limits/socketGuard';
import { Heartbeat } from './heartbeat';
import { randomId } from './core/ids';
import { Match, type MatchDeps } from './matches/Match';
import { watchProcess } from './core/metrics';
import { JoinCodes, TABLE_ROOM, TableKeeper, tableRoomWith, tablesOf, websocketServerOf } from './table';
import type { StorageKind } from './storage/open';
import type { Storage } from './repositories';

/**
 * Connections the kernel may hold for the server before it accepts them. Node's 511 overflows when
 * thousands of players reconnect at once (a restart, a takeover, the load tests: `nstat` ListenOverflows),
 * and each SYN dropped costs its client 1, then 3, then 7 s. Linux caps it at net.core.somaxconn (4096).
 */
export const LISTEN_BACKLOG = 4096;

export interface GameServerDeps {
  readonly storage: Storage;
  readonly logger: Logger;
  /** Shared state between processes: RedisPresence + RedisDriver when several run (see cluster.ts). */
  readonly presence?: Presence;
  readonly driver?: MatchMakerDriver;
  /** Where the clients' rate limits are counted: Redis with several processes (default: this process). */
  readonly budgets?: Budgets;
  /** What the other processes hold open per client address (websockets, connections): Redis with several. */
  readonly held?: HeldElsewhere;
  /** With Redis: tells each time the link to it is back after it was lost (cluster.ts). */
  readonly redisBack?: (listener: () => void) => void;
  /** What the operator's console reports (default sqlite). */
  readonly storageKind?: StorageKind;
  /**
   * The console asked this process to drain: main.ts drains it and then stops it, as SIGTERM does in
   * drain mode. Without it (tests) the process drains and keeps running.
   */
  readonly drainProcess?: () => void;
}

export interface GameServer {
  readonly colyseus: Server;
  readonly http: HttpServer;
  /** This process's name in the store (the owner of the matches it holds). */
  readonly owner: string;
  readonly keeper: TableKeeper;
  /** Listen, then restore every unfinished table this process may take. `host` undefined: every interface. */
  listen(port: number, host?: string): Promise<void>;
  /**
   * Graceful shutdown in drain mode: take no new table (other processes get them), close the tables
   * whose game has not started, and wait for the games in progress to end and be recorded, at most
   * `graceMs`. The server keeps serving meanwhile (moves, reconnections); call close() after.
   */
  drain(graceMs: number): Promise<DrainOutcome>;
  /**
   * Stop: every table finishes the work in hand and is left stored as it is (its lease given up, so
   * the next process, or another one of the deployment, restores it at once); its players are told
   * the server is restarting. Then stop listening.
   */
  close(): Promise<void>;
}

const KEEP_ALIVE_MS = 65_000;

/** How often a process of several checks that each of its tables is listed. */
const LISTINGS_CHECK_MS = 5_000;

/** Wire express, the websocket transport, the table room and the keeper of stored tables together. */
export function createGameServer(config: ServerConfig, deps: GameServerDeps): GameServer {
  const presence = deps.presence ?? new LocalPresence();
  const codes = new JoinCodes(presence);
  const drain = new Drain();
  const owner = `${hostname()}:${process.pid}:${randomId(6)}`;
  const matches: MatchDeps = {
    storage: deps.storage,
    owner,
    leaseMs: config.leaseSeconds * 1000,
    writeWaitMs: config.storageWaitSeconds * 1000,
  };
  // With Redis several processes share the database: one only takes what another let go.
  const keeper = new TableKeeper(matches, deps.logger, {
    alone: !deps.driver,
    playingHere: (matchId) => [...drain.tables()].some((t) => t.matchId === matchId),
    takeoverMs: config.takeoverSeconds * 1000,
  });
  const budgets = deps.budgets ?? new MemoryBudgets();
  const held = deps.held ?? ALONE;
  const limiter = new ClientLimiter(config.trustProxy, config.limits, deps.logger, budgets, Date.now, held);
  const bans = new Bans(deps.storage);
  const accounts = createAccounts({
    storage: deps.storage,
    presence,
    logger: deps.logger,
    config,
    addressOf: (req) => limiter.addressOf(req),
    bans,
    budgets,
  });
  const pairing = createPairing({
    storage: deps.storage,
    // The player's rating in a mode: the one place quick play and the tables read it.
    ratingOf: (playerId, mode) => deps.storage.ratings.ratingOf(playerId, mode),
    bans,
    addressOf: (req) => limiter.addressOf(req),
    presence,
    clustered: deps.driver !== undefined,
    blocked: (blocker, other) => friends.blocked(blocker, other),
  });
  const friends = createFriends({
    storage: deps.storage,
    presence,
    processId: owner,
    alone: !deps.driver,
    logger: deps.logger,
    budgets,
    devices: accounts.devices,
    bans,
    addressOf: (req) => limiter.addressOf(req),
    blockedBetween: (a, b) => pairing.blockedBetween(a, b),
    // The bell is made after friends (its count rides their pages' streams): reached when a notice is due.
    notify: (playerId, kind, fromId, roomId) => notifications.notify(playerId, kind, fromId, roomId),
  });
  const push = createPush({ storage: deps.storage, presence, alone: !deps.driver, logger: deps.logger, config });
  const notifications = createNotifications({ storage: deps.storage, logger: deps.logger, feeds: friends.feeds, push: push.notice });
  const invitations = createInvitations({
    storage: deps.storage,
    logger: deps.logger,
    budgets,
    bans,
    addressOf: (req) => limiter.addressOf(req),
    blockedBetween: (a, b) => pairing.blockedBetween(a, b),
    feeds: friends.feeds,
    notify: (playerId, kind, fromId, roomId) => notifications.notify(playerId, kind, fromId, roomId),
  });
  const tournaments = createTournaments({
    storage: deps.storage,
    logger: deps.logger,
    bans,
    addressOf: (req) => limiter.addressOf(req),
    // A round's game is stored ahead of its table, which opens here as a restored one does: any process
    // restores it if this one stops.
    openTable: async (at) => {
      const begun = await Match.begin(at, matches);
      if (begun.ok) await keeper.open(begun.match);
      return begun.ok;
    },
    turnSeconds: config.turnSeconds,
    breakSeconds: config.tournamentBreakSeconds,
    feeds: friends.feeds,
  });
  // With several processes, a listing can go while its table runs: Colyseus removes a dead process's
  // listings by reading them all and then deleting, and a table restored under the same id in between
  // loses its new one (players then cannot find it). Each process checks its own tables' now and then.
  const listingsCheck = deps.redisBack
    ? setInterval(() => {
        void (async () => {
          let missing = 0;
          for (const table of drain.tables()) if (await table.relistIfMissing()) missing++;
          if (missing)
            deps.logger.warn({ event: 'relisted-missing', tables: missing }, 'listings gone while their tables ran: written again');
        })().catch((err: unknown) => deps.logger.error({ event: 'relist-failed', err }, 'could not check the listings'));
      }, LISTINGS_CHECK_MS).unref()
    : null;
  // Redis came back, perhaps restarted and empty: this process's room count, its draining mark and its
  // tables' listings and join codes are written again, so that they can be found and joined.
  deps.redisBack?.(() => {
    void (async () => {
      let tables = 0;
      await matchMaker.stats.persist(true);
      if (drain.draining) await markDraining(presence, matchMaker.processId);
      for (const table of drain.tables()) {
        await table.relist();
        tables++;
      }
      deps.logger.info({ event: 'relisted', tables }, 'the link to Redis is back: listings written again');
    })().catch((err: unknown) => deps.logger.error({ event: 'relist-failed', err }, 'could not write the listings again'));
  });
  const drainHere = (graceMs: number) => {
    const marked = markDraining(presence, matchMaker.processId);
    const outcome = drain.run(graceMs);
    return marked.then(() => outcome);
  };
  const operator = new OperatorConsole({
    token: config.adminToken,
    storage: deps.storage,
    presence,
    limiter,
    logger: deps.logger,
    tournaments,
    here: {
      owner,
      storage: deps.storageKind ?? 'sqlite',
      draining: () => drain.draining,
      tableStatuses: () => [...drain.tables()].map((t) => t.status),
      sockets: () => limiter.openSockets,
      drain: deps.drainProcess ?? (() => void drainHere(config.shutdownGraceSeconds * 1000)),
    },
  });
  const http = createServer(
    REQUEST_TIMEOUTS,
    createApp(config, {
      storage: deps.storage,
      codes,
      logger: deps.logger,
      drain,
      accounts,
      admin: operator.router,
      bans,
      addressOf: (req) => limiter.addressOf(req),
      pairing,
      friends,
      invitations,
      notifications,
      push,
      tournaments,
    }),
  );
  // Keep idle connections longer than clients and proxies do (Node's agent 5 s, nginx 60 s): when the
  // server closed one first, a request sent on it at that moment failed ("socket hang up").
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  guardConnections(http, limiter);
  const sockets = socketGuard(limiter);
  // pingInterval 0: the heartbeat pings instead, spread over time (heartbeat.ts).
  const transport = new WebSocketTransport({
    server: http,
    maxPayload: config.maxPayloadBytes,
    verifyClient: sockets.verifyClient,
    pingInterval: 0,
  });
  const websockets = websocketServerOf(transport);
  const heartbeat = new Heartbeat({ intervalMs: config.heartbeatSeconds * 1000, maxMissed: 2 });
  websockets.on('connection', (ws: WebSocket) => heartbeat.add(ws));
  const colyseus = new Server({
    transport,
    presence,
    driver: deps.driver,
    publicAddress: config.publicAddress,
    selectProcessIdToCreateRoom: tableProcessSelector(presence),
    greet: false,
    gracefullyShutdown: false,
    logger: deps.logger.child({ component: 'colyseus' }),
  });
  // After Colyseus has put its matchmaking routes in front of express: the guard goes before both.
  guardHttp(http, limiter, deps.logger, deps.driver ? (roomId) => listedOnDead(presence, roomId) : undefined);
  const admission = new Admission(config, limiter, tablesOf);
  watchProcess({ tableStatuses: () => [...drain.tables()].map((t) => t.status), sockets: () => limiter.openSockets });
  colyseus.define(
    TABLE_ROOM,
    tableRoomWith({
      config,
      storage: deps.storage,
      logger: deps.logger,
      codes,
      drain,
      matches,
      restores: keeper,
      admission,
      devices: accounts.devices,
      bans,
      addressOf: (req) => limiter.addressOf(req),
      pairing: pairing.table,
      people: friends.tables,
      invitations: invitations.tables,
    }),
  );
  let cleaner: { stop(): void } | null = null;
  let stopSayingAlive: (() => Promise<void>) | null = null;
  return {
    colyseus,
    http,
    owner,
    keeper,
    async listen(port, host) {
      await accounts.start();
      await friends.start();
      invitations.start();
      await push.start();
      await colyseus.listen(port, host, LISTEN_BACKLOG);
      if (deps.driver) stopSayingAlive = sayAlive(presence, matchMaker.processId);
      await operator.start();
      heartbeat.start();
      await keeper.start();
      tournaments.start();
      cleaner = cleanIdleGuests(deps.storage, config.guestIdleDays, deps.logger);
    },
    drain: drainHere,
    async close() {
      if (listingsCheck) clearInterval(listingsCheck);
      cleaner?.stop();
      accounts.stop();
      invitations.stop();
      push.stop();
      await friends.stop();
      operator.stop();
      heartbeat.stop();
      await tournaments.stop();
      await keeper.stop();
      if (drain.draining) {
        // Leave the list of processes that get new tables first, then the draining set (a stale member would stay forever).
        await matchMaker.stats.excludeProcess(matchMaker.processId);
        await unmarkDraining(presence, matchMaker.processId);
      }
      await stopSayingAlive?.();
      await colyseus.gracefullyShutdown(false);
      await budgets.close();
      await held.close();
    },
  };
}
