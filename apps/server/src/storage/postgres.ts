import type { Action } from '@flightchess/rules';
import { Pool, type PoolClient, types } from 'pg';
import type { Migration } from './migrations';
import { POSTGRES_MIGRATIONS } from './postgresMigrations';
import { type Row, matchRecord, matchSummary, playerRecord, playerSummary, recentMatchesSql } from './rows';
import type { MatchFinish, MatchRecord, MatchStart, MatchSummary, NewPlayer, PlayerRecord, PlayerSummary, Storage } from './Storage';

const INT8_OID = 20;
/** Epoch milliseconds and COUNT(*) are BIGINT: well inside 2^53, so plain numbers (pg's default is strings). */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? Number : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
};

/** One key for every process of a deployment: migrations run one process at a time. */
const MIGRATION_LOCK = 0x666c6368; // "flch"

async function inTransaction<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

/** Apply every migration newer than the database's version, under an advisory lock; returns the versions applied. */
export async function migratePostgres(pool: Pool, migrations: readonly Migration[] = POSTGRES_MIGRATIONS): Promise<number[]> {
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

/** The networked store for several server processes: PostgreSQL through a pool, same tables as SQLite. */
export class PostgresStorage implements Storage {
  private constructor(private readonly pool: Pool) {}

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
    await this.pool.query('INSERT INTO players (id, nickname, secret_hash, created_at) VALUES ($1, $2, $3, $4)', [
      p.id,
      p.nickname,
      p.secretHash,
      p.createdAt,
    ]);
  }

  async getPlayer(id: string): Promise<PlayerRecord | null> {
    const { rows } = await this.pool.query<Row>('SELECT * FROM players WHERE id = $1', [id]);
    return rows[0] ? playerRecord(rows[0]) : null;
  }

  async startMatch(m: MatchStart): Promise<void> {
    await this.transaction(async (c) => {
      await c.query(
        `INSERT INTO matches (id, table_id, preset, setup, base, turn_seconds, commitment, seed, status, started_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'playing', $9)`,
        [m.id, m.tableId, m.setup.preset, JSON.stringify(m.setup), m.base, m.turnSeconds, m.commitment, m.seed, m.startedAt],
      );
      for (const s of m.seats) {
        await c.query('INSERT INTO match_seats (match_id, colour, kind, player_id, name) VALUES ($1, $2, $3, $4, $5)', [
          m.id,
          s.colour,
          s.kind,
          s.playerId,
          s.name,
        ]);
      }
    });
  }

  async appendAction(matchId: string, index: number, action: Action, at: number): Promise<void> {
    await this.pool.query('INSERT INTO match_actions (match_id, idx, action, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      matchId,
      index,
      JSON.stringify(action),
      at,
    ]);
  }

  async finishMatch(f: MatchFinish): Promise<void> {
    await this.transaction(async (c) => {
      // The row lock taken here makes a concurrent second call wait, then find the match finished.
      const ended = await c.query(`UPDATE matches SET status = 'finished', result = $1, ended_at = $2 WHERE id = $3 AND status = 'playing'`, [
        JSON.stringify(f.result),
        f.endedAt,
        f.id,
      ]);
      if (ended.rowCount === 0) return;
      await this.insertActions(c, f.id, f.actions, f.endedAt);
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
    });
  }

  async abortMatch(matchId: string, actions: readonly Action[], at: number): Promise<void> {
    await this.transaction(async (c) => {
      const aborted = await c.query(`UPDATE matches SET status = 'aborted', ended_at = $1 WHERE id = $2 AND status = 'playing'`, [at, matchId]);
      if ((aborted.rowCount ?? 0) > 0) await this.insertActions(c, matchId, actions, at);
    });
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    const [m, seats, actions] = await Promise.all([
      this.pool.query<Row>('SELECT * FROM matches WHERE id = $1', [id]),
      this.pool.query<Row>('SELECT * FROM match_seats WHERE match_id = $1 ORDER BY colour', [id]),
      this.pool.query<Row>('SELECT action FROM match_actions WHERE match_id = $1 ORDER BY idx', [id]),
    ]);
    return m.rows[0] ? matchRecord(m.rows[0], seats.rows, actions.rows) : null;
  }

  async recentMatches(playerId: string, limit: number): Promise<MatchSummary[]> {
    const { rows } = await this.pool.query<Row>(recentMatchesSql('$1', '$2'), [playerId, limit]);
    return rows.map(matchSummary);
  }

  async leaderboard(limit: number): Promise<PlayerSummary[]> {
    const { rows } = await this.pool.query<Row>('SELECT * FROM players WHERE games > 0 ORDER BY lifetime_score DESC, wins DESC, id LIMIT $1', [
      limit,
    ]);
    return rows.map(playerSummary);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
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

  /** Every action of the log in one statement; rows appended earlier stay as they are. */
  private async insertActions(c: PoolClient, matchId: string, actions: readonly Action[], at: number): Promise<void> {
    await c.query(
      `INSERT INTO match_actions (match_id, idx, action, at)
       SELECT $1, a.ord - 1, a.action, $3 FROM unnest($2::text[]) WITH ORDINALITY AS a(action, ord)
       ON CONFLICT DO NOTHING`,
      [matchId, actions.map((a) => JSON.stringify(a)), at],
    );
  }
}
