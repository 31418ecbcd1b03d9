import { NOTIFICATIONS_KEPT, type Notification, type NotificationKind } from '@flightchess/protocol';
import type { Row, Sql } from '../storage/sql';

/** What notifications/ keeps (migration 17). */
export interface NotificationStorage {
  /** A new notice for the player; beyond NOTIFICATIONS_KEPT the oldest go. */
  add(n: { id: string; playerId: string; kind: NotificationKind; fromId: string; roomId?: string; at: number }): Promise<void>;
  /** The player's notices, newest first. */
  latest(playerId: string): Promise<Notification[]>;
  unread(playerId: string): Promise<number>;
  /** Every notice of the player read as of `at`; how many were unread. */
  readAll(playerId: string, at: number): Promise<number>;
}

const notificationOf = (r: Row): Notification => ({
  id: r.id as string,
  kind: r.kind as NotificationKind,
  from: { playerId: r.from_id as string, nickname: r.nickname as string },
  ...(r.room_id ? { roomId: r.room_id as string } : {}),
  at: Number(r.created_at),
  read: r.read_at !== null && r.read_at !== undefined,
});

export function notificationRepository(sql: Sql): NotificationStorage {
  return {
    add: (n) =>
      sql.transaction(async (tx) => {
        await tx.run('INSERT INTO notifications (id, player_id, kind, from_id, room_id, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
          n.id,
          n.playerId,
          n.kind,
          n.fromId,
          n.roomId ?? null,
          n.at,
        ]);
        await tx.run(
          `DELETE FROM notifications WHERE player_id = ? AND id NOT IN
           (SELECT id FROM notifications WHERE player_id = ? ORDER BY created_at DESC, id DESC LIMIT ${NOTIFICATIONS_KEPT})`,
          [n.playerId, n.playerId],
        );
      }),
    latest: async (playerId) =>
      (
        await sql.all(
          `SELECT n.id, n.kind, n.from_id, p.nickname, n.room_id, n.created_at, n.read_at FROM notifications n
           JOIN players p ON p.id = n.from_id WHERE n.player_id = ? ORDER BY n.created_at DESC, n.id DESC`,
          [playerId],
        )
      ).map(notificationOf),
    unread: async (playerId) =>
      Number((await sql.get('SELECT COUNT(*) AS n FROM notifications WHERE player_id = ? AND read_at IS NULL', [playerId]))?.n ?? 0),
    readAll: (playerId, at) => sql.run('UPDATE notifications SET read_at = ? WHERE player_id = ? AND read_at IS NULL', [at, playerId]),
  };
}
