import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Action } from '@flightchess/rules';
import { MIGRATIONS, type Migration } from './migrations';
import { type Row, matchRecord, matchSummary, playerRecord, playerSummary, recentMatchesSql } from './rows';
import type { MatchFinish, MatchRecord, MatchStart, MatchSummary, NewPlayer, PlayerRecord, PlayerSummary, Storage } from './Storage';

/** Apply every migration newer than the database's version; returns the versions applied. */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const current = (db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null }).v ?? 0;
  const applied: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
    })();
    applied.push(m.version);
  }
  return applied;
}

/** The embedded store: one SQLite file (WAL mode), opened synchronously, exposed through the async interface. */
export class SqliteStorage implements Storage {
  private readonly db: Database.Database;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    migrate(this.db);
  }

  async createPlayer(p: NewPlayer): Promise<void> {
    this.db
      .prepare('INSERT INTO players (id, nickname, secret_hash, created_at) VALUES (?, ?, ?, ?)')
      .run(p.id, p.nickname, p.secretHash, p.createdAt);
  }

  async getPlayer(id: string): Promise<PlayerRecord | null> {
    const r = this.db.prepare('SELECT * FROM players WHERE id = ?').get(id) as Row | undefined;
    return r ? playerRecord(r) : null;
  }

  async startMatch(m: MatchStart): Promise<void> {
    const insertSeat = this.db.prepare(
      'INSERT INTO match_seats (match_id, colour, kind, player_id, name) VALUES (?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO matches (id, table_id, preset, setup, base, turn_seconds, commitment, seed, status, started_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'playing', ?)`,
        )
        .run(m.id, m.tableId, m.setup.preset, JSON.stringify(m.setup), m.base, m.turnSeconds, m.commitment, m.seed, m.startedAt);
      for (const s of m.seats) insertSeat.run(m.id, s.colour, s.kind, s.playerId, s.name);
    })();
  }

  async appendAction(matchId: string, index: number, action: Action, at: number): Promise<void> {
    this.db
      .prepare('INSERT OR IGNORE INTO match_actions (match_id, idx, action, at) VALUES (?, ?, ?, ?)')
      .run(matchId, index, JSON.stringify(action), at);
  }

  async finishMatch(f: MatchFinish): Promise<void> {
    const db = this.db;
    db.transaction(() => {
      const ended = db
        .prepare(`UPDATE matches SET status = 'finished', result = ?, ended_at = ? WHERE id = ? AND status = 'playing'`)
        .run(JSON.stringify(f.result), f.endedAt, f.id);
      if (ended.changes === 0) return;
      this.insertActions(f.id, f.actions, f.endedAt);
      const seat = db.prepare(
        `UPDATE match_seats SET score = ?, coins = ?, arrived = ?, rank = ?, escape_penalty = ?, lifetime_after = ?,
           level_after = ?, out_reason = ?, winner = ? WHERE match_id = ? AND colour = ? RETURNING player_id`,
      );
      const player = db.prepare(
        `UPDATE players SET lifetime_score = lifetime_score + ?, coins = coins + ?, games = games + 1, wins = wins + ?
         WHERE id = ?`,
      );
      for (const s of f.seats) {
        const row = seat.get(s.score, s.coins, s.arrived, s.rank, s.escapePenalty, s.lifetimeAfter, s.levelAfter, s.out, s.winner ? 1 : 0, f.id, s.colour) as
          | { player_id: string | null }
          | undefined;
        if (row?.player_id) player.run(s.score, s.coins, s.winner ? 1 : 0, row.player_id);
      }
    })();
  }

  async abortMatch(matchId: string, actions: readonly Action[], at: number): Promise<void> {
    this.db.transaction(() => {
      const aborted = this.db
        .prepare(`UPDATE matches SET status = 'aborted', ended_at = ? WHERE id = ? AND status = 'playing'`)
        .run(at, matchId);
      if (aborted.changes > 0) this.insertActions(matchId, actions, at);
    })();
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    const m = this.db.prepare('SELECT * FROM matches WHERE id = ?').get(id) as Row | undefined;
    if (!m) return null;
    const seats = this.db.prepare('SELECT * FROM match_seats WHERE match_id = ? ORDER BY colour').all(id) as Row[];
    const actions = this.db.prepare('SELECT action FROM match_actions WHERE match_id = ? ORDER BY idx').all(id) as Row[];
    return matchRecord(m, seats, actions);
  }

  async recentMatches(playerId: string, limit: number): Promise<MatchSummary[]> {
    return (this.db.prepare(recentMatchesSql('?', '?')).all(playerId, limit) as Row[]).map(matchSummary);
  }

  async leaderboard(limit: number): Promise<PlayerSummary[]> {
    const rows = this.db
      .prepare('SELECT * FROM players WHERE games > 0 ORDER BY lifetime_score DESC, wins DESC, id LIMIT ?')
      .all(limit) as Row[];
    return rows.map(playerSummary);
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private insertActions(matchId: string, actions: readonly Action[], at: number): void {
    const insert = this.db.prepare('INSERT OR IGNORE INTO match_actions (match_id, idx, action, at) VALUES (?, ?, ?, ?)');
    actions.forEach((a, i) => insert.run(matchId, i, JSON.stringify(a), at));
  }
}
