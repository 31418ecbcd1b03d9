import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestSchema {
  /** A connection URL whose search_path is the fresh schema: tables are created there. */
  readonly url: string;
  drop(): Promise<void>;
}

/** A new, empty schema in the test database, so that test files and tests never see each other's rows. */
export async function freshSchema(databaseUrl: string): Promise<TestSchema> {
  const schema = `fc_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}
