import type { Invitation, InvitationStatus } from '@flightchess/protocol';
import type { Row, Sql } from '../storage/sql';

/** A new invitation as the service makes it. */
export interface NewInvitation {
  readonly id: string;
  readonly fromId: string;
  readonly toId: string;
  readonly roomId: string;
  readonly table: Invitation['table'];
  readonly at: number;
  readonly expiresAt: number;
}

/** What invitations/ keeps (migration 16). */
export interface InvitationStorage {
  /** Store a new one; one still pending from the same player to the same player for the same table expires (the new one replaces it). */
  create(invitation: NewInvitation): Promise<Invitation>;
  get(id: string): Promise<Invitation | null>;
  /** The invitee's answer, when it is theirs and still pending at `at`: the invitation as answered, else null. */
  answer(id: string, toId: string, status: 'accepted' | 'declined', at: number): Promise<Invitation | null>;
  /** The table's game started: what was pending for it expires. Answers those. */
  expireRoom(roomId: string): Promise<Invitation[]>;
  /** What was pending past its time expires (each once, whichever process asks). Answers those. */
  expireDue(at: number): Promise<Invitation[]>;
  /** Invitations to the player still pending at `now`, newest first. */
  incoming(playerId: string, now: number): Promise<Invitation[]>;
  /** Invitations the player sent since `since`, newest first, whatever became of them. */
  outgoing(playerId: string, since: number): Promise<Invitation[]>;
  /** Whether an invitation lets this player into this table now: theirs, for it, and pending (in time) or accepted. */
  admits(id: string, playerId: string, roomId: string, now: number): Promise<boolean>;
}

const SELECT = `SELECT i.id, i.from_id, f.nickname AS from_nickname, i.to_id, t.nickname AS to_nickname, i.room_id, i.table_json,
  i.created_at, i.expires_at, i.status FROM invitations i JOIN players f ON f.id = i.from_id JOIN players t ON t.id = i.to_id`;

const invitationOf = (r: Row): Invitation => ({
  id: r.id as string,
  from: { playerId: r.from_id as string, nickname: r.from_nickname as string },
  to: { playerId: r.to_id as string, nickname: r.to_nickname as string },
  roomId: r.room_id as string,
  table: JSON.parse(r.table_json as string) as Invitation['table'],
  at: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  status: r.status as InvitationStatus,
});

export function invitationRepository(sql: Sql): InvitationStorage {
  const byIds = async (rows: Row[]): Promise<Invitation[]> => {
    const found: Invitation[] = [];
    for (const r of rows) {
      const row = await sql.get(`${SELECT} WHERE i.id = ?`, [r.id]);
      if (row) found.push(invitationOf(row));
    }
    return found;
  };
  const get = async (id: string) => {
    const row = await sql.get(`${SELECT} WHERE i.id = ?`, [id]);
    return row ? invitationOf(row) : null;
  };
  return {
    create: async (i) => {
      await sql.transaction(async (tx) => {
        await tx.run(
          `UPDATE invitations SET status = 'expired', answered_at = ? WHERE from_id = ? AND to_id = ? AND room_id = ? AND status = 'pending'`,
          [i.at, i.fromId, i.toId, i.roomId],
        );
        await tx.run(
          `INSERT INTO invitations (id, from_id, to_id, room_id, table_json, created_at, expires_at, status) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending')`,
          [i.id, i.fromId, i.toId, i.roomId, JSON.stringify(i.table), i.at, i.expiresAt],
        );
      });
      return (await get(i.id))!;
    },
    get,
    answer: async (id, toId, status, at) => {
      const changed = await sql.run(
        `UPDATE invitations SET status = ?, answered_at = ? WHERE id = ? AND to_id = ? AND status = 'pending' AND expires_at > ?`,
        [status, at, id, toId, at],
      );
      return changed > 0 ? get(id) : null;
    },
    expireRoom: async (roomId) =>
      byIds(await sql.all(`UPDATE invitations SET status = 'expired' WHERE room_id = ? AND status = 'pending' RETURNING id`, [roomId])),
    expireDue: async (at) =>
      byIds(await sql.all(`UPDATE invitations SET status = 'expired' WHERE status = 'pending' AND expires_at <= ? RETURNING id`, [at])),
    incoming: async (playerId, now) =>
      (
        await sql.all(`${SELECT} WHERE i.to_id = ? AND i.status = 'pending' AND i.expires_at > ? ORDER BY i.created_at DESC, i.id`, [
          playerId,
          now,
        ])
      ).map(invitationOf),
    outgoing: async (playerId, since) =>
      (await sql.all(`${SELECT} WHERE i.from_id = ? AND i.created_at > ? ORDER BY i.created_at DESC, i.id`, [playerId, since])).map(
        invitationOf,
      ),
    admits: async (id, playerId, roomId, now) =>
      !!(await sql.get(
        `SELECT 1 AS x FROM invitations WHERE id = ? AND to_id = ? AND room_id = ?
         AND (status = 'accepted' OR (status = 'pending' AND expires_at > ?))`,
        [id, playerId, roomId, now],
      )),
  };
}
