import type { Logger } from 'pino';
import { redisMatchmaking } from './cluster';
import { configFromEnv } from './config';
import { type GameServer, createGameServer } from './gameServer';
import { createLogger } from './logger';
import { openStorage } from './storage/open';
import type { Storage } from './storage/Storage';

/** `npm start` / the container: read the environment, open the database, serve, stop on signals. */
async function main(): Promise<void> {
  const read = configFromEnv(process.env);
  if (!read.ok) {
    console.error(read.error);
    process.exit(1);
  }
  const config = read.config;
  const logger = createLogger(config.logLevel);
  const { storage, kind } = await openStorage(config, (err) => logger.error({ err }, 'database connection failed'));
  const matchmaking = config.redisUrl ? redisMatchmaking(config.redisUrl) : {};
  const server = createGameServer(config, { storage, logger, ...matchmaking });
  await server.listen(config.port, config.host);
  logger.info(
    { event: 'listening', port: config.port, host: config.host ?? '*', storage: kind, redis: Boolean(config.redisUrl), publicAddress: config.publicAddress },
    `serving on http://localhost:${config.port}`,
  );
  stopOnSignals(server, storage, logger, config.shutdownGraceSeconds * 1000);
}

/**
 * SIGTERM (docker stop, an orchestrator): drain — no new tables, tables still seating close, games in
 * progress play to the end (at most `graceMs`), then stop. SIGINT (Ctrl-C) or a second SIGTERM: stop
 * now; a game still in progress is stored as aborted with every action played so far.
 */
function stopOnSignals(server: GameServer, storage: Storage, logger: Logger, graceMs: number): void {
  let phase: 'serving' | 'draining' | 'stopping' = 'serving';
  const stopNow = async (reason: string) => {
    if (phase === 'stopping') return;
    phase = 'stopping';
    logger.info({ event: 'stopping', reason }, 'closing every table');
    try {
      await server.close();
      await storage.close();
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exitCode = 1;
    } finally {
      process.exit();
    }
  };
  process.on('SIGINT', () => void stopNow('SIGINT'));
  process.on('SIGTERM', () => {
    if (phase !== 'serving') return void stopNow('SIGTERM');
    phase = 'draining';
    logger.info({ event: 'draining', graceSeconds: graceMs / 1000 }, 'no new tables; waiting for the games in progress to end');
    void server.drain(graceMs).then(
      (outcome) => {
        if (phase === 'stopping') return; // stopped at once meanwhile: the tables it closed ended the drain
        logger.info({ event: 'drained', ...outcome }, outcome.finished ? 'every game has ended' : 'grace time over');
        return stopNow('drained');
      },
      (err: unknown) => {
        logger.error({ err }, 'drain failed');
        return stopNow('drain failed');
      },
    );
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
