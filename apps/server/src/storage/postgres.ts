import type { Action } from '@flightchess/rules';
import { Pool, type PoolClient, types } from 'pg';
import type { AccountStorage } from '../accounts/AccountStorage';
import { SqlAccounts, postgresRunner } from '../accounts/accountStore';
import { ACCOUNT_SQL, deviceValues } from '../accounts/accountRows';
import { compactPostgres } from './compactStored';
import type { Migration } from './migrations';
import { POSTGRES_MIGRATIONS } from './postgresMigrations';
import { inTransaction } from './pgTransaction';
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

const INT8_OID = 20;
/** Epoch milliseconds and COUNT(*) are BIGINT: well inside 2^53, so plain numbers (pg's default is strings). */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? Number : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
};

/** One key for every process of a deployment: migrations run one process at a time. */
const MIGRATION_LOCK = 0x666c6368; // "flch"

/** Apply every migration newer than the database's version, under an advisory lock; returns the versions applied. */
export async function migratePostgres(pool: Pool, migrations: readonly Migration<PoolClient>[] = POSTGRES_MIGRATIONS): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`);
      const current = (await client.query('SELECT MAX(version) AS v FROM schema_migrations')).rows[0]?.v ?? 0;
      const applied: number[] = [];
      for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
        if (m.version <= current) continue;
        await m.rewrite?.(client);
        await inTransaction(client, async () => {
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, Date.now()]);
        });
        applied.push(m.version);
      }
      return applied;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** A connection pool for `url`; an idle connection's error (the server restarted) is reported, not thrown. */
export function postgresPool(url: string, onError: (err: Error) => void): Pool {
  const pool = new Pool({ connectionString: url, types: TYPES, max: 10 });
  pool.on('error', onError);
  return pool;
}

/**
 * The statements run on every action, named so that each pooled connection prepares them once. The
 * owner check and the write are one statement: another process's claim cannot come between them.
 */
const APPEND_ACTION = {
  name: 'fc_append_action',
  text: `INSERT INTO match_actions (match_id, idx, action, at)
         SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM matches WHERE id = $1 AND owner = $5 AND status = 'playing')
         ON CONFLICT DO NOTHING`,
};
const ADMIN = adminSql((n) => `$${n}`);
const SET_PRESENCE = { name: 'fc_set_presence', text: `UPDATE matches SET presence = $1 WHERE id = $2 AND owner = $3 AND status = 'playing'` };

/** The networked store for several server processes: PostgreSQL through a pool, same tables as SQLite. */
export class PostgresStorage implements Storage {
  readonly accounts: AccountStorage;

  private constructor(private readonly pool: Pool) {
    this.accounts = new SqlAccounts(postgresRunner(pool));
  }

  /** Connect and migrate; `onError` hears about connections that fail while idle. */
  static async open(url: string, onError: (err: Error) => void): Promise<PostgresStorage> {
    const pool = postgresPool(url, onError);
    try {
      await migratePostgres(pool);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return new PostgresStorage(pool);
  }

  async createPlayer(p: NewPlayer): Promise<void> {
    await this.transaction(async (c) => {
      await c.query("INSERT INTO players (id, nickname, secret_hash, created_at) VALUES ($1, $2, '', $3)", [p.id, p.nickname, p.createdAt]);
      await c.query(ACCOUNT_SQL.addDevice, [...deviceValues(firstDevice(p))]);
    });
  }

  async getPlayer(id: string): Promise<PlayerRecord | null> {
    const { rows } = await this.pool.query<Row>('SELECT * FROM players WHERE id = $1', [id]);
    return rows[0] ? playerRecord(rows[0]) : null;
  }

  async renamePlayer(id: string, nickname: string): Promise<void> {
    await this.pool.query('UPDATE players SET nickname = $1 WHERE id = $2', [nickname, id]);
  }

  async startMatch(m: MatchStart): Promise<void> {
    await this.transaction(async (c) => {
      await c.query(
        `INSERT INTO matches (id, table_id, preset, setup, base, turn_seconds, commitment, seed, status, started_at,
           engine, code, private, host_id, owner, lease_until, watchable)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'playing', $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
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
          m.private,
          m.hostId,
          m.owner,
          m.leaseUntil,
          m.watchable,
        ],
      );
      for (const s of m.seats) {
        await c.query('INSERT INTO match_seats (match_id, colour, kind, bot, player_id, name) VALUES ($1, $2, $3, $4, $5, $6)', [
          m.id,
          s.colour,
          s.kind,
          s.bot,
          s.playerId,
          s.name,
        ]);
      }
    });
  }

  async appendAction(matchId: string, owner: string, index: number, action: Action, at: number): Promise<void> {
    const appended = await this.pool.query({ ...APPEND_ACTION, values: [matchId, index, JSON.stringify(action), at, owner] });
    if (appended.rowCount === 0) throw new StorageConflict(`action ${index} of match ${matchId}: not written (taken, or the match is no longer this process's)`);
  }

  async setPresence(matchId: string, owner: string, presence: Presence): Promise<void> {
    const set = await this.pool.query({ ...SET_PRESENCE, values: [JSON.stringify(presence), matchId, owner] });
    if (set.rowCount === 0) throw new StorageConflict(`presence of match ${matchId}: the match is no longer this process's`);
  }

  async finishMatch(f: MatchFinish): Promise<void> {
    await this.transaction(async (c) => {
      // The row lock taken here makes a concurrent second call wait, then find the match finished.
      const ended = await c.query<{ id: string; seed: string }>(
        `UPDATE matches SET status = 'finished', result = $1, ended_at = $2, owner = NULL WHERE id = $3 AND owner = $4 AND status = 'playing' RETURNING id, seed`,
        [JSON.stringify(f.result), f.endedAt, f.id, f.owner],
      );
      if (!ended.rows[0]) {
        const finished = await c.query(`SELECT 1 FROM matches WHERE id = $1 AND status = 'finished'`, [f.id]);
        if ((finished.rowCount ?? 0) > 0) return; // recorded already: once only
        throw new StorageConflict(`finishing match ${f.id}: the match is no longer this process's`);
      }
      for (const s of f.seats) {
        const seat = await c.query<{ player_id: string | null }>(
          `UPDATE match_seats SET score = $1, coins = $2, arrived = $3, rank = $4, escape_penalty = $5, lifetime_after = $6,
             level_after = $7, out_reason = $8, winner = $9 WHERE match_id = $10 AND colour = $11 RETURNING player_id`,
          [s.score, s.coins, s.arrived, s.rank, s.escapePenalty, s.lifetimeAfter, s.levelAfter, s.out, s.winner, f.id, s.colour],
        );
        const playerId = seat.rows[0]?.player_id;
        if (playerId) {
          await c.query(
            `UPDATE players SET lifetime_score = lifetime_score + $1, coins = coins + $2, games = games + 1, wins = wins + $3
             WHERE id = $4`,
            [s.score, s.coins, s.winner ? 1 : 0, playerId],
          );
        }
      }
      await compactPostgres(c, ended.rows[0]);
    });
  }

  async abortMatch(matchId: string, reason: string, at: number): Promise<void> {
    await this.transaction(async (c) => {
      const ended = await c.query<{ id: string; seed: string }>(
        `UPDATE matches SET status = 'aborted', abort_reason = $1, ended_at = $2, owner = NULL WHERE id = $3 AND status = 'playing' RETURNING id, seed`,
        [reason, at, matchId],
      );
      if (ended.rows[0]) await compactPostgres(c, ended.rows[0]);
    });
  }

  async unfinishedMatches(now: number, all: boolean): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT id FROM matches WHERE status = 'playing' AND (lease_until < $1 OR $2) ORDER BY started_at`,
      [now, all],
    );
    return rows.map((r) => r.id);
  }

  async claimMatch(matchId: string, c: LeaseClaim): Promise<StoredMatch | null> {
    const claimed = await this.pool.query<Row>(
      `UPDATE matches SET owner = $1, lease_until = $2 WHERE id = $3 AND status = 'playing' AND (lease_until < $4 OR $5) RETURNING *`,
      [c.owner, c.until, matchId, c.now, c.force],
    );
    const m = claimed.rows[0];
    if (!m) return null;
    // Read after the claim: from now on only the new owner appends, so the log read is complete.
    const [seats, actions] = await Promise.all([
      this.pool.query<Row>('SELECT * FROM match_seats WHERE match_id = $1 ORDER BY colour', [matchId]),
      this.pool.query<Row>('SELECT action FROM match_actions WHERE match_id = $1 ORDER BY idx', [matchId]),
    ]);
    return storedMatch(m, seats.rows, actions.rows);
  }

  async renewLeases(owner: string, until: number): Promise<void> {
    await this.pool.query(`UPDATE matches SET lease_until = $1 WHERE owner = $2 AND status = 'playing'`, [until, owner]);
  }

  async releaseLease(matchId: string, owner: string): Promise<void> {
    await this.pool.query(`UPDATE matches SET lease_until = 0 WHERE id = $1 AND owner = $2 AND status = 'playing'`, [matchId, owner]);
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    const [m, seats, actions] = await Promise.all([
      this.pool.query<Row>('SELECT * FROM matches WHERE id = $1', [id]),
      this.pool.query<Row>('SELECT * FROM match_seats WHERE match_id = $1 ORDER BY colour', [id]),
      this.pool.query<Row>('SELECT action FROM match_actions WHERE match_id = $1 ORDER BY idx', [id]),
    ]);
    return m.rows[0] ? matchRecord(m.rows[0], seats.rows, actions.rows) : null;
  }

  async matchPrivacy(id: string): Promise<MatchPrivacy | null> {
    const { rows } = await this.pool.query<Row>(matchPrivacySql('$1'), [id]);
    return rows[0] ? matchPrivacy(rows[0]) : null;
  }

  async recentMatches(playerId: string, limit: number, shown: MatchesShown): Promise<MatchSummary[]> {
    const { rows } = await this.pool.query<Row>(recentMatchesSql('$1', '$2', shown), [playerId, limit]);
    return rows.map(matchSummary);
  }

  async leaderboard(limit: number): Promise<PlayerSummary[]> {
    const { rows } = await this.pool.query<Row>('SELECT * FROM players WHERE games > 0 ORDER BY lifetime_score DESC, wins DESC, id LIMIT $1', [
      limit,
    ]);
    return rows.map(playerSummary);
  }

  async deleteIdleGuests(createdBefore: number): Promise<number> {
    return (await this.pool.query(idleGuestsSql('$1'), [createdBefore])).rowCount ?? 0;
  }

  async probe(at: number): Promise<void> {
    await this.pool.query(probeSql('$1'), [at]);
  }

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }

  async banPlayer(ban: NewBan): Promise<void> {
    await this.pool.query(ADMIN.ban, [ban.playerId, ban.reason, ban.at, ban.address, ban.addressUntil]);
  }

  async liftBan(playerId: string): Promise<boolean> {
    return ((await this.pool.query(ADMIN.liftBan, [playerId])).rowCount ?? 0) > 0;
  }

  async liftAddressBan(playerId: string): Promise<boolean> {
    return ((await this.pool.query(ADMIN.liftAddressBan, [playerId])).rowCount ?? 0) > 0;
  }

  async isBanned(playerId: string, address: string, now: number): Promise<boolean> {
    return ((await this.pool.query(ADMIN.isBanned, [playerId, address, now])).rowCount ?? 0) > 0;
  }

  async sawPlayer(playerId: string, address: string): Promise<void> {
    await this.pool.query(ADMIN.sawPlayer, [address, playerId, address]);
  }

  async lastAddress(playerId: string): Promise<string> {
    return ((await this.pool.query<Row>(ADMIN.lastAddress, [playerId])).rows[0]?.last_address as string | undefined) ?? '';
  }

  async bans(): Promise<Ban[]> {
    return (await this.pool.query<Row>(ADMIN.bans)).rows.map(banOf);
  }

  async setNotice(notice: Notice | null): Promise<void> {
    if (notice) await this.pool.query(ADMIN.setNotice, [notice.text, notice.at]);
    else await this.pool.query(ADMIN.clearNotice);
  }

  async notice(): Promise<Notice | null> {
    return noticeOf((await this.pool.query<Row>(ADMIN.notice)).rows[0]);
  }

  async recordAdminAction(entry: AdminAction): Promise<void> {
    await this.pool.query(ADMIN.recordAction, adminActionValues(entry));
  }

  async adminActions(limit: number): Promise<AdminAction[]> {
    return (await this.pool.query<Row>(ADMIN.actions, [limit])).rows.map(adminActionOf);
  }

  private async transaction(work: (client: PoolClient) => Promise<void>): Promise<void> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await inTransaction(client, () => work(client));
    } catch (err) {
      broken = err as Error;
      throw err;
    } finally {
      // A connection whose transaction failed may be unusable: let the pool drop it rather than reuse it.
      client.release(broken);
    }
  }
}
