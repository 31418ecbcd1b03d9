import type { RatingMode } from '@flightchess/rules';
import { skillOf } from '@flightchess/rules';
import Database from 'better-sqlite3';
import type { Guest } from './players';

/** Write straight to a test server's SQLite database (WAL: the server reads it at once). */
export function writeDirectly(dbFile: string, sql: string, ...values: unknown[]): void {
  const db = new Database(dbFile);
  try {
    db.prepare(sql).run(...values);
  } finally {
    db.close();
  }
}

/** The guest's rating in `mode`, as 20 finished rated games would have left it. */
export function rateDirectly(dbFile: string, guest: Guest, mode: RatingMode, rating: number): void {
  const { mu, sigma } = skillOf(rating, 80);
  writeDirectly(
    dbFile,
    'INSERT INTO player_ratings (player_id, mode, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, 20, 1)',
    guest.playerId,
    mode,
    mu,
    sigma,
  );
}
