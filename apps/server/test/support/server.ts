import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { ColyseusTestServer } from '@colyseus/testing';
import { DEFAULT_CONFIG, type ServerConfig } from '../../src/config';
import { createGameServer } from '../../src/gameServer';
import { createLogger } from '../../src/logger';
import { type Storage, openSqliteStorage } from '../../src/repositories';
import { freePort } from './ports';

export { freePort };

/** Every JSON log line the server wrote, for assertions. */
export class LogCapture extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  readonly raw: string[] = [];

  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      this.raw.push(line);
      this.lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  }

  events(event: string): Record<string, unknown>[] {
    return this.lines.filter((l) => l.event === event);
  }
}

/** Fast timers for tests; each test file overrides what it exercises. */
export const TEST_CONFIG: Partial<ServerConfig> = {
  logLevel: 'info',
  turnSeconds: 30,
  minTurnSeconds: 0.05,
  reconnectSeconds: 30,
  botRollDelayMs: 1,
  autoMoveDelayMs: 1,
  moveAnimation: false,
  maxMessagesPerSecond: 1000,
  // Every test comes from one address: the per-address limits are tested on their own (limits.test.ts).
  limits: {
    httpPerMinute: 1_000_000,
    guestsPerMinute: 1_000_000,
    tablesPerMinute: 1_000_000,
    openTablesPerGuest: 1_000_000,
    joinsPerMinute: 1_000_000,
    codeLookupsPerMinute: 1_000_000,
    codeMissesPerHour: 1_000_000,
    socketsPerAddress: 1_000_000,
    connectionsPerAddress: 1_000_000,
    signInsPerMinute: 1_000_000,
  },
  signInFailuresPerHour: 1_000_000,
  signInFailuresPerNameMinute: 1_000_000,
  // A password hash at a sliver of the real cost (accounts.test.ts checks the real one once).
  passwordCost: { N: 2 ** 10, r: 8, p: 1 },
};

export interface TestServer {
  readonly colyseus: ColyseusTestServer;
  readonly storage: Storage;
  readonly logs: LogCapture;
  readonly config: ServerConfig;
  readonly dbFile: string;
  readonly baseUrl: string;
  close(): Promise<void>;
}

/**
 * A real server on a free port: websockets through @colyseus/testing's SDK, a real SQLite file in a
 * temporary directory. One per test file (the Colyseus matchmaker is a per-module singleton).
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flightchess-server-'));
  const config: ServerConfig = { ...DEFAULT_CONFIG, ...TEST_CONFIG, dataDir, ...overrides };
  const logs = new LogCapture();
  const dbFile = join(dataDir, 'flightchess.db');
  const storage = await openSqliteStorage(dbFile);
  const server = createGameServer(config, { storage, logger: createLogger(config.logLevel, logs) });
  const port = await freePort();
  await server.listen(port, '127.0.0.1');
  const colyseus = new ColyseusTestServer(server.colyseus);
  return {
    colyseus,
    storage,
    logs,
    config,
    dbFile,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      // The whole server, as a process stops it: its parts let go of their timers and connections too.
      await server.close();
      await storage.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's server: started before its tests and closed after them. The returned object is
 * filled in by `beforeAll`, so tests use it directly.
 */
export function testServerPerFile(overrides: Partial<ServerConfig> = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(overrides));
  });
  afterAll(async () => {
    await server.close();
  });
  return server;
}
