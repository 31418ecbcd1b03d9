import { PROVISIONAL_GAMES, RATING_MODES, type RatingMode, isProvisional, isRatingMode, shownRating } from '@flightchess/rules';
import type { ModeRating, PlayerRatings, RatingHistory, RatingLeaderboardEntry, RatingPoint } from '@flightchess/protocol';
import type { MatchesShown } from '../matches/MatchStorage';
import type { Row, Sql } from '../storage/sql';
import type { RatingStorage } from './RatingStorage';
import { endedOrder } from './rerateAll';

const modeRating = (r: Row): ModeRating => ({
  ...shownRating({ mu: r.mu as number, sigma: r.sigma as number }),
  games: r.games as number,
  provisional: isProvisional(r.games as number),
});

/** A mode's rated games of a player, newest first; with `public`, only those of public tables (`NOT private` reads 0/1 and booleans). */
const history = (shown: MatchesShown): string =>
  `SELECT m.id, m.ended_at, s.rating_after, s.deviation_after
   FROM match_seats s JOIN matches m ON m.id = s.match_id
   WHERE s.player_id = ? AND m.rating_mode = ? AND m.status = 'finished' AND s.rating_after IS NOT NULL${shown === 'public' ? ' AND NOT m.private' : ''}
   ORDER BY m.ended_at DESC, m.id DESC LIMIT ?`;
const HISTORY = { all: history('all'), public: history('public') };

/**
 * Established players (PROVISIONAL_GAMES or more) first, then by rating − 2 × deviation: the same order as the shown numbers',
 * taken before their rounding; more games, then the id, break ties.
 */
const LEADERBOARD = `SELECT r.player_id, p.nickname, r.mu, r.sigma, r.games
  FROM player_ratings r JOIN players p ON p.id = r.player_id
  WHERE r.mode = ? AND r.games > 0
  ORDER BY CASE WHEN r.games < ? THEN 1 ELSE 0 END, r.mu - 2 * r.sigma DESC, r.games DESC, r.player_id
  LIMIT ?`;

const RATED_FINISHED = `SELECT id, ended_at FROM matches WHERE rated = ? AND status = 'finished'`;
const RATED_FINISHED_COUNT = `SELECT COUNT(*) AS n FROM matches WHERE rated = ? AND status = 'finished'`;

/** The ratings over either database (a result's writes go with it: rateFinished.ts). */
export function ratingRepository(sql: Sql): RatingStorage {
  return {
    ratingOf: async (playerId, mode) => {
      const r = await sql.get('SELECT mu, sigma, games FROM player_ratings WHERE player_id = ? AND mode = ? AND games > 0', [
        playerId,
        mode,
      ]);
      return r ? modeRating(r) : null;
    },

    ratingsOf: async (playerId) => {
      const rows = await sql.all('SELECT mode, mu, sigma, games FROM player_ratings WHERE player_id = ? AND games > 0', [playerId]);
      const ratings: Partial<Record<RatingMode, ModeRating>> = {};
      for (const r of rows) if (isRatingMode(r.mode)) ratings[r.mode] = modeRating(r);
      return ratings satisfies PlayerRatings;
    },

    ratingHistory: async (playerId, shown, limit) => {
      const byMode: Partial<Record<RatingMode, RatingPoint[]>> = {};
      for (const mode of RATING_MODES) {
        const rows = await sql.all(HISTORY[shown], [playerId, mode, limit]);
        if (rows.length === 0) continue;
        byMode[mode] = rows.reverse().map((r) => ({
          matchId: r.id as string,
          at: r.ended_at as number,
          rating: r.rating_after as number,
          deviation: r.deviation_after as number,
        }));
      }
      return byMode satisfies RatingHistory;
    },

    leaderboard: async (mode, limit) =>
      (await sql.all(LEADERBOARD, [mode, PROVISIONAL_GAMES, limit])).map((r, i): RatingLeaderboardEntry => ({
        rank: i + 1,
        playerId: r.player_id as string,
        id: r.player_id as string,
        nickname: r.nickname as string,
        ...modeRating(r),
      })),

    ratedMatchIds: async () =>
      (await sql.all(RATED_FINISHED, [true]))
        .map((r) => ({ id: r.id as string, endedAt: Number(r.ended_at) }))
        .sort(endedOrder)
        .map((m) => m.id),

    replaceRatings: (rebuilt, replayed, at) =>
      sql.transaction(
        async (tx) => {
          // PostgreSQL: a result being stored elsewhere waits for this one (its upsert needs the table), or this waits for it, then counts it.
          if (tx.dialect === 'postgres') await tx.exec('LOCK TABLE player_ratings IN EXCLUSIVE MODE');
          const finished = Number((await tx.get(RATED_FINISHED_COUNT, [true]))!.n);
          if (finished !== replayed)
            throw new Error(`${finished - replayed} rated game(s) ended during the rebuild: nothing was written, rebuild again`);
          await tx.run('DELETE FROM player_ratings');
          for (const r of rebuilt.skills.values())
            await tx.run('INSERT INTO player_ratings (player_id, mode, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?)', [
              r.playerId,
              r.mode,
              r.skill.mu,
              r.skill.sigma,
              r.games,
              at,
            ]);
          for (const [matchId, seats] of rebuilt.changes)
            for (const [colour, c] of Object.entries(seats))
              await tx.run(
                'UPDATE match_seats SET rating_before = ?, rating_after = ?, deviation_after = ? WHERE match_id = ? AND colour = ?',
                [c.before, c.after, c.deviation, matchId, colour],
              );
        },
        { durable: true },
      ),
  };
}
