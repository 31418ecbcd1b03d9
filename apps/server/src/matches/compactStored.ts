import type { Sql } from '../storage/sql';
import { compactLog } from './actionLog';

/**
 * Compact match logs: when a match ends its write-ahead rows become one compact log
 * (actionLog.ts) in the same transaction as its result; migration 5 does the same for the
 * matches stored before, in batches. A log that cannot be held exactly keeps its rows.
 */

/** Matches compacted per transaction by the migration. */
const BATCH = 500;

export interface Ended {
  readonly id: string;
  readonly seed: string;
}

/** Compact one ended match, inside the caller's transaction; true when its rows went. */
export async function compactEnded(sql: Sql, { id, seed }: Ended): Promise<boolean> {
  const rows = await sql.all('SELECT action FROM match_actions WHERE match_id = ? ORDER BY idx', [id]);
  const log = compactLog(
    seed,
    rows.map((r) => r.action as string),
  );
  if (!log) return false;
  await sql.run('UPDATE matches SET log = ? WHERE id = ?', [Buffer.from(log), id]);
  await sql.run('DELETE FROM match_actions WHERE match_id = ?', [id]);
  return true;
}

/** Migration 5: every ended match stored before compaction existed. */
export async function compactStored(sql: Sql): Promise<void> {
  for (let after = ''; ;) {
    const batch = (await sql.all(`SELECT id, seed FROM matches WHERE status <> 'playing' AND log IS NULL AND id > ? ORDER BY id LIMIT ?`, [
      after,
      BATCH,
    ])) as unknown as Ended[];
    if (batch.length === 0) return;
    await sql.transaction(async (tx) => {
      for (const match of batch) await compactEnded(tx, match);
    });
    after = batch[batch.length - 1]!.id;
  }
}
