import { type BotName, type Colour, type GameSetup, NEW_SKILL, type RatingMode, type Skill, shownRating } from '@flightchess/rules';
import type { MatchFinish } from '../matches/MatchStorage';
import { type Sql, flag } from '../storage/sql';
import { rateSeats } from './rateSeats';

/**
 * A person's skill in a mode, locked until the transaction ends: the upsert takes the row's lock
 * (PostgreSQL), so that a game of theirs finishing at the same time on another process waits for this
 * one and then reads what it wrote — no lost update. A newcomer's row starts at NEW_SKILL with 0 games.
 */
const LOCKED_SKILL = `INSERT INTO player_ratings (player_id, mode, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, 0, ?)
  ON CONFLICT (player_id, mode) DO UPDATE SET games = player_ratings.games RETURNING mu, sigma`;

/**
 * Rate a finished match, inside the transaction that stores its result (a finish step of the match
 * repository, given it by repositories.ts): nothing for a casual match; else every person's rating of the
 * match's mode is updated (games + 1) and their seat keeps its rating before and after. Players are locked
 * in id order, so that two games locking the same players cannot deadlock. Throws when a rated match
 * comes without its inputs.
 */
export async function rateFinished(tx: Sql, { id: matchId, rating: inputs, endedAt: at }: MatchFinish): Promise<void> {
  const match = await tx.get('SELECT rated, rating_mode, setup FROM matches WHERE id = ?', [matchId]);
  if (!match || !flag(match.rated)) return;
  if (!inputs) throw new Error(`finishing rated match ${matchId}: its places and play weights are missing`);
  const mode = match.rating_mode as RatingMode;
  const seats = (await tx.all('SELECT colour, bot, player_id FROM match_seats WHERE match_id = ? ORDER BY colour', [matchId])).map((s) => ({
    colour: s.colour as Colour,
    bot: (s.bot as BotName | null) ?? null,
    playerId: (s.player_id as string | null) ?? null,
  }));
  const priors = new Map<string, Skill>();
  for (const playerId of [...new Set(seats.flatMap((s) => (s.playerId ? [s.playerId] : [])))].sort()) {
    const row = (await tx.get(LOCKED_SKILL, [playerId, mode, NEW_SKILL.mu, NEW_SKILL.sigma, at]))!;
    priors.set(playerId, { mu: row.mu as number, sigma: row.sigma as number });
  }
  const teams = (JSON.parse(match.setup as string) as GameSetup).teams ?? false;
  const changes = rateSeats(seats, (playerId) => priors.get(playerId)!, { mode, teams }, inputs);
  for (const { colour } of seats) {
    const change = changes[colour];
    if (!change) continue;
    const before = shownRating(change.before);
    const after = shownRating(change.after);
    await tx.run('UPDATE player_ratings SET mu = ?, sigma = ?, games = games + 1, updated_at = ? WHERE player_id = ? AND mode = ?', [
      change.after.mu,
      change.after.sigma,
      at,
      change.playerId,
      mode,
    ]);
    await tx.run('UPDATE match_seats SET rating_before = ?, rating_after = ?, deviation_after = ? WHERE match_id = ? AND colour = ?', [
      before.rating,
      after.rating,
      after.deviation,
      matchId,
      colour,
    ]);
  }
}
