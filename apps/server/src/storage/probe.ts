import type { Sql } from './sql';

/** For /healthz: a tiny write (one row rewritten), so that a store that cannot be written fails it. */
export async function probe(sql: Sql, at: number): Promise<void> {
  await sql.run('INSERT INTO health_probe (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at', [
    at,
  ]);
}
