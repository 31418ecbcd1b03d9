import { MIGRATIONS } from '../../src/storage/migrations';
import { PostgresStorage, migratePostgres, postgresPool } from '../../src/storage/postgres';
import { POSTGRES_MIGRATIONS } from '../../src/storage/postgresMigrations';
import { freshSchema } from '../support/postgres';
import { describeWithServices, serviceUrl } from '../support/services';
import { adminStoreContract } from './adminStore';
import { compactRecordsContract } from './compactRecords';
import { type StorageHarness, storageContract } from './contract';

jest.setTimeout(30_000);

const fail = (err: Error) => {
  throw err;
};

async function postgresHarness(): Promise<StorageHarness> {
  const schema = await freshSchema(serviceUrl('TEST_DATABASE_URL'));
  const withPool = async <T>(work: (pool: ReturnType<typeof postgresPool>) => Promise<T>): Promise<T> => {
    const pool = postgresPool(schema.url, fail);
    try {
      return await work(pool);
    } finally {
      await pool.end();
    }
  };
  return {
    open: () => PostgresStorage.open(schema.url, fail),
    migrations: POSTGRES_MIGRATIONS,
    migrate: (migrations) => withPool((pool) => migratePostgres(pool, migrations)),
    exec: (sql) => withPool(async (pool) => void (await pool.query(sql))),
    recordedMigrations: () =>
      withPool(async (pool) => (await pool.query('SELECT version, name FROM schema_migrations ORDER BY version')).rows as { version: number; name: string }[]),
    query: (sql, params = []) => {
      let n = 0;
      return withPool(async (pool) => (await pool.query(sql.replace(/\?/g, () => `$${++n}`), [...params])).rows);
    },
    dispose: () => schema.drop(),
  };
}

describeWithServices('PostgreSQL storage (the Storage contract)', ['TEST_DATABASE_URL'], () => {
  storageContract(postgresHarness);
  compactRecordsContract(postgresHarness);
  adminStoreContract(postgresHarness);

  test('has the same migrations as SQLite: versions and names in step', () => {
    expect(POSTGRES_MIGRATIONS.map((m) => [m.version, m.name])).toEqual(MIGRATIONS.map((m) => [m.version, m.name]));
  });

  test('processes starting together migrate one at a time: each version is applied once', async () => {
    const h = await postgresHarness();
    try {
      const runs = await Promise.all([1, 2, 3].map(() => h.migrate(POSTGRES_MIGRATIONS)));
      expect(runs.flat().sort((a, b) => a - b)).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
      expect(await h.recordedMigrations()).toHaveLength(POSTGRES_MIGRATIONS.length);
    } finally {
      await h.dispose();
    }
  });

  test('an unreachable database is an error at open, not later', async () => {
    await expect(PostgresStorage.open('postgres://postgres@127.0.0.1:1/none', fail)).rejects.toThrow();
  });
});
