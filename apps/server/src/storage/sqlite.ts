import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Action } from '@flightchess/rules';
import type { AccountStorage } from '../accounts/AccountStorage';
import { SqlAccounts, sqliteRunner } from '../accounts/accountStore';
import { sqliteCompactor } from './compactStored';
import { MIGRATIONS, type Migration } from './migrations';
import { type Row, firstDevice, idleGuestsSql, probeSql, matchPrivacy, matchPrivacySql, matchRecord, matchSummary, playerRecord, playerSummary, recentMatchesSql, storedMatch } from './rows';
import { adminActionOf, adminActionValues, adminSql, banOf, noticeOf } from './adminRows';
import {
  type AdminAction,
  type Ban,
  type LeaseClaim,
  type MatchFinish,
  type MatchPrivacy,
  type MatchRecord,
  type MatchStart,
  type MatchSummary,
  type MatchesShown,
  type NewBan,
  type NewPlayer,
  type Notice,
  type PlayerRecord,
  type PlayerSummary,
  type Presence,
  type Storage,
  StorageConflict,
  type StoredMatch,
} from './Storage';

/** Apply every migration newer than the database's version; returns the versions applied. */
export function migrate(db: Database.Database, migrations: readonly Migration<Database.Database>[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const current = (db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null }).v ?? 0;
  const applied: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (m.version <= current) continue;
    m.rewrite?.(db);
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
    })();
    applied.push(m.version);
  }
  return applied;
}

