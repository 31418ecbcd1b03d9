import type Database from 'better-sqlite3';
import type { Pool, PoolClient } from 'pg';
import { inTransaction } from './pgTransaction';
import { compactRows, compactionSql } from './rows';

/**
 * Compact match logs (issue 21): when a match ends its write-ahead rows become one compact log
 * (records/actionLog.ts) in the same transaction as its result; migration 5 does the same for the
 * matches stored before, in batches. A log that cannot be held exactly keeps its rows.
 */

const SQLITE = compactionSql(() => '?');
const POSTGRES = compactionSql((n) => `$${n}`);
/** Matches compacted per transaction by the migration. */
const BATCH = 500;

interface Ended {
  readonly id: string;
  readonly seed: string;
}

/** SQLite: compact one ended match, inside the caller's transaction; true when its rows went. */
export function sqliteCompactor(db: Database.Database): (match: Ended) => boolean {
  const rows = db.prepare(SQLITE.rows);
  const setLog = db.prepare(SQLITE.setLog);
  const dropRows = db.prepare(SQLITE.dropRows);
  return ({ id, seed }) => {
    const log = compactRows(seed, rows.all(id) as Record<string, unknown>[]);
    if (!log) return false;
    setLog.run(log, id);
    dropRows.run(id);
    return true;
  };
}

/** Migration 5 (SQLite): every ended match stored before compaction existed. */
export function compactStoredSqlite(db: Database.Database): void {
  const compact = sqliteCompactor(db);
  const pick = db.prepare(SQLITE.uncompacted);
  for (let after = ''; ; ) {
    const batch = pick.all(after, BATCH) as Ended[];
    if (batch.length === 0) return;
    db.transaction(() => batch.forEach(compact))();
    after = batch[batch.length - 1]!.id;
  }
}

/** PostgreSQL: compact one ended match, inside the caller's transaction; true when its rows went. */
export async function compactPostgres(client: PoolClient | Pool, { id, seed }: Ended): Promise<boolean> {
  const { rows } = await client.query(POSTGRES.rows, [id]);
  const log = compactRows(seed, rows);
  if (!log) return false;
  await client.query(POSTGRES.setLog, [log, id]);
  await client.query(POSTGRES.dropRows, [id]);
  return true;
}

/** Migration 5 (PostgreSQL): every ended match stored before compaction existed. */
export async function compactStoredPostgres(client: PoolClient): Promise<void> {
  for (let after = ''; ; ) {
    const { rows: batch } = await client.query<Ended>(POSTGRES.uncompacted, [after, BATCH]);
    if (batch.length === 0) return;
    await inTransaction(client, async () => {
      for (const match of batch) await compactPostgres(client, match);
    });
    after = batch[batch.length - 1]!.id;
  }
}
