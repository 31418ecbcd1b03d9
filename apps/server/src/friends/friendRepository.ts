import type { FriendRequest, InvitationPolicy, SocialSettings } from '@flightchess/protocol';
import { type Row, type Sql, flag } from '../storage/sql';
import { newFriendCode } from './friendCodes';

/** A friend as stored: who, since when, and what their presence starts from. */
export interface StoredFriend {
  readonly playerId: string;
  readonly nickname: string;
  readonly since: number;
  /** When they were last seen leaving the site (0: not since this was kept). */
  readonly lastSeen: number;
  /** The player is told when this friend starts playing. */
  readonly alert: boolean;
}

/** A player's own settings and friend code. */
export interface StoredSettings extends SocialSettings {
  readonly code: string;
}

/** What asking `to` to be friends did. */
export type Asked = 'requested' | 'friends' | 'already';

/** How many friends and requests a player has (the caps of FRIEND_LIMITS). */
export interface FriendCounts {
  readonly friends: number;
  readonly incoming: number;
  readonly outgoing: number;
}

/** What friends/ keeps (migration 15): friendships (a row each way), requests waiting, each player's settings. */
export interface FriendStorage {
  friends(playerId: string): Promise<StoredFriend[]>;
  /** Requests to `playerId` (incoming) or from them (outgoing), newest first. */
  incoming(playerId: string): Promise<FriendRequest[]>;
  outgoing(playerId: string): Promise<FriendRequest[]>;
  counts(playerId: string): Promise<FriendCounts>;
  areFriends(a: string, b: string): Promise<boolean>;
  /** `from` asks `to`: friends at once when `to` had asked `from` already; nothing changes between friends. */
  ask(from: string, to: string, at: number): Promise<Asked>;
  /** `playerId` accepts `from`'s request: false when there is none. */
  accept(playerId: string, from: string, at: number): Promise<boolean>;
  /** `playerId` declines `from`'s request: false when there is none. */
  decline(playerId: string, from: string): Promise<boolean>;
  /** No friendship and no request between the two, either way (a removal, a withdrawal, a block). */
  part(a: string, b: string): Promise<void>;
  /** The player's settings and friend code; made on first use. */
  settings(playerId: string): Promise<StoredSettings>;
  changeSettings(playerId: string, change: Partial<SocialSettings>): Promise<StoredSettings>;
  /** A new friend code for the player: the old one leads nowhere from now on. */
  replaceCode(playerId: string): Promise<StoredSettings>;
  /** Whose friend code this is (codes are stored as written: upper case). */
  byCode(code: string): Promise<string | null>;
  /** The player left the site at `at` (their friends see "last seen"). */
  seen(playerId: string, at: number): Promise<void>;
  /** Tell `playerId` when `friendId` starts playing, or not: false when they are not friends. */
  setAlert(playerId: string, friendId: string, on: boolean): Promise<boolean>;
  /** The friends who asked to be told when this player starts playing. */
  alerted(playerId: string): Promise<string[]>;
}

const request = (r: Row): FriendRequest => ({ playerId: r.id as string, nickname: r.nickname as string, at: Number(r.created_at) });

const settingsOf = (r: Row): StoredSettings => ({
  code: r.friend_code as string,
  appearOffline: flag(r.appear_offline),
  invitations: r.invitations as InvitationPolicy,
});

/** Tries a new code this many times when the first ones are taken (8 of 31 letters: almost never). */
const CODE_TRIES = 5;

