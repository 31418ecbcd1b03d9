import type { Ban } from '@flightchess/protocol';
import type { Row, Sql } from '../storage/sql';

/** The operator's bans (migrations 6 and 10), and where each player was seen from last (an address ban takes it). */
export interface BanStorage {
  /** Ban a guest; banning again replaces the reason and time. */
  banPlayer(ban: NewBan): Promise<void>;
  /** Lift a ban, and its address's with it; false when the guest was not banned. */
  liftBan(playerId: string): Promise<boolean>;
  /** Lift only the address part of a player's ban; false when it had none. */
  liftAddressBan(playerId: string): Promise<boolean>;
  /** Whether the player is banned, or `address` is (by a ban that has not run out at `now`). */
  isBanned(playerId: string, address: string, now: number): Promise<boolean>;
  /** Where the player was seen from last (an address ban takes it); '' when never. */
  sawPlayer(playerId: string, address: string): Promise<void>;
  lastAddress(playerId: string): Promise<string>;
  /** Every ban, newest first, with the guest's nickname. */
  bans(): Promise<Ban[]>;
}

export interface NewBan {
  readonly playerId: string;
  readonly reason: string;
  readonly at: number;
  /** The address banned with the player ('' for none), until `addressUntil`. */
  readonly address: string;
  readonly addressUntil: number;
}

const banOf = (r: Row): Ban => ({
  playerId: r.player_id as string,
  nickname: (r.nickname as string | null) ?? null,
  reason: r.reason as string,
  at: r.created_at as number,
  address: (r.address as string) === '' ? null : (r.address as string),
  addressUntil: (r.address as string) === '' ? null : Number(r.address_until),
});

export function banRepository(sql: Sql): BanStorage {
  return {
    banPlayer: async (ban) =>
      void (await sql.run(
        `INSERT INTO bans (player_id, reason, created_at, address, address_until) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (player_id) DO UPDATE SET reason = excluded.reason, created_at = excluded.created_at,
           address = excluded.address, address_until = excluded.address_until`,
        [ban.playerId, ban.reason, ban.at, ban.address, ban.addressUntil],
      )),
    liftBan: async (playerId) => (await sql.run('DELETE FROM bans WHERE player_id = ?', [playerId])) > 0,
    liftAddressBan: async (playerId) =>
      (await sql.run(`UPDATE bans SET address = '', address_until = 0 WHERE player_id = ? AND address <> ''`, [playerId])) > 0,
    // The player's own ban, or a ban of the address they come from that has not run out ('' is no address).
    isBanned: async (playerId, address, now) =>
      (await sql.get(`SELECT 1 FROM bans WHERE player_id = ? OR (address = ? AND address <> '' AND address_until > ?) LIMIT 1`, [
        playerId,
        address,
        now,
      ])) !== undefined,
    // Every seat asked for sees the player: written only when the address changed.
    sawPlayer: async (playerId, address) =>
      void (await sql.run('UPDATE players SET last_address = ? WHERE id = ? AND last_address <> ?', [address, playerId, address])),
    lastAddress: async (playerId) =>
      ((await sql.get('SELECT last_address FROM players WHERE id = ?', [playerId]))?.last_address as string | undefined) ?? '',
    bans: async () =>
      (
        await sql.all(`SELECT b.player_id, b.reason, b.created_at, b.address, b.address_until, p.nickname FROM bans b LEFT JOIN players p ON p.id = b.player_id
                       ORDER BY b.created_at DESC, b.player_id`)
      ).map(banOf),
  };
}
