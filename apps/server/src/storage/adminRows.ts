import type { AdminActionName } from '@flightchess/protocol';
import type { AdminAction, Ban, Notice } from './Storage';
import type { Row } from './rows';

/**
 * The operator console's statements and rows (migration 6: bans, notices, admin_actions), the same in
 * both dialects but for the placeholders (`param(n)`: the n-th).
 */
export const adminSql = (param: (n: number) => string) => ({
  ban: `INSERT INTO bans (player_id, reason, created_at, address, address_until) VALUES (${param(1)}, ${param(2)}, ${param(3)}, ${param(4)}, ${param(5)})
        ON CONFLICT (player_id) DO UPDATE SET reason = excluded.reason, created_at = excluded.created_at,
          address = excluded.address, address_until = excluded.address_until`,
  liftBan: `DELETE FROM bans WHERE player_id = ${param(1)}`,
  liftAddressBan: `UPDATE bans SET address = '', address_until = 0 WHERE player_id = ${param(1)} AND address <> ''`,
  // The player's own ban, or a ban of the address they come from that has not run out ('' is no address).
  isBanned: `SELECT 1 FROM bans WHERE player_id = ${param(1)} OR (address = ${param(2)} AND address <> '' AND address_until > ${param(3)}) LIMIT 1`,
  bans: `SELECT b.player_id, b.reason, b.created_at, b.address, b.address_until, p.nickname FROM bans b LEFT JOIN players p ON p.id = b.player_id
         ORDER BY b.created_at DESC, b.player_id`,
  // Every seat asked for sees the player: written only when the address changed (the third is the first again).
  sawPlayer: `UPDATE players SET last_address = ${param(1)} WHERE id = ${param(2)} AND last_address <> ${param(3)}`,
  lastAddress: `SELECT last_address FROM players WHERE id = ${param(1)}`,
  setNotice: `INSERT INTO notices (id, text, updated_at) VALUES (1, ${param(1)}, ${param(2)})
              ON CONFLICT (id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`,
  clearNotice: 'DELETE FROM notices',
  notice: 'SELECT text, updated_at FROM notices WHERE id = 1',
  recordAction: `INSERT INTO admin_actions (at, address, action, target, detail) VALUES (${param(1)}, ${param(2)}, ${param(3)}, ${param(4)}, ${param(5)})`,
  actions: `SELECT at, address, action, target, detail FROM admin_actions ORDER BY id DESC LIMIT ${param(1)}`,
});

export const banOf = (r: Row): Ban => ({
  playerId: r.player_id as string,
  nickname: (r.nickname as string | null) ?? null,
  reason: r.reason as string,
  at: r.created_at as number,
  address: (r.address as string) === '' ? null : (r.address as string),
  addressUntil: (r.address as string) === '' ? null : Number(r.address_until),
});

export const noticeOf = (r: Row | undefined): Notice | null => (r ? { text: r.text as string, at: r.updated_at as number } : null);

export const adminActionOf = (r: Row): AdminAction => ({
  at: r.at as number,
  address: r.address as string,
  action: r.action as AdminActionName,
  target: r.target as string,
  detail: r.detail as string,
});

/** An audit entry's values in the order recordAction takes them. */
export const adminActionValues = (e: AdminAction): unknown[] => [e.at, e.address, e.action, e.target, e.detail];
