import type { Sql } from '../storage/sql';
import { compactEnded, type Ended } from './compactStored';
import {
  type MatchFinish,
  type MatchStorage,
  type MatchesShown,
  type RestoreScope,
  type SeatRatings,
  StorageConflict,
} from './MatchStorage';
import { matchPrivacy, matchRecord, matchSummary, storedMatch } from './matchRows';
import { setupMode } from './setupMode';

/**
 * What else a finished match's result brings, done in the transaction that stores it (its players'
 * ratings, their quick play conduct): the server composes the steps (repositories.ts), so that a step
 * that fails keeps nothing of the finish.
 */
export type FinishStep = (tx: Sql, finished: MatchFinish) => Promise<void>;

/** The unfinished matches a RestoreScope lets another process take (its parameters: takenAt). */
const TAKEN: Record<RestoreScope, string> = {
  lapsed: '(lease_until < ?)',
  stopped: '(lease_until < ? OR owner IN (SELECT owner FROM processes WHERE alive_until < ?))',
  all: '(1 = 1)',
};

const takenAt = (scope: RestoreScope, now: number): number[] => (scope === 'all' ? [] : scope === 'lapsed' ? [now] : [now, now]);

// One statement: the owner check and the append cannot be separated by another process's claim.
const APPEND_ACTION = `INSERT INTO match_actions (match_id, idx, action, at)
  SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM matches WHERE id = ? AND owner = ? AND status = 'playing')
  ON CONFLICT DO NOTHING`;
const SEATS = 'SELECT * FROM match_seats WHERE match_id = ? ORDER BY colour';
const ACTIONS = 'SELECT action FROM match_actions WHERE match_id = ? ORDER BY idx';

/**
 * A player's rated games of a mode that ended by a match's end, that match included (ties by id, in the
 * order the ratings are rebuilt): counted when read, so that old records show it too.
 */
const RATED_GAMES_SO_FAR = `SELECT COUNT(*) AS n FROM match_seats s JOIN matches m ON m.id = s.match_id
  WHERE s.player_id = ? AND m.rating_mode = ? AND m.status = 'finished' AND s.rating_after IS NOT NULL
    AND (m.ended_at < ? OR (m.ended_at = ? AND m.id <= ?))`;

/** A player's matches, aborted ones left out; with `public`, only finished games of public tables (`NOT private` reads 0/1 and booleans). */
const recentMatches = (shown: MatchesShown): string =>
  `SELECT m.id, m.preset, m.status, m.rated, m.started_at, m.ended_at, s.colour, s.score, s.rank, s.winner,
          (SELECT COUNT(*) FROM match_seats o WHERE o.match_id = m.id) AS players
   FROM match_seats s JOIN matches m ON m.id = s.match_id
   WHERE s.player_id = ? AND ${shown === 'public' ? `m.status = 'finished' AND NOT m.private` : `m.status <> 'aborted'`}
   ORDER BY m.started_at DESC, m.id LIMIT ?`;
const RECENT_MATCHES = { all: recentMatches('all'), public: recentMatches('public') };

/** The rating changes a finished match's seats keep (what finishMatch answers, the first time and again). */
async function seatRatings(sql: Sql, matchId: string): Promise<SeatRatings> {
  const rows = await sql.all(
    'SELECT colour, rating_before, rating_after FROM match_seats WHERE match_id = ? AND rating_after IS NOT NULL ORDER BY colour',
    [matchId],
  );
  return Object.fromEntries(rows.map((r) => [r.colour, { before: r.rating_before as number, after: r.rating_after as number }]));
}

/**
 * The matches over either database; an ended match's rows become its compact log in the transaction that
 * ends it, after the finish steps.
 */
