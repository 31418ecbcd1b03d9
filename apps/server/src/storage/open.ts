import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { type Migration, migrate } from './migrate';
import { probe } from './probe';
import { type Sql, postgresPool, postgresSql, sqliteSql } from './sql';

export type StorageKind = 'sqlite' | 'postgres';

/** Where the store is (ServerConfig's fields): a PostgreSQL URL, or else the SQLite file in `dataDir`. */
export interface StoreConfig {
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
}

/** Where the store is, for a message an operator can act on: the SQLite file, or the PostgreSQL server and database (never the password). */
export function storeLocation(config: StoreConfig): string {
  if (!config.databaseUrl) return join(config.dataDir, 'flightchess.db');
  const url = new URL(config.databaseUrl);
  return `postgres://${url.host}${url.pathname}`;
}

/**
 * The embedded store: one SQLite file (WAL mode). Every write is in the log before the call returns, so
 * a crash of the process loses nothing; only the transactions marked durable (a new player, a game's
 * start, its result) wait for the disk. A sync per action blocked the event loop for 0.1 ms on this
 * machine's disk (milliseconds on a slow one), most of a 1,000-table server's time: a power cut may
 * take a game back by its last few actions.
 */
export function sqliteDatabase(file: string): Sql {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return sqliteSql(db);
}

/** The database brought to the schema `migrations` make (the server's: src/migrations); closed when that fails. */
export async function migrated(sql: Sql, migrations: readonly Migration[]): Promise<Sql> {
  try {
    await migrate(sql, migrations);
  } catch (err) {
    await sql.close();
    throw err;
  }
  return sql;
}

/**
 * DATABASE_URL chooses PostgreSQL; without it the embedded SQLite file in DATA_DIR is used. Either must
 * take a write: a store that opens but cannot be written (a read-only file or mount) is refused here,
 * with where it is and what to do, rather than serving games it cannot keep.
 */
export async function openDatabase(
  config: StoreConfig,
  migrations: readonly Migration[],
  onError: (err: Error) => void,
): Promise<{ sql: Sql; kind: StorageKind }> {
  const where = storeLocation(config);
  const fix = config.databaseUrl
    ? 'check DATABASE_URL and that its user may write the database'
    : `DATA_DIR (${config.dataDir}) must be a directory this process (user ${process.getuid?.() ?? '?'}) can write; in the container, the volume mounted at /data`;
  let opened: { sql: Sql; kind: StorageKind };
  try {
    opened = config.databaseUrl
      ? { sql: await migrated(postgresSql(postgresPool(config.databaseUrl, onError)), migrations), kind: 'postgres' }
      : { sql: await migrated(sqliteDatabase(where), migrations), kind: 'sqlite' };
  } catch (err) {
    throw new Error(`cannot open the database at ${where}: ${(err as Error).message}. ${fix}.`, { cause: err });
  }
  try {
    await probe(opened.sql, Date.now());
  } catch (err) {
    await opened.sql.close().catch(() => undefined);
    throw new Error(`the database at ${where} cannot be written: ${(err as Error).message}. ${fix}.`, { cause: err });
  }
  return opened;
}
