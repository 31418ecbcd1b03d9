import { levelFor } from '@flightchess/rules';
import { describeIssues } from '@flightchess/protocol';
import express, { type Router } from 'express';
import { z } from 'zod';
import { type GuestReads, playerAsking } from '../accounts/guests';
import { fail, route } from '../http/respond';
import type { MatchStorage, MatchesShown } from '../matches/MatchStorage';
import type { Pairing } from '../pairing';
import type { PlayerRecord, PlayerStorage } from '../players/playerRepository';
import type { RatingStorage } from '../ratings/RatingStorage';
import type { TournamentsCapability } from '../tournaments';
import { profileRatings, ratingModeQuery } from '../ratings/ratingsApi';

export interface ProfilesRouterDeps {
  /** The players' records and games, their ratings, and their devices (whose secret the owner's profile asks for). */
  readonly storage: GuestReads &
    Pick<PlayerStorage, 'getPlayer' | 'leaderboard'> &
    Pick<MatchStorage, 'recentMatches'> & { readonly ratings: RatingStorage };
  /** The owner's profile's cooldown and blocked players (pairing/). */
  readonly pairing: Pick<Pairing, 'ownProfile'>;
  /** The tournaments a player played in (tournaments/). */
  readonly tournaments: Pick<TournamentsCapability, 'resultsOf'>;
}

const RECENT_MATCHES = 20;
const limitSchema = z.coerce.number().int().min(1).max(100).default(20);

/** What players show of themselves and each other, under /api: profiles and the leaderboards (packages/protocol README: HTTP endpoints). */
export function profilesRouter({ storage, pairing, tournaments }: ProfilesRouterDeps): Router {
  const api = express.Router();

  const profileOf = async (player: PlayerRecord, shown: MatchesShown) => {
    const level = levelFor(player.lifetimeScore);
    return {
      ...player,
      level: level.level,
      levelName: level.name,
      recentMatches: await storage.recentMatches(player.id, RECENT_MATCHES, shown),
      ...(await profileRatings(storage.ratings, player.id, shown)),
      tournaments: await tournaments.resultsOf(player.id, shown),
    };
  };

  /** What anyone sees of a player: of their games, the finished ones at public tables. */
  api.get(
    '/players/:id',
    route(async (req, res) => {
      const player = await storage.getPlayer(String(req.params.id));
      if (!player) return fail(res, 404, 'ERR_NO_PLAYER', 'no such player');
      res.json(await profileOf(player, 'public'));
    }),
  );

  /**
   * The player's own profile: their games in progress and at private tables too, quick play's cooldown and
   * whom they blocked, so the secret is asked for, in the body.
   */
  api.post(
    '/players/:id/profile',
    route(async (req, res) => {
      const player = await playerAsking(storage, req);
      if (!player) return fail(res, 401, 'ERR_BAD_CREDENTIALS', 'send the secret from POST /api/guests');
      res.json({ ...(await profileOf(player, 'all')), ...(await pairing.ownProfile(player.id)) });
    }),
  );

  api.get(
    '/leaderboard',
    route(async (req, res) => {
      const limit = limitSchema.safeParse(req.query.limit);
      if (!limit.success) return fail(res, 400, 'ERR_BAD_QUERY', `limit: ${describeIssues(limit.error)}`);
      // ?rating=MODE: the mode's rated players (ratings/); without it, the score board.
      if (req.query.rating !== undefined) {
        const mode = ratingModeQuery(req.query.rating);
        if (!mode.ok) return fail(res, 400, 'ERR_BAD_QUERY', mode.message);
        return res.json(await storage.ratings.leaderboard(mode.mode, limit.data));
      }
      const players = await storage.leaderboard(limit.data);
      res.json(
        players.map((p, i) => ({ rank: i + 1, ...p, level: levelFor(p.lifetimeScore).level, levelName: levelFor(p.lifetimeScore).name })),
      );
    }),
  );

  return api;
}
