import { levelFor, replayGame, rollsIn, verifyRolls } from '@flightchess/rules';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { type JoinCodes, publicTables, tablesOf } from '../table';
import { nicknameSchema } from '../accounts/nicknames';
import { createGuest, credentialsSchema, verifyGuest } from '../accounts/guests';
import type { MatchRecord, MatchesShown, PlayerRecord, Storage } from '../repositories';
import { type RenamedPlayer, describeIssues } from '@flightchess/protocol';
import { deviceNameOf } from '../accounts/deviceNames';
import { mayRead, readerOf } from '../matches/matchAccess';
import { fail, route } from './respond';
import { profileRatings, ratingModeQuery } from '../ratings/ratingsApi';
import type { Bans } from '../bans/bans';
import type { Pairing } from '../pairing';

export interface ApiDeps {
  readonly storage: Storage;
  readonly codes: JoinCodes;
  /** Link a device, sign in, sign out elsewhere (accounts/router.ts; README: Accounts). */
  readonly accounts: { readonly router: Router };
  /** A banned address makes no new guest; a banned player does not rename. */
  readonly bans: Pick<Bans, 'answered'>;
  /** The client's address (limits/clientAddress.ts). */
  readonly addressOf: (req: Request) => string;
  /** Quick play and blocks (pairing/): its routes, and the owner's profile's cooldown and blocked players. */
  readonly pairing: Pick<Pairing, 'router' | 'ownProfile'>;
}

const RECENT_MATCHES = 20;
const limitSchema = z.coerce.number().int().min(1).max(100).default(20);

/** The JSON API under /api (see README: HTTP endpoints). */
export function apiRouter({ storage, codes, accounts, bans, addressOf, pairing }: ApiDeps): Router {
  const api = express.Router();
  api.use(express.json({ limit: '2kb' }));

  api.post(
    '/guests',
    route(async (req, res) => {
      const nickname = nicknameSchema.safeParse(req.body?.nickname);
      if (!nickname.success) return fail(res, 400, 'ERR_BAD_NICKNAME', describeIssues(nickname.error));
      const address = addressOf(req);
      if (await bans.answered(res, '', address)) return;
      const guest = await createGuest(storage, nickname.data, deviceNameOf(req.headers));
      await storage.sawPlayer(guest.playerId, address);
      res.status(201).json(guest);
    }),
  );

  /** The player the path names, when the body has the secret of one of their devices. */
  const owner = async (req: Request) => {
    const secret = credentialsSchema.shape.secret.safeParse(req.body?.secret);
    return secret.success ? verifyGuest(storage, String(req.params.id), secret.data) : null;
  };

  const profileOf = async (player: PlayerRecord, shown: MatchesShown) => {
    const level = levelFor(player.lifetimeScore);
    return {
      ...player,
      level: level.level,
      levelName: level.name,
      recentMatches: await storage.recentMatches(player.id, RECENT_MATCHES, shown),
      ...(await profileRatings(storage.ratings, player.id, shown)),
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
      const player = await owner(req);
      if (!player) return fail(res, 401, 'ERR_BAD_CREDENTIALS', 'send the secret from POST /api/guests');
      res.json({ ...(await profileOf(player, 'all')), ...(await pairing.ownProfile(player.id)) });
    }),
  );

  /** A guest's new name: the same player, so their level, totals and matches stay theirs. */
  api.put(
    '/players/:id/nickname',
    route(async (req, res) => {
      const player = await owner(req);
      if (!player) return fail(res, 401, 'ERR_BAD_CREDENTIALS', 'send the secret from POST /api/guests');
      if (await bans.answered(res, player.id, addressOf(req))) return;
      const nickname = nicknameSchema.safeParse(req.body?.nickname);
      if (!nickname.success) return fail(res, 400, 'ERR_BAD_NICKNAME', describeIssues(nickname.error));
      await storage.renamePlayer(player.id, nickname.data);
      const renamed: RenamedPlayer = { playerId: player.id, nickname: nickname.data };
      res.json(renamed);
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

  api.get(
    '/tables',
    route(async (_req, res) => res.json(await publicTables())),
  );

  /** The caller's own unfinished tables, private ones included: so the secret is asked for, in the body. */
  api.post(
    '/tables/mine',
    route(async (req, res) => {
      const creds = credentialsSchema.safeParse(req.body);
      const player = creds.success ? await verifyGuest(storage, creds.data.playerId, creds.data.secret) : null;
      if (!player) return fail(res, 401, 'ERR_BAD_CREDENTIALS', 'send the playerId and secret from POST /api/guests');
      res.json(await tablesOf(player.id));
    }),
  );

  api.get(
    '/tables/code/:code',
    route(async (req, res) => {
      const code = String(req.params.code).toUpperCase();
      const roomId = await codes.lookup(code);
      if (!roomId) return fail(res, 404, 'ERR_NO_TABLE', `no table has the code ${code}`);
      res.json({ code, roomId, link: `/?join=${code}` });
    }),
  );

  /**
   * A match route: GET for anyone, POST with who asks in the body (MatchViewer: credentials, a join code).
   * A match the caller may not read (http/matchAccess.ts) is answered as one that does not exist.
   */
  const matchRoute = (answer: (match: MatchRecord, res: Response) => unknown) =>
    route(async (req, res) => {
      const reader = await readerOf(storage, req.body);
      if ('status' in reader) return fail(res, reader.status, reader.code, reader.message);
      const id = String(req.params.id);
      const [match, table] = await Promise.all([storage.getMatch(id), storage.matchPrivacy(id)]);
      if (!match || !table || !mayRead(match, table, reader)) return fail(res, 404, 'ERR_NO_MATCH', 'no such match');
      return answer(match, res);
    });

  const showMatch = matchRoute((match, res) => res.json(match));
  api.route('/matches/:id').get(showMatch).post(showMatch);

  /** Recompute a finished match: the dice from the revealed seed, the game from its action log. */
  const verifyMatch = matchRoute((match, res) => {
    if (!match.seed) return fail(res, 409, 'ERR_NOT_OVER', 'the seed is revealed when the game is over');
    const dice = verifyRolls(match.seed, match.commitment, rollsIn(match.actions));
    const replay = replayGame(match.setup, match.actions);
    if (!replay.ok) return res.json({ dice, replay: { ok: false, error: replay.error } });
    const result = replay.value.state.result;
    res.json({
      dice,
      replay: { ok: true, result, gameOver: result !== null, matchesRecord: JSON.stringify(result) === JSON.stringify(match.result) },
    });
  });
  api.route('/matches/:id/verify').get(verifyMatch).post(verifyMatch);

  api.use(accounts.router);
  api.use(pairing.router);

  api.use((_req: Request, res: Response) => fail(res, 404, 'ERR_NOT_FOUND', 'no such endpoint'));
  return api;
}