/** Every statement the store runs, prepared once when it opens (preparing costs more than running). */
function statements(db: Database.Database) {
  return {
    createPlayer: db.prepare('INSERT INTO players (id, nickname, secret_hash, created_at) VALUES (?, ?, ?, ?)'),
    addDevice: db.prepare('INSERT INTO devices (id, player_id, secret_hash, name, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)'),
    getPlayer: db.prepare('SELECT * FROM players WHERE id = ?'),
    renamePlayer: db.prepare('UPDATE players SET nickname = ? WHERE id = ?'),
    startMatch: db.prepare(
      `INSERT INTO matches (id, table_id, preset, setup, base, turn_seconds, commitment, seed, status, started_at,
         engine, code, private, host_id, owner, lease_until, watchable)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'playing', ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    startSeat: db.prepare('INSERT INTO match_seats (match_id, colour, kind, bot, player_id, name) VALUES (?, ?, ?, ?, ?, ?)'),
    // One statement: the owner check and the append cannot be separated by another process's claim.
    appendAction: db.prepare(
      `INSERT OR IGNORE INTO match_actions (match_id, idx, action, at)
       SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM matches WHERE id = ? AND owner = ? AND status = 'playing')`,
    ),
    setPresence: db.prepare(`UPDATE matches SET presence = ? WHERE id = ? AND owner = ? AND status = 'playing'`),
    finishMatch: db.prepare(
      `UPDATE matches SET status = 'finished', result = ?, ended_at = ?, owner = NULL WHERE id = ? AND owner = ? AND status = 'playing' RETURNING id, seed`,
    ),
    finishSeat: db.prepare(
      `UPDATE match_seats SET score = ?, coins = ?, arrived = ?, rank = ?, escape_penalty = ?, lifetime_after = ?,
         level_after = ?, out_reason = ?, winner = ? WHERE match_id = ? AND colour = ? RETURNING player_id`,
    ),
    addToPlayer: db.prepare(
      `UPDATE players SET lifetime_score = lifetime_score + ?, coins = coins + ?, games = games + 1, wins = wins + ? WHERE id = ?`,
    ),
    isFinished: db.prepare(`SELECT 1 FROM matches WHERE id = ? AND status = 'finished'`),
    abortMatch: db.prepare(
      `UPDATE matches SET status = 'aborted', abort_reason = ?, ended_at = ?, owner = NULL WHERE id = ? AND status = 'playing' RETURNING id, seed`,
    ),
    unfinished: db.prepare(`SELECT id FROM matches WHERE status = 'playing' AND (lease_until < ? OR ?) ORDER BY started_at`),
    claim: db.prepare(
      `UPDATE matches SET owner = ?, lease_until = ? WHERE id = ? AND status = 'playing' AND (lease_until < ? OR ?) RETURNING *`,
    ),
    renew: db.prepare(`UPDATE matches SET lease_until = ? WHERE owner = ? AND status = 'playing'`),
    release: db.prepare(`UPDATE matches SET lease_until = 0 WHERE id = ? AND owner = ? AND status = 'playing'`),
    getMatch: db.prepare('SELECT * FROM matches WHERE id = ?'),
    seats: db.prepare('SELECT * FROM match_seats WHERE match_id = ? ORDER BY colour'),
    actions: db.prepare('SELECT action FROM match_actions WHERE match_id = ? ORDER BY idx'),
    matchPrivacy: db.prepare(matchPrivacySql('?')),
    recentMatches: { all: db.prepare(recentMatchesSql('?', '?', 'all')), public: db.prepare(recentMatchesSql('?', '?', 'public')) },
    leaderboard: db.prepare('SELECT * FROM players WHERE games > 0 ORDER BY lifetime_score DESC, wins DESC, id LIMIT ?'),
    deleteIdleGuests: db.prepare(idleGuestsSql('?')),
    probe: db.prepare(probeSql('?')),
    admin: Object.fromEntries(Object.entries(adminSql(() => '?')).map(([name, sql]) => [name, db.prepare(sql)])) as Record<keyof ReturnType<typeof adminSql>, Database.Statement>,
  };
}

/**
 * The embedded store: one SQLite file (WAL mode), opened synchronously, exposed through the async interface.
 *
 * Every write is in the log before the call returns, so a crash of the process loses nothing. Only the
 * writes that must also survive a power cut wait for the disk (a new player, a game's start, its result:
 * `durably`); each such sync also makes every write before it durable. Actions do not: a sync per
 * action blocked the event loop for 0.1 ms on this machine's disk (milliseconds on a slow one), most
 * of a 1,000-table server's time. A power cut may then take a game back by its last few actions.
 */
export class SqliteStorage implements Storage {
  private readonly db: Database.Database;
  private readonly sql: ReturnType<typeof statements>;
  readonly accounts: AccountStorage;
  /** An ended match's rows become its compact log, in the transaction that ends it. */
  private readonly compact: ReturnType<typeof sqliteCompactor>;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    migrate(this.db);
    this.sql = statements(this.db);
    this.accounts = new SqlAccounts(sqliteRunner(this.db));
    this.compact = sqliteCompactor(this.db);
  }

  /** Write with a sync of the log to the disk: it survives a power cut, and so does every write before it. */
  private durably<T>(write: () => T): T {
    this.db.pragma('synchronous = FULL');
    try {
      return write();
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
  }

  async createPlayer(p: NewPlayer): Promise<void> {
    const d = firstDevice(p);
    this.durably(this.db.transaction(() => {
      this.sql.createPlayer.run(p.id, p.nickname, '', p.createdAt);
      this.sql.addDevice.run(d.id, d.playerId, d.secretHash, d.name, d.createdAt, d.lastSeenAt);
    }));
  }

  async getPlayer(id: string): Promise<PlayerRecord | null> {
    const r = this.sql.getPlayer.get(id) as Row | undefined;
    return r ? playerRecord(r) : null;
  }

  async renamePlayer(id: string, nickname: string): Promise<void> {
    this.durably(() => this.sql.renamePlayer.run(nickname, id));
  }

  async startMatch(m: MatchStart): Promise<void> {
    this.durably(this.db.transaction(() => {
      this.sql.startMatch.run(
        m.id,
        m.tableId,
        m.setup.preset,
        JSON.stringify(m.setup),
        m.base,
        m.turnSeconds,
        m.commitment,
        m.seed,
        m.startedAt,
        m.engine,
        m.code,
        m.private ? 1 : 0,
        m.hostId,
        m.owner,
        m.leaseUntil,
        m.watchable ? 1 : 0,
      );
      for (const s of m.seats) this.sql.startSeat.run(m.id, s.colour, s.kind, s.bot, s.playerId, s.name);
    }));
  }

  async appendAction(matchId: string, owner: string, index: number, action: Action, at: number): Promise<void> {
    const appended = this.sql.appendAction.run(matchId, index, JSON.stringify(action), at, matchId, owner);
    if (appended.changes === 0) throw new StorageConflict(`action ${index} of match ${matchId}: not written (taken, or the match is no longer this process's)`);
  }

  async setPresence(matchId: string, owner: string, presence: Presence): Promise<void> {
    const set = this.sql.setPresence.run(JSON.stringify(presence), matchId, owner);
    if (set.changes === 0) throw new StorageConflict(`presence of match ${matchId}: the match is no longer this process's`);
  }

  async finishMatch(f: MatchFinish): Promise<void> {
    this.durably(this.db.transaction(() => {
      const ended = this.sql.finishMatch.get(JSON.stringify(f.result), f.endedAt, f.id, f.owner) as { id: string; seed: string } | undefined;
      if (!ended) {
        if (this.sql.isFinished.get(f.id)) return; // recorded already: once only
        throw new StorageConflict(`finishing match ${f.id}: the match is no longer this process's`);
      }
      for (const s of f.seats) {
        const row = this.sql.finishSeat.get(s.score, s.coins, s.arrived, s.rank, s.escapePenalty, s.lifetimeAfter, s.levelAfter, s.out, s.winner ? 1 : 0, f.id, s.colour) as
          | { player_id: string | null }
          | undefined;
        if (row?.player_id) this.sql.addToPlayer.run(s.score, s.coins, s.winner ? 1 : 0, row.player_id);
      }
      this.compact(ended);
    }));
  }

  async abortMatch(matchId: string, reason: string, at: number): Promise<void> {
    this.db.transaction(() => {
      const ended = this.sql.abortMatch.get(reason, at, matchId) as { id: string; seed: string } | undefined;
      if (ended) this.compact(ended);
    })();
  }

  async unfinishedMatches(now: number, all: boolean): Promise<string[]> {
    return (this.sql.unfinished.all(now, all ? 1 : 0) as { id: string }[]).map((r) => r.id);
  }

  async claimMatch(matchId: string, c: LeaseClaim): Promise<StoredMatch | null> {
    return this.db.transaction(() => {
      const m = this.sql.claim.get(c.owner, c.until, matchId, c.now, c.force ? 1 : 0) as Row | undefined;
      return m ? storedMatch(m, this.sql.seats.all(matchId) as Row[], this.sql.actions.all(matchId) as Row[]) : null;
    })();
  }

  async renewLeases(owner: string, until: number): Promise<void> {
    this.sql.renew.run(until, owner);
  }

  async releaseLease(matchId: string, owner: string): Promise<void> {
    this.sql.release.run(matchId, owner);
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    const m = this.sql.getMatch.get(id) as Row | undefined;
    return m ? matchRecord(m, this.sql.seats.all(id) as Row[], this.sql.actions.all(id) as Row[]) : null;
  }

  async matchPrivacy(id: string): Promise<MatchPrivacy | null> {
    const m = this.sql.matchPrivacy.get(id) as Row | undefined;
    return m ? matchPrivacy(m) : null;
  }

  async recentMatches(playerId: string, limit: number, shown: MatchesShown): Promise<MatchSummary[]> {
    return (this.sql.recentMatches[shown].all(playerId, limit) as Row[]).map(matchSummary);
  }

  async leaderboard(limit: number): Promise<PlayerSummary[]> {
    return (this.sql.leaderboard.all(limit) as Row[]).map(playerSummary);
  }

  async deleteIdleGuests(createdBefore: number): Promise<number> {
    return this.sql.deleteIdleGuests.run(createdBefore).changes;
  }

  async probe(at: number): Promise<void> {
    this.sql.probe.run(at);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  async banPlayer(ban: NewBan): Promise<void> {
    this.sql.admin.ban.run(ban.playerId, ban.reason, ban.at, ban.address, ban.addressUntil);
  }

  async liftBan(playerId: string): Promise<boolean> {
    return this.sql.admin.liftBan.run(playerId).changes > 0;
  }

  async liftAddressBan(playerId: string): Promise<boolean> {
    return this.sql.admin.liftAddressBan.run(playerId).changes > 0;
  }

  async isBanned(playerId: string, address: string, now: number): Promise<boolean> {
    return this.sql.admin.isBanned.get(playerId, address, now) !== undefined;
  }

  async sawPlayer(playerId: string, address: string): Promise<void> {
    this.sql.admin.sawPlayer.run(address, playerId, address);
  }

  async lastAddress(playerId: string): Promise<string> {
    return ((this.sql.admin.lastAddress.get(playerId) as Row | undefined)?.last_address as string | undefined) ?? '';
  }

  async bans(): Promise<Ban[]> {
    return (this.sql.admin.bans.all() as Row[]).map(banOf);
  }

  async setNotice(notice: Notice | null): Promise<void> {
    if (notice) this.sql.admin.setNotice.run(notice.text, notice.at);
    else this.sql.admin.clearNotice.run();
  }

  async notice(): Promise<Notice | null> {
    return noticeOf(this.sql.admin.notice.get() as Row | undefined);
  }

  async recordAdminAction(entry: AdminAction): Promise<void> {
    this.sql.admin.recordAction.run(...adminActionValues(entry));
  }

  async adminActions(limit: number): Promise<AdminAction[]> {
    return (this.sql.admin.actions.all(limit) as Row[]).map(adminActionOf);
  }
}
