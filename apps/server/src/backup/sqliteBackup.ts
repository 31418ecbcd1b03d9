import { existsSync, renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';

export interface BackupDone {
  readonly pages: number;
  readonly bytes: number;
  readonly ms: number;
}

/** Every page in one step: one read transaction, so the copy is the database at one instant. */
const ALL_PAGES = 0x7fffffff;

/**
 * A consistent copy of a live SQLite database: SQLite's online backup (better-sqlite3's
 * `backup`), run beside the server. The copy is taken in one step, inside one read transaction, so
 * it is the database as it stood at one moment however busy the server is; in WAL mode the server
 * goes on writing meanwhile. The copy is written beside the target and renamed into place once
 * whole, so a backup cut short never leaves a torn file under the target's name.
 */
export async function backupSqlite(from: string, to: string): Promise<BackupDone> {
  if (!existsSync(from)) throw new Error(`no database at ${from}`);
  if (existsSync(to)) throw new Error(`${to} exists already: back up to a new file`);
  const started = Date.now();
  const partial = `${to}.partial`;
  rmSync(partial, { force: true });
  const db = new Database(from, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const done = await db.backup(partial, { progress: () => ALL_PAGES });
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    renameSync(partial, to);
    return { pages: done.totalPages, bytes: done.totalPages * pageSize, ms: Date.now() - started };
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    db.close();
  }
}
