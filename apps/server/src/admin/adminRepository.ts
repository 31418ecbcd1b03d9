import type { AdminAction, AdminActionName, Ban, Notice } from '@flightchess/protocol';
import type { Row, Sql } from '../storage/sql';

/** The operator's console (migration 6): bans, the notice on every page, the audit of its actions. */
export interface AdminStorage {
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
  /** The notice every page shows; null clears it. */
  setNotice(notice: Notice | null): Promise<void>;
  notice(): Promise<Notice | null>;
  recordAdminAction(entry: AdminAction): Promise<void>;
  /** The newest entries of the audit, newest first. */
  adminActions(limit: number): Promise<AdminAction[]>;
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

const adminActionOf = (r: Row): AdminAction => ({
  at: r.at as number,
  address: r.address as string,
  action: r.action as AdminActionName,
  target: r.target as string,
  detail: r.detail as string,
});

export function adminRepository(sql: Sql): AdminStorage {
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
    setNotice: async (notice) => {
      if (!notice) await sql.run('DELETE FROM notices');
      else {
        await sql.run(
          'INSERT INTO notices (id, text, updated_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at',
          [notice.text, notice.at],
        );
      }
    },
    notice: async () => {
      const r = await sql.get('SELECT text, updated_at FROM notices WHERE id = 1');
      return r ? { text: r.text as string, at: r.updated_at as number } : null;
    },
    recordAdminAction: async (e) =>
      void (await sql.run('INSERT INTO admin_actions (at, address, action, target, detail) VALUES (?, ?, ?, ?, ?)', [
        e.at,
        e.address,
        e.action,
        e.target,
        e.detail,
      ])),
    adminActions: async (limit) =>
      (await sql.all('SELECT at, address, action, target, detail FROM admin_actions ORDER BY id DESC LIMIT ?', [limit])).map(adminActionOf),
  };
}
