import type { PlayerSummary } from '@flightchess/protocol';
import { accountRepository } from '../accounts/accountRepository';
import type { Row, Sql } from '../storage/sql';

/** The players' records: who they are, their lifetime totals (written by the match repository), the leaderboard. */
export interface PlayerStorage {
  /** A new player and its first device (signed in with `secretHash`), at once. */
  createPlayer(player: NewPlayer): Promise<void>;
  getPlayer(id: string): Promise<PlayerRecord | null>;
  /** A player's new nickname, for the tables they sit at from now on; the matches played keep the name they were played under. */
  renamePlayer(id: string, nickname: string): Promise<void>;
  leaderboard(limit: number): Promise<PlayerSummary[]>;
  /**
   * Delete the guests created before `createdBefore` who never sat at a game; returns how many. Players
   * with games are kept forever, and so are those with a login, a passkey or more than one device.
   */
  deleteIdleGuests(createdBefore: number): Promise<number>;
}

export interface NewPlayer {
  readonly id: string;
  readonly nickname: string;
  /** SHA-256 hex of the first device's secret: the secret itself is never stored. */
  readonly secretHash: string;
  readonly createdAt: number;
  /** The first device's id (default: the player's id) and name (from its browser). */
  readonly deviceId?: string;
  readonly deviceName?: string;
}

export interface PlayerRecord extends PlayerSummary {
  readonly createdAt: number;
}

const playerSummary = (r: Row): PlayerSummary => ({
  id: r.id as string,
  nickname: r.nickname as string,
  lifetimeScore: r.lifetime_score as number,
  coins: r.coins as number,
  games: r.games as number,
  wins: r.wins as number,
});

const playerRecord = (r: Row): PlayerRecord => ({ ...playerSummary(r), createdAt: r.created_at as number });

export function playerRepository(sql: Sql): PlayerStorage {
  return {
    createPlayer: (p) =>
      sql.transaction(
        async (tx) => {
          await tx.run(`INSERT INTO players (id, nickname, secret_hash, created_at) VALUES (?, ?, '', ?)`, [p.id, p.nickname, p.createdAt]);
          await accountRepository(tx).addDevice({
            id: p.deviceId ?? p.id,
            playerId: p.id,
            secretHash: p.secretHash,
            name: p.deviceName ?? '',
            createdAt: p.createdAt,
            lastSeenAt: p.createdAt,
          });
        },
        { durable: true },
      ),
    getPlayer: async (id) => {
      const r = await sql.get('SELECT * FROM players WHERE id = ?', [id]);
      return r ? playerRecord(r) : null;
    },
    renamePlayer: (id, nickname) =>
      sql.transaction(async (tx) => void (await tx.run('UPDATE players SET nickname = ? WHERE id = ?', [nickname, id])), { durable: true }),
    leaderboard: async (limit) =>
      (await sql.all('SELECT * FROM players WHERE games > 0 ORDER BY lifetime_score DESC, wins DESC, id LIMIT ?', [limit])).map(
        playerSummary,
      ),
    // Guests with no game at all — nor a login, a passkey or a second device.
    deleteIdleGuests: (createdBefore) =>
      sql.run(
        `DELETE FROM players WHERE games = 0 AND created_at < ?
           AND NOT EXISTS (SELECT 1 FROM match_seats s WHERE s.player_id = players.id)
           AND NOT EXISTS (SELECT 1 FROM logins l WHERE l.player_id = players.id)
           AND NOT EXISTS (SELECT 1 FROM passkeys k WHERE k.player_id = players.id)
           AND (SELECT COUNT(*) FROM devices d WHERE d.player_id = players.id) <= 1`,
        [createdBefore],
      ),
  };
}
