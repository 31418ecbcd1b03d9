import { type RenamedPlayer, describeIssues } from '@flightchess/protocol';
import express, { type Request, type Router } from 'express';
import type { Bans } from '../bans/bans';
import type { BanStorage } from '../bans/banRepository';
import { fail, route } from '../http/respond';
import type { PlayerStorage } from '../players/playerRepository';
import { deviceNameOf } from './deviceNames';
import type { GuestStorage } from './guestRepository';
import { type GuestReads, createGuest, playerAsking } from './guests';
import { nicknameSchema } from './nicknames';

export interface GuestsRouterDeps {
  readonly storage: GuestStorage & GuestReads & Pick<PlayerStorage, 'renamePlayer'> & Pick<BanStorage, 'sawPlayer'>;
  /** A banned address makes no new guest; a banned player does not rename. */
  readonly bans: Pick<Bans, 'answered'>;
  /** The client's address (limits/clientAddress.ts). */
  readonly addressOf: (req: Request) => string;
}

/** A new guest and a guest's new name, under /api (packages/protocol README: HTTP endpoints). */
export function guestsRouter({ storage, bans, addressOf }: GuestsRouterDeps): Router {
  const api = express.Router();

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

  /** A guest's new name: the same player, so their level, totals and matches stay theirs. */
  api.put(
    '/players/:id/nickname',
    route(async (req, res) => {
      const player = await playerAsking(storage, req);
      if (!player) return fail(res, 401, 'ERR_BAD_CREDENTIALS', 'send the secret from POST /api/guests');
      if (await bans.answered(res, player.id, addressOf(req))) return;
      const nickname = nicknameSchema.safeParse(req.body?.nickname);
      if (!nickname.success) return fail(res, 400, 'ERR_BAD_NICKNAME', describeIssues(nickname.error));
      await storage.renamePlayer(player.id, nickname.data);
      const renamed: RenamedPlayer = { playerId: player.id, nickname: nickname.data };
      res.json(renamed);
    }),
  );

  return api;
}
