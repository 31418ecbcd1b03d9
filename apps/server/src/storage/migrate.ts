import type { Dialect, Sql } from './sql';

/**
 * A versioned schema migration (src/migrations/NNN-name.ts), applied in order, each in its own transaction,
 * and recorded in `schema_migrations`. Its SQL is one text when both databases read it the same, else
 * one per dialect, side by side.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql?: string | Readonly<Record<Dialect, string>>;
  /**
   * Stored data rewritten before `sql` and the version are committed, in batches of their own
   * transactions (a database of years holds too much for one): a run cut short goes on where it
   * stopped at the next start, the version being recorded only once it is done.
   */
  rewrite?(sql: Sql): Promise<void>;
}

/** One key for every process of a deployment: PostgreSQL migrations run one process at a time. */
const MIGRATION_LOCK = 0x666c6368; // "flch"

/** Apply every migration newer than the database's version; returns the versions applied. */
export function migrate(db: Sql, migrations: readonly Migration[]): Promise<number[]> {
  return db.pinned(async (sql) => {
    if (sql.dialect === 'postgres') await sql.get('SELECT pg_advisory_lock(?)', [MIGRATION_LOCK]);
    try {
      return await migrateLocked(sql, migrations);
    } finally {
      if (sql.dialect === 'postgres') await sql.get('SELECT pg_advisory_unlock(?)', [MIGRATION_LOCK]);
    }
  });
}

async function migrateLocked(sql: Sql, migrations: readonly Migration[]): Promise<number[]> {
  await sql.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at ${sql.dialect === 'postgres' ? 'BIGINT' : 'INTEGER'} NOT NULL)`);
  const current = ((await sql.get('SELECT MAX(version) AS v FROM schema_migrations'))?.v as number | null) ?? 0;
  const applied: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (m.version <= current) continue;
    await m.rewrite?.(sql);
    const statements = typeof m.sql === 'object' ? m.sql[sql.dialect] : m.sql;
    await sql.transaction(async (tx) => {
      if (statements) await tx.exec(statements);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [m.version, m.name, Date.now()]);
    });
    applied.push(m.version);
  }
  return applied;
}