/** `newCode` draws a friend code (friendCodes.ts; tests may draw their own). */
export function friendRepository(sql: Sql, newCode: () => string = newFriendCode): FriendStorage {
  const count = async (text: string, playerId: string) => Number((await sql.get(text, [playerId]))?.n ?? 0);
  const befriend = async (tx: Sql, a: string, b: string, at: number) => {
    await tx.run('DELETE FROM friend_requests WHERE (from_id = ? AND to_id = ?) OR (from_id = ? AND to_id = ?)', [a, b, b, a]);
    await tx.run('INSERT INTO friendships (player_id, friend_id, since) VALUES (?, ?, ?), (?, ?, ?) ON CONFLICT DO NOTHING', [
      a,
      b,
      at,
      b,
      a,
      at,
    ]);
  };
  const readSettings = async (tx: Sql, playerId: string) =>
    tx.get('SELECT friend_code, appear_offline, invitations FROM social_settings WHERE player_id = ?', [playerId]);
  /** The row, made with a fresh code when there is none (a code taken by someone else is drawn again). */
  const ensured = async (playerId: string): Promise<StoredSettings> => {
    for (let i = 0; i < CODE_TRIES; i++) {
      const row = await readSettings(sql, playerId);
      if (row) return settingsOf(row);
      await sql.run('INSERT INTO social_settings (player_id, friend_code) VALUES (?, ?) ON CONFLICT DO NOTHING', [playerId, newCode()]);
    }
    throw new Error('could not draw a free friend code');
  };
  return {
    friends: async (playerId) =>
      (
        await sql.all(
          `SELECT f.friend_id, p.nickname, f.since, f.alert_playing, COALESCE(s.last_seen, 0) AS last_seen FROM friendships f
           JOIN players p ON p.id = f.friend_id LEFT JOIN social_settings s ON s.player_id = f.friend_id
           WHERE f.player_id = ? ORDER BY p.nickname, f.friend_id`,
          [playerId],
        )
      ).map((r) => ({
        playerId: r.friend_id as string,
        nickname: r.nickname as string,
        since: Number(r.since),
        lastSeen: Number(r.last_seen),
        alert: flag(r.alert_playing),
      })),
    incoming: async (playerId) =>
      (
        await sql.all(
          `SELECT r.from_id AS id, p.nickname, r.created_at FROM friend_requests r JOIN players p ON p.id = r.from_id
           WHERE r.to_id = ? ORDER BY r.created_at DESC, r.from_id`,
          [playerId],
        )
      ).map(request),
    outgoing: async (playerId) =>
      (
        await sql.all(
          `SELECT r.to_id AS id, p.nickname, r.created_at FROM friend_requests r JOIN players p ON p.id = r.to_id
           WHERE r.from_id = ? ORDER BY r.created_at DESC, r.to_id`,
          [playerId],
        )
      ).map(request),
    counts: async (playerId) => ({
      friends: await count('SELECT COUNT(*) AS n FROM friendships WHERE player_id = ?', playerId),
      incoming: await count('SELECT COUNT(*) AS n FROM friend_requests WHERE to_id = ?', playerId),
      outgoing: await count('SELECT COUNT(*) AS n FROM friend_requests WHERE from_id = ?', playerId),
    }),
    areFriends: async (a, b) => !!(await sql.get('SELECT 1 AS x FROM friendships WHERE player_id = ? AND friend_id = ?', [a, b])),
    ask: (from, to, at) =>
      sql.transaction(async (tx) => {
        if (await tx.get('SELECT 1 AS x FROM friendships WHERE player_id = ? AND friend_id = ?', [from, to])) return 'already';
        if (await tx.get('SELECT 1 AS x FROM friend_requests WHERE from_id = ? AND to_id = ?', [to, from])) {
          await befriend(tx, from, to, at);
          return 'friends';
        }
        await tx.run('INSERT INTO friend_requests (from_id, to_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [from, to, at]);
        return 'requested';
      }),
    accept: (playerId, from, at) =>
      sql.transaction(async (tx) => {
        if (!(await tx.get('SELECT 1 AS x FROM friend_requests WHERE from_id = ? AND to_id = ?', [from, playerId]))) return false;
        await befriend(tx, playerId, from, at);
        return true;
      }),
    decline: async (playerId, from) => (await sql.run('DELETE FROM friend_requests WHERE from_id = ? AND to_id = ?', [from, playerId])) > 0,
    part: (a, b) =>
      sql.transaction(async (tx) => {
        await tx.run('DELETE FROM friendships WHERE (player_id = ? AND friend_id = ?) OR (player_id = ? AND friend_id = ?)', [a, b, b, a]);
        await tx.run('DELETE FROM friend_requests WHERE (from_id = ? AND to_id = ?) OR (from_id = ? AND to_id = ?)', [a, b, b, a]);
      }),
    setAlert: async (playerId, friendId, on) =>
      (await sql.run('UPDATE friendships SET alert_playing = ? WHERE player_id = ? AND friend_id = ?', [on, playerId, friendId])) > 0,
    alerted: async (playerId) =>
      (await sql.all('SELECT player_id FROM friendships WHERE friend_id = ? AND alert_playing = ?', [playerId, true])).map(
        (r) => r.player_id as string,
      ),
    settings: ensured,
    changeSettings: async (playerId, change) => {
      // One statement when the row is there (a change is the presence benchmark's load); made first when it is not.
      const update = () =>
        sql.get(
          `UPDATE social_settings SET appear_offline = COALESCE(?, appear_offline), invitations = COALESCE(?, invitations)
           WHERE player_id = ? RETURNING friend_code, appear_offline, invitations`,
          [change.appearOffline ?? null, change.invitations ?? null, playerId],
        );
      const row = (await update()) ?? (await ensured(playerId), await update());
      if (!row) throw new Error('the settings row is gone');
      return settingsOf(row);
    },
    replaceCode: async (playerId) => {
      await ensured(playerId);
      for (let i = 0; i < CODE_TRIES; i++) {
        const code = newCode();
        if (await sql.get('SELECT 1 AS x FROM social_settings WHERE friend_code = ?', [code])) continue;
        await sql.run('UPDATE social_settings SET friend_code = ? WHERE player_id = ?', [code, playerId]);
        return ensured(playerId);
      }
      throw new Error('could not draw a free friend code');
    },
    byCode: async (code) =>
      ((await sql.get('SELECT player_id FROM social_settings WHERE friend_code = ?', [code]))?.player_id as string) ?? null,
    seen: async (playerId, at) => {
      await ensured(playerId);
      await sql.run('UPDATE social_settings SET last_seen = ? WHERE player_id = ?', [at, playerId]);
    },
  };
}
