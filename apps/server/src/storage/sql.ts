import type Database from 'better-sqlite3';
import { Pool, type PoolClient, types } from 'pg';

export type Dialect = 'sqlite' | 'postgres';

export type Row = Record<string, unknown>;

/**
 * One statement at a time against either database. Statements are written once, with `?` placeholders
 * (a value used twice is passed twice), in the SQL both databases read: `ON CONFLICT … DO UPDATE/NOTHING`,
 * `RETURNING`, booleans passed as booleans (SQLite keeps 0/1: read them back with `flag`).
 */
export interface Sql {
  readonly dialect: Dialect;
  /** Every row the statement returns (none for a statement without RETURNING). */
  all(text: string, values?: readonly unknown[]): Promise<Row[]>;
  /** The first row, if any. */
  get(text: string, values?: readonly unknown[]): Promise<Row | undefined>;
  /** Run the statement; how many rows it changed. */
  run(text: string, values?: readonly unknown[]): Promise<number>;
  /** Several statements without values (a migration's DDL). */
  exec(statements: string): Promise<void>;
  /**
   * `work` in one transaction, on the runner it is given: committed when it resolves, rolled back when it
   * throws. `durable`: SQLite waits for the disk at the commit (a power cut keeps it, and every write before).
   */
  transaction<T>(work: (sql: Sql) => Promise<T>, options?: { readonly durable?: boolean }): Promise<T>;
  /** `work` on one connection throughout (PostgreSQL's session locks); SQLite has only one. */
  pinned<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** SQLite keeps booleans as 0/1, PostgreSQL as true/false. */
export const flag = (v: unknown): boolean => v === true || v === 1;

/** better-sqlite3 takes no booleans: 1 and 0, as SQLite stores them. */
const sqliteValue = (v: unknown): unknown => (typeof v === 'boolean' ? Number(v) : v);

/**
 * The transaction under way on each SQLite file (by path; an in-memory database by itself). SQLite
 * calls are synchronous: while a transaction awaits between its statements, every other call on the
 * file waits for it to end, so that no statement of another caller lands in (or is rolled back with)
 * it, and a second connection of this process does not spin on the file's lock, blocking the one
 * thread that would release it.
 */
const underWay = new Map<unknown, Promise<unknown>>();

/** Until the file's transaction ends (check again after: another may have begun). */
const turnOf = (file: unknown): Promise<unknown> => underWay.get(file)!.catch(() => undefined);

/** Until no transaction is under way on the file. */
async function afterTransactions(file: unknown): Promise<void> {
  while (underWay.has(file)) await turnOf(file);
}

/** SQLite through better-sqlite3: each statement prepared once, on first use. */
export function sqliteSql(db: Database.Database): Sql {
  const file: unknown = db.memory ? db : db.name;
  const prepared = new Map<string, Database.Statement>();
  const statement = (text: string) => {
    let s = prepared.get(text);
    if (!s) prepared.set(text, (s = db.prepare(text)));
    return s;
  };
  // Copied only when a value needs it (a boolean): an action's write binds strings and numbers as they are.
  const bound = (values: readonly unknown[]) => (values.some((v) => typeof v === 'boolean') ? values.map(sqliteValue) : values);

  // The runner a transaction's work is given: straight to the database.
  const inside: Sql = {
    dialect: 'sqlite',
    all: async (text, values = []) => {
      const s = statement(text);
      return s.reader ? (s.all(...bound(values)) as Row[]) : (s.run(...bound(values)), []);
    },
    get: async (text, values = []) => {
      const s = statement(text);
      return s.reader ? (s.get(...bound(values)) as Row | undefined) : (s.run(...bound(values)), undefined);
    },
    run: async (text, values = []) => statement(text).run(...bound(values)).changes,
    exec: async (statements) => void db.exec(statements),
    transaction: (work) => work(inside),
    pinned: (work) => work(inside),
    close: async () => undefined,
  };

  const transaction = async <T>(work: (sql: Sql) => Promise<T>, options: { readonly durable?: boolean } = {}): Promise<T> => {
    // Begun in the same turn as the last check: nothing can slip in between.
    while (underWay.has(file)) await turnOf(file);
    const done = (async () => {
      if (options.durable) db.pragma('synchronous = FULL');
      db.exec('BEGIN');
      try {
        const result = await work(inside);
        db.exec('COMMIT');
        return result;
      } catch (err) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw err;
      } finally {
        if (options.durable) db.pragma('synchronous = NORMAL');
      }
    })();
    underWay.set(file, done);
    try {
      return await done;
    } finally {
      if (underWay.get(file) === done) underWay.delete(file);
    }
  };

