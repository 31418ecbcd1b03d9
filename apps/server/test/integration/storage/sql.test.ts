import Database from 'better-sqlite3';
import { type Sql, flag, postgresPool, postgresSql, postgresStatement, sqliteSql } from '../../../src/storage/sql';
import { freshSchema } from '../../support/postgres';
import { describeWithServices, serviceUrl } from '../../support/services';

jest.setTimeout(30_000);

test('a statement is written once with ?: PostgreSQL reads it numbered, translated once', () => {
  const text = 'SELECT name FROM things WHERE id = ? AND (ok OR ?) LIMIT ?';
  const translated = postgresStatement(text);
  expect(translated.text).toBe('SELECT name FROM things WHERE id = $1 AND (ok OR $2) LIMIT $3');
  expect(postgresStatement(text)).toBe(translated);
  expect(postgresStatement('SELECT 1').name).not.toBe(translated.name);
});

/** The runner's behaviour, the same over both databases. */
function sqlContract(openSql: () => Promise<{ sql: Sql; dispose(): Promise<void> }>): void {
  let sql: Sql;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ sql, dispose } = await openSql());
    await sql.exec('CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL, ok BOOLEAN NOT NULL)');
  });
  afterEach(() => dispose());

  const names = async () => (await sql.all('SELECT name FROM things ORDER BY id')).map((r) => r.name);

  test('rows, one row, rows changed; booleans and counts come back as such', async () => {
    expect(await sql.run('INSERT INTO things (id, name, ok) VALUES (?, ?, ?), (?, ?, ?)', [1, 'a', true, 2, 'b', false])).toBe(2);
    expect(await sql.all('SELECT id, name FROM things WHERE ok = ? ORDER BY id', [true])).toEqual([{ id: 1, name: 'a' }]);
    expect(flag((await sql.get('SELECT ok FROM things WHERE id = ?', [2]))?.ok)).toBe(false);
    expect(await sql.get('SELECT name FROM things WHERE id = ?', [3])).toBeUndefined();
    expect(await sql.get('SELECT COUNT(*) AS n FROM things')).toEqual({ n: 2 });
    expect(await sql.all('UPDATE things SET name = ? WHERE id = ? RETURNING id', ['c', 2])).toEqual([{ id: 2 }]);
    expect(await sql.run('INSERT INTO things (id, name, ok) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING', [1, 'x', true])).toBe(0);
    expect(await names()).toEqual(['a', 'c']);
  });

  test('a transaction is committed when its work resolves, rolled back when it throws', async () => {
    await sql.transaction(async (tx) => void (await tx.run('INSERT INTO things (id, name, ok) VALUES (?, ?, ?)', [1, 'kept', true])), {
      durable: true,
    });
    const broken = sql.transaction(async (tx) => {
      await tx.run('INSERT INTO things (id, name, ok) VALUES (?, ?, ?)', [2, 'gone', true]);
      await tx.run('UPDATE things SET name = ? WHERE id = ?', ['changed', 1]);
      throw new Error('no');
    });
    await expect(broken).rejects.toThrow('no');
    expect(await names()).toEqual(['kept']);
  });

  test('a statement of another caller is not part of a transaction under way: it stays when that one rolls back', async () => {
    const broken = sql.transaction(async (tx) => {
      await tx.run('INSERT INTO things (id, name, ok) VALUES (?, ?, ?)', [1, 'gone', true]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('no');
    });
    const other = sql.run('INSERT INTO things (id, name, ok) VALUES (?, ?, ?)', [2, 'kept', false]);
    await expect(broken).rejects.toThrow('no');
    await other;
    expect(await names()).toEqual(['kept']);
  });
}

describe('SQL layer on SQLite', () => {
  sqlContract(async () => {
    const sql = sqliteSql(new Database(':memory:'));
    return { sql, dispose: () => sql.close() };
  });
});

describeWithServices('SQL layer on PostgreSQL', ['TEST_DATABASE_URL'], () => {
  sqlContract(async () => {
    const schema = await freshSchema(serviceUrl('TEST_DATABASE_URL'));
    const sql = postgresSql(
      postgresPool(schema.url, (err) => {
        throw err;
      }),
    );
    return {
      sql,
      dispose: async () => {
        await sql.close();
        await schema.drop();
      },
    };
  });
});
