import type { PlayerSummary } from '@flightchess/protocol';
import type { Row, Sql } from '../storage/sql';

/** The players' records: who they are, their lifetime totals (written by the match repository), the leaderboard. */
export interface PlayerStorage {
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

/** A new player's row, inside the caller's transaction (a guest is made with its first device: accounts/guestRepository.ts). */
export async function insertPlayer(
  tx: Sql,
  player: { readonly id: string; readonly nickname: string; readonly createdAt: number },
): Promise<void> {
  await tx.run(`INSERT INTO players (id, nickname, secret_hash, created_at) VALUES (?, ?, '', ?)`, [
    player.id,
    player.nickname,
    player.createdAt,
  ]);
}

export function playerRepository(sql: Sql): PlayerStorage {
  return {
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
    // Guests with no game at all — nor a login, a passkey, a second device or a friend.
    deleteIdleGuests: (createdBefore) =>
      sql.run(
        `DELETE FROM players WHERE games = 0 AND created_at < ?
           AND NOT EXISTS (SELECT 1 FROM match_seats s WHERE s.player_id = players.id)
           AND NOT EXISTS (SELECT 1 FROM logins l WHERE l.player_id = players.id)
           AND NOT EXISTS (SELECT 1 FROM passkeys k WHERE k.player_id = players.id)
           AND NOT EXISTS (SELECT 1 FROM friendships f WHERE f.player_id = players.id)
           AND (SELECT COUNT(*) FROM devices d WHERE d.player_id = players.id) <= 1`,
        [createdBefore],
      ),
  };
}
