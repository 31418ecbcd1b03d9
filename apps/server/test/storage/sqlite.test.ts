import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../src/storage/migrations';
import { SqliteStorage, migrate } from '../../src/storage/sqlite';
import { adminStoreContract } from './adminStore';
import { compactRecordsContract } from './compactRecords';
import { type StorageHarness, storageContract } from './contract';

function sqliteHarness(): StorageHarness {
  const dir = mkdtempSync(join(tmpdir(), 'flightchess-storage-'));
  const file = join(dir, 'flightchess.db');
  const withDb = <T>(work: (db: Database.Database) => T): T => {
    const db = new Database(file);
    try {
      return work(db);
    } finally {
      db.close();
    }
  };
  return {
    open: async () => new SqliteStorage(file),
    migrations: MIGRATIONS,
    migrate: async (migrations) => withDb((db) => migrate(db, migrations)),
    exec: async (sql) => withDb((db) => void db.exec(sql)),
    recordedMigrations: async () =>
      withDb((db) => db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as { version: number; name: string }[]),
    query: async (sql, params = []) =>
      withDb((db) => {
        const statement = db.prepare(sql);
        if (statement.reader) return statement.all(...params) as Record<string, unknown>[];
        statement.run(...params);
        return [];
      }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

describe('SQLite storage (the Storage contract)', () => {
  storageContract(async () => sqliteHarness());
  compactRecordsContract(async () => sqliteHarness());
  adminStoreContract(async () => sqliteHarness());
});
