import { join } from 'node:path';
import { type OwnService, ownPostgres, ownRedis } from '../../test/support/ownServices';
import { freePort } from '../../test/support/ports';
import { processLetter, startProxy } from '../../test/support/proxy';

/** What `--cluster` runs besides the game processes: Redis, PostgreSQL and nginx, on loopback. */
export interface ClusterServices {
  readonly redisUrl: string;
  readonly databaseUrl: string;
  /** The proxy: every generated client comes through it. */
  readonly proxyUrl: string;
  /** Process i's PUBLIC_ADDRESS: the proxy's path to it. */
  publicAddress(i: number): string;
  /** The run's own Redis and PostgreSQL (null when the run was given theirs), to stop and start under load. */
  readonly redis: OwnService | null;
  readonly postgres: OwnService | null;
  stop(): Promise<void>;
}

export async function startClusterServices(
  dir: string,
  o: { readonly redis?: string; readonly database?: string; readonly nginx: string; readonly upstreams: readonly string[] },
): Promise<ClusterServices> {
  const redis = o.redis ? null : await ownRedis(join(dir, 'redis'), await freePort());
  const postgres = o.database ? null : await ownPostgres(join(dir, 'pg'), await freePort());
  const proxyPort = await freePort();
  const proxy = await startProxy(o.nginx, proxyPort, o.upstreams);
  // A run that fails on an error leaves nothing running.
  const stopNow = () => {
    proxy.stopNow();
    redis?.stopNow();
    postgres?.stopNow();
  };
  process.once('exit', stopNow);
  return {
    redisUrl: redis?.url ?? o.redis!,
    databaseUrl: postgres?.url ?? o.database!,
    proxyUrl: `http://127.0.0.1:${proxyPort}`,
    publicAddress: (i) => `127.0.0.1:${proxyPort}/${processLetter(i)}`,
    redis,
    postgres,
    async stop() {
      process.off('exit', stopNow);
      await proxy.stop();
      await redis?.close();
      await postgres?.close();
    },
  };
}
