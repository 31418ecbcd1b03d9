import { join } from 'node:path';
import { configFromEnv } from './config';
import { createGameServer } from './gameServer';
import { createLogger } from './logger';
import { SqliteStorage } from './storage/sqlite';

/** `npm start`: read the environment, open ./data/flightchess.db, serve http://localhost:2567. */
async function main(): Promise<void> {
  const read = configFromEnv(process.env);
  if (!read.ok) {
    console.error(read.error);
    process.exit(1);
  }
  const config = read.config;
  const logger = createLogger(config.logLevel);
  const storage = new SqliteStorage(join(config.dataDir, 'flightchess.db'));
  const server = createGameServer(config, { storage, logger });
  await server.listen(config.port);
  logger.info({ event: 'listening', port: config.port, dataDir: config.dataDir }, `serving on http://localhost:${config.port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ event: 'stopping', signal }, 'shutting down');
    try {
      await server.close();
      await storage.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
