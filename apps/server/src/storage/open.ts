import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { PostgresStorage } from './postgres';
import { SqliteStorage } from './sqlite';
import type { Storage } from './Storage';

export type StorageKind = 'sqlite' | 'postgres';

/** DATABASE_URL chooses PostgreSQL; without it the embedded SQLite file in DATA_DIR is used. */
export async function openStorage(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  onError: (err: Error) => void,
): Promise<{ storage: Storage; kind: StorageKind }> {
  if (config.databaseUrl) return { storage: await PostgresStorage.open(config.databaseUrl, onError), kind: 'postgres' };
  return { storage: new SqliteStorage(join(config.dataDir, 'flightchess.db')), kind: 'sqlite' };
}
