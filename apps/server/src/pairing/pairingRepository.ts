import type { BlockedPlayer } from '@flightchess/protocol';
import type { MatchFinish } from '../matches/MatchStorage';
import type { Sql } from '../storage/sql';
import { CLEAN_CONDUCT, type Conduct, ESCAPE_WINDOW_MS, conductAfter } from './cooldown';

/** What quick play keeps (migration 12): whom each player blocked, and each player's conduct in rated games. */
export interface PairingStorage {
  /** `playerId` blocks `blockedId` (both must be players); blocking again changes nothing. */
  block(playerId: string, blockedId: string, at: number): Promise<void>;
  /** Lift a block; lifting one that is not there changes nothing. */
  unblock(playerId: string, blockedId: string): Promise<void>;
  /** The players `playerId` blocked, newest first, with their nicknames. */
  blocked(playerId: string): Promise<BlockedPlayer[]>;
  /** Everyone quick play keeps `playerId` apart from: whom they blocked and who blocked them. */
  avoided(playerId: string): Promise<Set<string>>;
  /** The players who blocked `playerId` (their phrases do not reach those). */
  blockersOf(playerId: string): Promise<Set<string>>;
  /** The player's conduct (a clean one when they never escaped a rated game). */
  conduct(playerId: string): Promise<Conduct>;
  /** When the rated games ended that the player escaped (or let the hold expire) within ESCAPE_WINDOW_MS before `now`. */
  escapes(playerId: string, now: number): Promise<number[]>;
}

const ESCAPES = `SELECT m.ended_at FROM match_seats s JOIN matches m ON m.id = s.match_id
  WHERE s.player_id = ? AND m.rated AND m.status = 'finished' AND s.out_reason IN ('escape', 'forfeit') AND m.ended_at > ?
  ORDER BY m.ended_at`;

const escapesOf = async (sql: Sql, playerId: string, now: number): Promise<number[]> =>
  (await sql.all(ESCAPES, [playerId, now - ESCAPE_WINDOW_MS])).map((r) => Number(r.ended_at));

const conductOf = async (sql: Sql, playerId: string): Promise<Conduct> => {
  const r = await sql.get('SELECT strikes, clean_games, until FROM quick_play_conduct WHERE player_id = ?', [playerId]);
  return r ? { strikes: Number(r.strikes), cleanGames: Number(r.clean_games), until: Number(r.until) } : CLEAN_CONDUCT;
};

export function pairingRepository(sql: Sql): PairingStorage {
  const ids = async (text: string, playerId: string) => new Set((await sql.all(text, [playerId])).map((r) => r.id as string));
  return {
    // A block names a player: the router answers 404 first; the foreign key refuses any other caller.
    block: async (playerId, blockedId, at) =>
      void (await sql.run('INSERT INTO blocks (player_id, blocked_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [
        playerId,
        blockedId,
        at,
      ])),
    unblock: async (playerId, blockedId) =>
      void (await sql.run('DELETE FROM blocks WHERE player_id = ? AND blocked_id = ?', [playerId, blockedId])),
    blocked: async (playerId) =>
      (
        await sql.all(
          `SELECT b.blocked_id, p.nickname FROM blocks b JOIN players p ON p.id = b.blocked_id WHERE b.player_id = ?
           ORDER BY b.created_at DESC, b.blocked_id`,
          [playerId],
        )
      ).map((r) => ({ playerId: r.blocked_id as string, nickname: r.nickname as string })),
    avoided: async (playerId) => {
      const rows = await sql.all(
        'SELECT blocked_id AS id FROM blocks WHERE player_id = ? UNION SELECT player_id AS id FROM blocks WHERE blocked_id = ?',
        [playerId, playerId],
      );
      return new Set(rows.map((r) => r.id as string));
    },
    blockersOf: (playerId) => ids('SELECT player_id AS id FROM blocks WHERE blocked_id = ?', playerId),
    conduct: (playerId) => conductOf(sql, playerId),
    escapes: (playerId, now) => escapesOf(sql, playerId, now),
  };
}

/**
 * After a match's result is stored, in its transaction (a finish step of the match repository, given it by
 * repositories.ts): each person of a rated game has their conduct brought up to date — an escape or an
 * expired hold counts towards a cooldown, a game played to the end towards forgiving one (cooldown.ts). A
 * casual game changes nothing.
 */
export async function recordConduct(tx: Sql, { id: matchId, endedAt: at }: MatchFinish): Promise<void> {
  const seats = await tx.all(
    `SELECT s.player_id, s.out_reason FROM match_seats s JOIN matches m ON m.id = s.match_id
     WHERE s.match_id = ? AND m.rated AND s.player_id IS NOT NULL`,
    [matchId],
  );
  for (const seat of seats) {
    const playerId = seat.player_id as string;
    const escaped = seat.out_reason === 'escape' || seat.out_reason === 'forfeit';
    const next = conductAfter(await conductOf(tx, playerId), { at, escaped, escapes: escaped ? await escapesOf(tx, playerId, at) : [] });
    await tx.run(
      `INSERT INTO quick_play_conduct (player_id, strikes, clean_games, until, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (player_id) DO UPDATE SET strikes = excluded.strikes, clean_games = excluded.clean_games,
         until = excluded.until, updated_at = excluded.updated_at`,
      [playerId, next.strikes, next.cleanGames, next.until, at],
    );
  }
}