  // The usual case, no transaction under way, calls straight through: no extra await on every action's write.
  const outside =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      underWay.has(file) ? afterTransactions(file).then(() => outside(call)(...args)) : call(...args);
  const sql: Sql = {
    dialect: 'sqlite',
    all: outside(inside.all),
    get: outside(inside.get),
    run: outside(inside.run),
    exec: outside(inside.exec),
    transaction,
    pinned: (work) => work(sql),
    close: async () => {
      if (db.open) db.close();
    },
  };
  return sql;
}

/**
 * Each statement's PostgreSQL text ($1, $2, … for its `?`s: none may stand inside a quoted literal) and
 * name, made once: named, a pooled connection prepares it once. Statements are constant texts, so this
 * holds as many as the code has.
 */
const postgresStatements = new Map<string, { readonly name: string; readonly text: string }>();

export function postgresStatement(text: string): { readonly name: string; readonly text: string } {
  let s = postgresStatements.get(text);
  if (!s) {
    let n = 0;
    s = { name: `fc_${postgresStatements.size + 1}`, text: text.replace(/\?/g, () => `$${++n}`) };
    postgresStatements.set(text, s);
  }
  return s;
}

const INT8_OID = 20;
/** Epoch milliseconds and COUNT(*) are BIGINT: well inside 2^53, so plain numbers (pg's default is strings). */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? Number : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
};

/** A connection pool for `url`, for several server processes; an idle connection's error (the server restarted) is reported, not thrown. */
export function postgresPool(url: string, onError: (err: Error) => void): Pool {
  const pool = new Pool({ connectionString: url, types: TYPES, max: 10 });
  pool.on('error', onError);
  return pool;
}

/**
 * PostgreSQL through pg: a pool (each call on any free connection, a transaction on one) or one
 * connection (`inTransaction`: already in one, whose work runs as is).
 */
export function postgresSql(db: Pool | PoolClient, inTransaction = false): Sql {
  const query = (text: string, values: readonly unknown[]) => db.query<Row>({ ...postgresStatement(text), values: [...values] });
  const isPool = 'totalCount' in db;
  const sql: Sql = {
    dialect: 'postgres',
    all: async (text, values = []) => (await query(text, values)).rows,
    get: async (text, values = []) => (await query(text, values)).rows[0],
    run: async (text, values = []) => (await query(text, values)).rowCount ?? 0,
    exec: async (statements) => void (await db.query(statements)),
    transaction: async (work) => {
      if (inTransaction) return work(sql);
      if (!isPool) return inPostgresTransaction(db as PoolClient, work);
      const client = await (db as Pool).connect();
      let broken: Error | undefined;
      try {
        return await inPostgresTransaction(client, work);
      } catch (err) {
        broken = err as Error;
        throw err;
      } finally {
        // A connection whose transaction failed may be unusable: let the pool drop it rather than reuse it.
        client.release(broken);
      }
    },
    pinned: async (work) => {
      if (!isPool) return work(sql);
      const client = await (db as Pool).connect();
      try {
        return await work(postgresSql(client));
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (isPool && !(db as Pool).ended) await (db as Pool).end();
    },
  };
  return sql;
}

async function inPostgresTransaction<T>(client: PoolClient, work: (sql: Sql) => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work(postgresSql(client, true));
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}
