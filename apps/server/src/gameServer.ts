import { createServer, type Server as HttpServer } from 'node:http';
import { LocalPresence, type MatchMakerDriver, type Presence, Server, matchMaker } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { Logger } from 'pino';
import { createApp } from './app';
import { markDraining, tableProcessSelector, unmarkDraining } from './cluster';
import type { ServerConfig } from './config';
import { Drain, type DrainOutcome } from './drain';
import { JoinCodes, TABLE_ROOM } from './lobby';
import { tableRoomWith } from './rooms/TableRoom';
import type { Storage } from './storage/Storage';

export interface GameServerDeps {
  readonly storage: Storage;
  readonly logger: Logger;
  /** Shared state between processes: RedisPresence + RedisDriver when several run (see cluster.ts). */
  readonly presence?: Presence;
  readonly driver?: MatchMakerDriver;
}

export interface GameServer {
  readonly colyseus: Server;
  readonly http: HttpServer;
  /** `host` undefined: every interface. */
  listen(port: number, host?: string): Promise<void>;
  /**
   * Graceful shutdown, first step: take no new table (other processes get them), close the tables
   * whose game has not started, and wait for the games in progress to end and be recorded, at most
   * `graceMs`. The server keeps serving meanwhile (moves, reconnections); call close() after.
   */
  drain(graceMs: number): Promise<DrainOutcome>;
  /** Close every table (a game still in progress is stored as aborted) and stop listening. */
  close(): Promise<void>;
}

/** Wire express, the websocket transport and the table room together. */
export function createGameServer(config: ServerConfig, deps: GameServerDeps): GameServer {
  const presence = deps.presence ?? new LocalPresence();
  const codes = new JoinCodes(presence);
  const drain = new Drain();
  const http = createServer(createApp(config, { storage: deps.storage, codes, logger: deps.logger, drain }));
  const colyseus = new Server({
    transport: new WebSocketTransport({ server: http, maxPayload: config.maxPayloadBytes }),
    presence,
    driver: deps.driver,
    publicAddress: config.publicAddress,
    selectProcessIdToCreateRoom: tableProcessSelector(presence),
    greet: false,
    gracefullyShutdown: false,
    logger: deps.logger.child({ component: 'colyseus' }),
  });
  colyseus
    .define(TABLE_ROOM, tableRoomWith({ config, storage: deps.storage, logger: deps.logger, codes, drain }))
    .filterBy(['preset', 'size', 'teams']);
  return {
    colyseus,
    http,
    listen: (port, host) => colyseus.listen(port, host),
    async drain(graceMs) {
      const marked = markDraining(presence, matchMaker.processId);
      const outcome = drain.run(graceMs);
      await marked;
      return outcome;
    },
    async close() {
      if (drain.draining) {
        // Leave the list of processes that get new tables first, then the draining set (a stale member would stay forever).
        await matchMaker.stats.excludeProcess(matchMaker.processId);
        await unmarkDraining(presence, matchMaker.processId);
      }
      await colyseus.gracefullyShutdown(false);
    },
  };
}
