import { openPostgresStorage } from '../../../src/repositories';
import { migrate } from '../../../src/storage/migrate';
import { MIGRATIONS } from '../../../src/migrations';
import { type Sql, postgresPool, postgresSql } from '../../../src/storage/sql';
import { freshSchema } from '../../support/postgres';
import { describeWithServices, serviceUrl } from '../../support/services';
import { adminStoreContract } from '../../storage/adminStore';
import { compactRecordsContract } from '../../storage/compactRecords';
import { type StorageHarness, storageContract } from '../../storage/contract';
import { matchesContract } from '../../storage/matchesContract';
import { ratingsContract } from '../../storage/ratingsContract';
import { pairingContract } from '../../storage/pairingContract';
import { pushContract } from '../../storage/pushContract';
import { friendsContract } from '../../storage/friendsContract';
import { tournamentsContract } from '../../storage/tournamentsContract';

jest.setTimeout(30_000);

const fail = (err: Error) => {
  throw err;
};

async function postgresHarness(): Promise<StorageHarness> {
  const schema = await freshSchema(serviceUrl('TEST_DATABASE_URL'));
  const withDb = async <T>(work: (sql: Sql) => Promise<T>): Promise<T> => {
    const sql = postgresSql(postgresPool(schema.url, fail));
    try {
      return await work(sql);
    } finally {
      await sql.close();
    }
  };
  return {
    open: () => openPostgresStorage(schema.url, fail),
    migrations: MIGRATIONS,
    migrate: (migrations) => withDb((sql) => migrate(sql, migrations)),
    exec: (statements) => withDb((sql) => sql.exec(statements)),
    recordedMigrations: () =>
      withDb(
        async (sql) =>
          (await sql.all('SELECT version, name FROM schema_migrations ORDER BY version')) as { version: number; name: string }[],
      ),
    query: (text, params = []) => withDb((sql) => sql.all(text, params)),
    dispose: () => schema.drop(),
  };
}

describeWithServices('PostgreSQL storage (the Storage contract)', ['TEST_DATABASE_URL'], () => {
  storageContract(postgresHarness);
  matchesContract(postgresHarness);
  compactRecordsContract(postgresHarness);
  adminStoreContract(postgresHarness);
  ratingsContract(postgresHarness);
  pairingContract(postgresHarness);
  friendsContract(postgresHarness);
  pushContract(postgresHarness);
  tournamentsContract(postgresHarness);

  test('processes starting together migrate one at a time: each version is applied once', async () => {
    const h = await postgresHarness();
    try {
      const runs = await Promise.all([1, 2, 3].map(() => h.migrate(MIGRATIONS)));
      expect(runs.flat().sort((a, b) => a - b)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await h.recordedMigrations()).toHaveLength(MIGRATIONS.length);
    } finally {
      await h.dispose();
    }
  });

  test('an unreachable database is an error at open, not later', async () => {
    await expect(openPostgresStorage('postgres://postgres@127.0.0.1:1/none', fail)).rejects.toThrow();
  });
});