export function matchRepository(sql: Sql, finishSteps: readonly FinishStep[]): MatchStorage {
  return {
    startMatch: (m) =>
      sql.transaction(
        async (tx) => {
          await tx.run(
            `INSERT INTO matches (id, table_id, preset, setup, base, turn_seconds, commitment, seed, status, started_at,
               engine, code, private, host_id, owner, lease_until, watchable, rated, rating_mode, board_id, dice_streams, tournament_id)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'playing', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            [
              m.id,
              m.tableId,
              m.setup.preset,
              JSON.stringify(m.setup),
              m.base,
              m.turnSeconds,
              m.commitment,
              m.seed,
              m.startedAt,
              m.engine,
              m.code,
              m.private,
              m.hostId,
              m.owner,
              m.leaseUntil,
              m.watchable,
              m.rated,
              m.rated ? setupMode(m.setup) : null,
              m.board?.id ?? null,
              m.board ? JSON.stringify(m.board.streams) : null,
              m.tournamentId ?? null,
            ],
          );
          for (const s of m.seats) {
            await tx.run('INSERT INTO match_seats (match_id, colour, kind, bot, player_id, name) VALUES (?, ?, ?, ?, ?, ?)', [
              m.id,
              s.colour,
              s.kind,
              s.bot,
              s.playerId,
              s.name,
            ]);
          }
        },
        { durable: true },
      ),

    appendAction: async (matchId, owner, index, action, at) => {
      const appended = await sql.run(APPEND_ACTION, [matchId, index, JSON.stringify(action), at, matchId, owner]);
      if (appended === 0)
        throw new StorageConflict(`action ${index} of match ${matchId}: not written (taken, or the match is no longer this process's)`);
    },

    setPresence: async (matchId, owner, presence) => {
      const set = await sql.run(`UPDATE matches SET presence = ? WHERE id = ? AND owner = ? AND status = 'playing'`, [
        JSON.stringify(presence),
        matchId,
        owner,
      ]);
      if (set === 0) throw new StorageConflict(`presence of match ${matchId}: the match is no longer this process's`);
    },

    finishMatch: (f) =>
      sql.transaction(
        async (tx) => {
          // In PostgreSQL the row lock taken here makes a concurrent second call wait, then find the match finished.
          const ended = (await tx.get(
            `UPDATE matches SET status = 'finished', result = ?, ended_at = ?, owner = NULL WHERE id = ? AND owner = ? AND status = 'playing' RETURNING id, seed`,
            [JSON.stringify(f.result), f.endedAt, f.id, f.owner],
          )) as Ended | undefined;
          if (!ended) {
            // Recorded already: once only, answered with the ratings it stored.
            if (await tx.get(`SELECT 1 FROM matches WHERE id = ? AND status = 'finished'`, [f.id])) return seatRatings(tx, f.id);
            throw new StorageConflict(`finishing match ${f.id}: the match is no longer this process's`);
          }
          for (const s of f.seats) {
            const seat = await tx.get(
              `UPDATE match_seats SET score = ?, coins = ?, coins_earned = ?, coins_after = ?, arrived = ?, rank = ?, escape_penalty = ?,
                 lifetime_after = ?, level_after = ?, out_reason = ?, winner = ? WHERE match_id = ? AND colour = ? RETURNING player_id`,
              [
                s.score,
                s.coins,
                s.coinsEarned,
                s.coinsAfter,
                s.arrived,
                s.rank,
                s.escapePenalty,
                s.lifetimeAfter,
                s.levelAfter,
                s.out,
                s.winner,
                f.id,
                s.colour,
              ],
            );
            const playerId = seat?.player_id as string | null | undefined;
            if (playerId) {
              await tx.run(
                `UPDATE players SET lifetime_score = lifetime_score + ?, coins = coins + ?, games = games + 1, wins = wins + ? WHERE id = ?`,
                [s.score, s.coins, s.winner ? 1 : 0, playerId],
              );
            }
          }
          for (const step of finishSteps) await step(tx, f);
          await compactEnded(tx, ended);
          return seatRatings(tx, f.id);
        },
        { durable: true },
      ),

    abortMatch: (matchId, reason, at) =>
      sql.transaction(async (tx) => {
        const ended = (await tx.get(
          `UPDATE matches SET status = 'aborted', abort_reason = ?, ended_at = ?, owner = NULL WHERE id = ? AND status = 'playing' RETURNING id, seed`,
          [reason, at, matchId],
        )) as Ended | undefined;
        if (ended) await compactEnded(tx, ended);
      }),

    unfinishedMatches: async (now, scope) =>
      (await sql.all(`SELECT id FROM matches WHERE status = 'playing' AND ${TAKEN[scope]} ORDER BY started_at`, takenAt(scope, now))).map(
        (r) => r.id as string,
      ),

    claimMatch: (matchId, c) =>
      sql.transaction(async (tx) => {
        const m = await tx.get(
          `UPDATE matches SET owner = ?, lease_until = ? WHERE id = ? AND status = 'playing' AND ${TAKEN[c.scope]} RETURNING *`,
          [c.owner, c.until, matchId, ...takenAt(c.scope, c.now)],
        );
        // Read after the claim: from now on only the new owner appends, so the log read is complete.
        return m ? storedMatch(m, await tx.all(SEATS, [matchId]), await tx.all(ACTIONS, [matchId])) : null;
      }),

    renewLeases: async (owner, until) =>
      void (await sql.run(`UPDATE matches SET lease_until = ? WHERE owner = ? AND status = 'playing'`, [until, owner])),
    releaseLease: async (matchId, owner) =>
      void (await sql.run(`UPDATE matches SET lease_until = 0 WHERE id = ? AND owner = ? AND status = 'playing'`, [matchId, owner])),
    beat: async (owner, until) =>
      void (await sql.run(
        `INSERT INTO processes (owner, alive_until) VALUES (?, ?) ON CONFLICT (owner) DO UPDATE SET alive_until = excluded.alive_until`,
        [owner, until],
      )),
    forgetProcess: async (owner) => void (await sql.run(`DELETE FROM processes WHERE owner = ?`, [owner])),
    forgetStoppedProcesses: async (before) =>
      void (await sql.run(
        `DELETE FROM processes WHERE alive_until < ? AND NOT EXISTS (SELECT 1 FROM matches WHERE status = 'playing' AND matches.owner = processes.owner)`,
        [before],
      )),

    getMatch: (id) =>
      sql.transaction(async (tx) => {
        // A duplicate board's seed shows once its round has ended (board_ended).
        const m = await tx.get(
          'SELECT m.*, r.ended_at AS board_ended FROM matches m LEFT JOIN tournament_rounds r ON r.id = m.board_id WHERE m.id = ?',
          [id],
        );
        if (!m) return null;
        const seats = await tx.all(SEATS, [id]);
        for (const s of seats)
          if (s.rating_after !== null && s.player_id)
            s.rated_games = Number((await tx.get(RATED_GAMES_SO_FAR, [s.player_id, m.rating_mode, m.ended_at, m.ended_at, id]))!.n);
        return matchRecord(m, seats, await tx.all(ACTIONS, [id]));
      }),

    lastMatchAt: async (table) => {
      const [column, key] = 'code' in table ? ['code', table.code] : ['table_id', table.tableId];
      // Old matches have the code '' (before codes were stored): no code names them.
      if (key === '') return null;
      const m = await sql.get(`SELECT id FROM matches WHERE ${column} = ? ORDER BY started_at DESC, id DESC LIMIT 1`, [key]);
      return m ? (m.id as string) : null;
    },

    matchPrivacy: async (id) => {
      const m = await sql.get('SELECT private, watchable, code FROM matches WHERE id = ?', [id]);
      return m ? matchPrivacy(m) : null;
    },

    playingBoard: async (boardId, playerId) =>
      (await sql.get(
        `SELECT 1 AS one FROM matches m JOIN match_seats s ON s.match_id = m.id
         WHERE m.board_id = ? AND m.status = 'playing' AND s.player_id = ? LIMIT 1`,
        [boardId, playerId],
      )) !== undefined,

    recentMatches: async (playerId, limit, shown) => (await sql.all(RECENT_MATCHES[shown], [playerId, limit])).map(matchSummary),
  };
}
