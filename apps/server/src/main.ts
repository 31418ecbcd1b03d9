import './withoutPm2';
import type { Logger } from 'pino';
import { redisMatchmaking } from './cluster';
import { type ServerConfig, configFromEnv } from './config';
import { type GameServer, createGameServer } from './gameServer';
import { createLogger } from './logger';
import { type Storage, openStorage } from './repositories';

/** `npm start` / the container: read the environment, open the database, serve (restoring stored tables), stop on signals. */
async function main(): Promise<void> {
  const read = configFromEnv(process.env);
  if (!read.ok) {
    console.error(read.error);
    process.exit(1);
  }
  const config = read.config;
  const logger = createLogger(config.logLevel);
  keepServingOnStrayErrors(logger);
  const { storage, kind } = await openStorage(config, (err) => logger.error({ err }, 'database connection failed'));
  const matchmaking = config.redisUrl ? redisMatchmaking(config.redisUrl) : {};
  // The operator's console may drain this process: as SIGTERM does in drain mode (bound once the signals are).
  let drainProcess = (): void => undefined;
  const server = createGameServer(config, { storage, logger, storageKind: kind, drainProcess: () => drainProcess(), ...matchmaking });
  await server.listen(config.port, config.host);
  logger.info(
    {
      event: 'listening',
      port: config.port,
      host: config.host ?? '*',
      storage: kind,
      redis: Boolean(config.redisUrl),
      publicAddress: config.publicAddress,
      owner: server.owner,
    },
    `serving on http://localhost:${config.port}`,
  );
  drainProcess = stopOnSignals(server, storage, logger, config);
}

/**
 * Tables keep their own errors (each logs and carries on); this is the last line behind them: an error
 * that escapes everything is logged, and the other tables play on. Every game is stored ahead of play,
 * so even a crash loses nothing: the next process restores it.
 */
function keepServingOnStrayErrors(logger: Logger): void {
  process.on('uncaughtException', (err) => logger.fatal({ event: 'uncaught-exception', err }, 'uncaught exception'));
  process.on('unhandledRejection', (err) => logger.fatal({ event: 'unhandled-rejection', err }, 'unhandled promise rejection'));
}

/**
 * SIGTERM (docker stop, an orchestrator) or SIGINT (Ctrl-C): every table finishes the work in hand and
 * is left stored as it is; the process exits, and the next process (or another of the deployment)
 * restores the tables and their players rejoin. With SHUTDOWN_MODE=drain the first SIGTERM lets the games
 * in progress end first (at most SHUTDOWN_GRACE_SECONDS); a second signal stops at once. Returns the
 * drain, for the operator's console to start (whatever SHUTDOWN_MODE says).
 */
function stopOnSignals(server: GameServer, storage: Storage, logger: Logger, config: ServerConfig): () => void {
  let phase: 'serving' | 'draining' | 'stopping' = 'serving';
  const stopNow = async (reason: string) => {
    if (phase === 'stopping') return;
    phase = 'stopping';
    logger.info({ event: 'stopping', reason }, 'storing every table and stopping');
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
  const drainThenStop = (reason: string) => {
    if (phase !== 'serving') return;
    phase = 'draining';
    const graceMs = config.shutdownGraceSeconds * 1000;
    logger.info(
      { event: 'draining', reason, graceSeconds: config.shutdownGraceSeconds },
      'no new tables; waiting for the games in progress to end',
    );
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
  };
  process.on('SIGINT', () => void stopNow('SIGINT'));
  process.on('SIGTERM', () =>
    phase !== 'serving' || config.shutdownMode === 'handover' ? void stopNow('SIGTERM') : drainThenStop('SIGTERM'),
  );
  return () => drainThenStop('console');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
