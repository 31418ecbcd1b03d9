import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { PostgresStorage } from './postgres';
import { SqliteStorage } from './sqlite';
import type { Storage } from './Storage';

export type StorageKind = 'sqlite' | 'postgres';

type StoreConfig = Pick<ServerConfig, 'databaseUrl' | 'dataDir'>;

/** Where the store is, for a message an operator can act on: the SQLite file, or the PostgreSQL server and database (never the password). */
export function storeLocation(config: StoreConfig): string {
  if (!config.databaseUrl) return join(config.dataDir, 'flightchess.db');
  const url = new URL(config.databaseUrl);
  return `postgres://${url.host}${url.pathname}`;
}

/**
 * DATABASE_URL chooses PostgreSQL; without it the embedded SQLite file in DATA_DIR is used. Either must
 * take a write: a store that opens but cannot be written (a read-only file or mount) is refused here,
 * with where it is and what to do, rather than serving games it cannot keep.
 */
export async function openStorage(config: StoreConfig, onError: (err: Error) => void): Promise<{ storage: Storage; kind: StorageKind }> {
  const where = storeLocation(config);
  const fix = config.databaseUrl
    ? 'check DATABASE_URL and that its user may write the database'
    : `DATA_DIR (${config.dataDir}) must be a directory this process (user ${process.getuid?.() ?? '?'}) can write; in the container, the volume mounted at /data`;
  let opened: { storage: Storage; kind: StorageKind };
  try {
    opened = config.databaseUrl
      ? { storage: await PostgresStorage.open(config.databaseUrl, onError), kind: 'postgres' }
      : { storage: new SqliteStorage(join(config.dataDir, 'flightchess.db')), kind: 'sqlite' };
  } catch (err) {
    throw new Error(`cannot open the database at ${where}: ${(err as Error).message}. ${fix}.`, { cause: err });
  }
  try {
    await opened.storage.probe(Date.now());
  } catch (err) {
    await opened.storage.close().catch(() => undefined);
    throw new Error(`the database at ${where} cannot be written: ${(err as Error).message}. ${fix}.`, { cause: err });
  }
  return opened;
}
