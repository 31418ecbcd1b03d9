import { createServer, type Server as HttpServer } from 'node:http';
import { LocalPresence, type MatchMakerDriver, type Presence, Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { Logger } from 'pino';
import { createApp } from './app';
import type { ServerConfig } from './config';
import { JoinCodes, TABLE_ROOM } from './lobby';
import { tableRoomWith } from './rooms/TableRoom';
import type { Storage } from './storage/Storage';

export interface GameServerDeps {
  readonly storage: Storage;
  readonly logger: Logger;
  /** Shared state between processes: RedisPresence + RedisDriver when several run (issue 5). */
  readonly presence?: Presence;
  readonly driver?: MatchMakerDriver;
}

export interface GameServer {
  readonly colyseus: Server;
  readonly http: HttpServer;
  listen(port: number): Promise<void>;
  /** Close every table (a game in progress is stored as aborted) and stop listening. */
  close(): Promise<void>;
}

/** Wire express, the websocket transport and the table room together. */
export function createGameServer(config: ServerConfig, deps: GameServerDeps): GameServer {
  const presence = deps.presence ?? new LocalPresence();
  const codes = new JoinCodes(presence);
  const http = createServer(createApp(config, { storage: deps.storage, codes, logger: deps.logger }));
  const colyseus = new Server({
    transport: new WebSocketTransport({ server: http, maxPayload: config.maxPayloadBytes }),
    presence,
    driver: deps.driver,
    publicAddress: config.publicAddress,
    greet: false,
    gracefullyShutdown: false,
    logger: deps.logger.child({ component: 'colyseus' }),
  });
  colyseus
    .define(TABLE_ROOM, tableRoomWith({ config, storage: deps.storage, logger: deps.logger, codes }))
    .filterBy(['preset', 'size', 'teams']);
  return {
    colyseus,
    http,
    listen: (port) => colyseus.listen(port),
    close: () => colyseus.gracefullyShutdown(false),
  };
}
