import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteStorage } from '../../src/repositories';
import { migrate } from '../../src/storage/migrate';
import { MIGRATIONS } from '../../src/migrations';
import { type Sql, sqliteSql } from '../../src/storage/sql';
import { adminStoreContract } from './adminStore';
import { compactRecordsContract } from './compactRecords';
import { type StorageHarness, storageContract } from './contract';
import { matchesContract } from './matchesContract';
import { ratingsContract } from './ratingsContract';
import { pairingContract } from './pairingContract';
import { pushContract } from './pushContract';
import { friendsContract } from './friendsContract';
import { tournamentsContract } from './tournamentsContract';

function sqliteHarness(): StorageHarness {
  const dir = mkdtempSync(join(tmpdir(), 'flightchess-storage-'));
  const file = join(dir, 'flightchess.db');
  const withDb = async <T>(work: (sql: Sql) => Promise<T>): Promise<T> => {
    const sql = sqliteSql(new Database(file));
    try {
      return await work(sql);
    } finally {
      await sql.close();
    }
  };
  return {
    open: () => openSqliteStorage(file),
    migrations: MIGRATIONS,
    migrate: (migrations) => withDb((sql) => migrate(sql, migrations)),
    exec: (statements) => withDb((sql) => sql.exec(statements)),
    recordedMigrations: () =>
      withDb(
        async (sql) =>
          (await sql.all('SELECT version, name FROM schema_migrations ORDER BY version')) as { version: number; name: string }[],
      ),
    query: (text, params = []) => withDb((sql) => sql.all(text, params)),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

describe('SQLite storage (the Storage contract)', () => {
  storageContract(async () => sqliteHarness());
  matchesContract(async () => sqliteHarness());
  compactRecordsContract(async () => sqliteHarness());
  adminStoreContract(async () => sqliteHarness());
  ratingsContract(async () => sqliteHarness());
  pairingContract(async () => sqliteHarness());
  friendsContract(async () => sqliteHarness());
  pushContract(async () => sqliteHarness());
  tournamentsContract(async () => sqliteHarness());
});
