/**
 * `npm run backup -- --to FILE` (in the container: `node server/backup.js --to /data/backup.db`): a
 * consistent copy of the server's SQLite database while it runs (backup/sqliteBackup.ts), read from DATA_DIR
 * (or `--from FILE`). Restoring it: apps/server README, Backups.
 */
import { join, resolve } from 'node:path';
import { configFromEnv } from '../config';
import { backupSqlite } from '../backup/sqliteBackup';

const USAGE = 'usage: npm run backup -- --to FILE [--from DATABASE_FILE]   (default: flightchess.db in DATA_DIR)';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  const to = option('--to');
  if (!to) throw new Error(USAGE);
  const read = configFromEnv(process.env);
  if (!read.ok) throw new Error(read.error);
  if (read.config.databaseUrl && !option('--from')) {
    throw new Error('DATABASE_URL names a PostgreSQL database: back it up with pg_dump (apps/server README, Backups)');
  }
  const from = resolve(option('--from') ?? join(read.config.dataDir, 'flightchess.db'));
  const done = await backupSqlite(from, resolve(to));
  console.log(`backed up ${from} to ${resolve(to)}: ${done.pages} pages, ${done.bytes} bytes, in ${done.ms} ms`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
