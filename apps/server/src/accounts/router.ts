import {
  type AccountInfo,
  type DeviceInfo,
  LINK_CODE_MINUTES,
  type LinkCode,
  type LoginSet,
  PASSWORD_LENGTH,
  type PasskeyInfo,
  type SignedIn,
  type SignedOut,
  describeIssues,
} from '@flightchess/protocol';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { fail, route } from '../http/respond';
import { randomId } from '../core/ids';
import type { BanStorage } from '../bans/banRepository';
import { type GuestReads, type SignedInPlayer, hashSecret, newSecret, playerAsking } from './guests';
import type { AccountStorage, PasskeyRecord } from './AccountStorage';
import { deviceNameOf } from './deviceNames';
import { linkCode, typedLinkCode } from './linkCodes';
import { loginNameSchema, nameKey, passwordSchema } from './loginNames';
import type { NameLimits } from './nameLimits';
import { type Passkeys, relyingPartyOf } from './passkeys';
import { type ScryptCost, checkPassword, decoyHash, hashPassword } from './passwords';
import type { SignedOutDevices } from './signedOutDevices';
import type { Bans } from '../bans/bans';

/** What the accounts API reads and writes: the accounts, the players' records, where a player was seen from (bans/). */
export type AccountsStore = GuestReads & Pick<BanStorage, 'sawPlayer'> & { readonly accounts: AccountStorage };

export interface AccountsRouterDeps {
  readonly storage: AccountsStore;
  readonly devices: SignedOutDevices;
  readonly passkeys: Passkeys;
  readonly names: NameLimits;
  readonly passwordCost: ScryptCost;
  /** The client's address (limits/clientAddress.ts): sign-in failures are counted per name and address. */
  readonly addressOf: (req: Request) => string;
  /** A banned player (or one at a banned address) links no device and makes no link code. */
  readonly bans: Pick<Bans, 'answered'>;
}

const LINK_CODE_MS = LINK_CODE_MINUTES * 60_000;
const PASSWORD_MAX = PASSWORD_LENGTH.max;
const NO_LINK_CODE = 'no such link code: it may be mistyped, used already or older than 10 minutes';
const BAD_CREDENTIALS = 'send the secret this device was given';

/** Anything typed where a string is wanted, at most `max` characters (the body is 2 KB at most anyway). */
const text = (max: number) => z.string().max(max);

/** A passkey as the player sees it: no key material. */
const passkeyInfo = (p: PasskeyRecord): PasskeyInfo => ({ id: p.id, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt });

/**
 * The accounts API (docs/server/accounts.md), mounted under /api: link a device by a one-time code, a login name
 * and password, passkeys, each device its own secret, and signing devices out — whose table
 * connections close at once, on whichever process holds them.
 */
export function accountsRouter({ storage, devices, passkeys, names, passwordCost, addressOf, bans }: AccountsRouterDeps): Router {
  const api = express.Router();
  const accounts = storage.accounts;
  const decoy = decoyHash(passwordCost);

  /** A route of the player `:id`, signed in with the body's secret (its device too); else 401. */
  const asPlayer = (handler: (player: SignedInPlayer, req: Request, res: Response) => Promise<unknown>) =>
    route(async (req, res) => {
      const player = await playerAsking(storage, req);
      return player ? handler(player, req, res) : fail(res, 401, 'ERR_BAD_CREDENTIALS', BAD_CREDENTIALS);
    });

  /** A new device of `playerId`, named after the browser asking: its own new secret. */
  const newDevice = (req: Request) => {
    const secret = newSecret();
    const now = Date.now();
    return {
      secret,
      device: {
        id: randomId(9),
        secretHash: hashSecret(secret),
        name: deviceNameOf(req.headers),
        createdAt: now,
        lastSeenAt: now,
      },
    };
  };

  /** 403 ERR_BANNED when the player (or the address asking) is banned; true when it answered so. */
  const refusedBan = (req: Request, res: Response, playerId: string) => bans.answered(res, playerId, addressOf(req));

  /** A device signed in as `playerId` on this request: unless banned, it is added, and where it came from kept. */
  const addDevice = async (req: Request, res: Response, playerId: string) => {
    if (await refusedBan(req, res, playerId)) return;
    const { secret, device } = newDevice(req);
    await accounts.addDevice({ ...device, playerId });
    await storage.sawPlayer(playerId, addressOf(req));
    return signedInAs(res, playerId, secret);
  };

  const signedInAs = async (res: Response, playerId: string, secret: string, status = 200) => {
    const player = await storage.getPlayer(playerId);
    const answer: SignedIn = { playerId, secret, nickname: player?.nickname ?? '' };
    res.status(status).json(answer);
  };

  const tooMany = (res: Response, retryAfter: number) => {
    res.setHeader('Retry-After', String(retryAfter));
    return fail(res, 429, 'ERR_TOO_MANY', `too many failed sign-ins for this name: try again in ${retryAfter} s`);
  };

  // ─── link a device ─────────────────────────────────────────────────────────────────────────

  api.post(
    '/players/:id/link-codes',
    asPlayer(async (player, req, res) => {
      if (await refusedBan(req, res, player.id)) return;
      const now = Date.now();
      for (;;) {
        const code = linkCode();
        const expiresAt = now + LINK_CODE_MS;
        if (await accounts.addLinkCode({ codeHash: hashSecret(code), playerId: player.id, expiresAt }, now)) {
          const answer: LinkCode = { code, link: `/?link=${code}`, expiresAt };
          return res.status(201).json(answer);
        }
      }
    }),
  );

  api.post(
    '/link',
    route(async (req, res) => {
      const code = typedLinkCode(req.body?.code);
      if (!code) return fail(res, 404, 'ERR_NO_LINK_CODE', NO_LINK_CODE);
      if (await refusedBan(req, res, '')) return;
      const { secret, device } = newDevice(req);
      const playerId = await accounts.redeemLinkCode(hashSecret(code), Date.now(), device);
      if (!playerId) return fail(res, 404, 'ERR_NO_LINK_CODE', NO_LINK_CODE);
      // A code made before its player was banned: used up, and the device it made taken away again.
      if (await refusedBan(req, res, playerId)) return void (await accounts.removeDevice(playerId, device.id));
      await storage.sawPlayer(playerId, addressOf(req));
      return signedInAs(res, playerId, secret);
    }),
  );

  // ─── a login name and password ─────────────────────────────────────────────────────────────

  api.put(
    '/players/:id/login',
    asPlayer(async (player, req, res) => {
      const name = loginNameSchema.safeParse(req.body?.name);
      if (!name.success) return fail(res, 400, 'ERR_BAD_LOGIN_NAME', describeIssues(name.error));
      const password = passwordSchema.safeParse(req.body?.password);
      if (!password.success) return fail(res, 400, 'ERR_BAD_PASSWORD', describeIssues(password.error));
      const current = await accounts.login(player.id);
      if (current) {
        // Changing a login needs the password it has: a device left signed in somewhere is not enough.
        const wait = await names.retryAfter(current.nameKey, addressOf(req));
        if (wait > 0) return tooMany(res, wait);
        const given = text(PASSWORD_MAX).safeParse(req.body?.currentPassword);
        if (!given.success || !(await checkPassword(given.data, current.passwordHash))) {
          await names.failed(current.nameKey, addressOf(req));
          return fail(res, 403, 'ERR_WRONG_PASSWORD', 'send the current password as currentPassword');
        }
      }
      const login = {
        playerId: player.id,
        name: name.data,
        nameKey: nameKey(name.data),
        passwordHash: await hashPassword(password.data, passwordCost),
        updatedAt: Date.now(),
      };
      if ((await accounts.setLogin(login)) === 'taken') return fail(res, 409, 'ERR_NAME_TAKEN', 'another player has this login name');
      const answer: LoginSet = { login: login.name };
      return res.json(answer);
    }),
  );

  api.post(
    '/sign-in',
    route(async (req, res) => {
      const typed = z.object({ name: text(200), password: text(PASSWORD_MAX) }).safeParse(req.body);
      if (!typed.success) return fail(res, 400, 'ERR_BAD_REQUEST', 'send the login name and the password');
      const key = nameKey(typed.data.name.trim());
      const wait = await names.retryAfter(key, addressOf(req));
      if (wait > 0) return tooMany(res, wait);
      // An unknown name is checked against a decoy: the same answer after the same work.
      const login = await accounts.loginByKey(key);
      const matches = await checkPassword(typed.data.password, login?.passwordHash ?? (await decoy()));
      if (!login || !matches) {
        await names.failed(key, addressOf(req));
        return fail(res, 401, 'ERR_BAD_CREDENTIALS', 'no player has this login name and password');
      }
      return addDevice(req, res, login.playerId);
    }),
  );

  api.post(
    '/players/:id/account',
    asPlayer(async (player, req, res) => {
      const [login, keys] = await Promise.all([accounts.login(player.id), accounts.passkeys(player.id)]);
      const answer: AccountInfo = { login: login?.name ?? null, passkeys: keys.map(passkeyInfo) };
      return res.json(answer);
    }),
  );

  // ─── devices ───────────────────────────────────────────────────────────────────────────────

  api.post(
    '/players/:id/devices',
    asPlayer(async (player, req, res) => {
      const list: DeviceInfo[] = (await accounts.devices(player.id)).map((d) => ({
        id: d.id,
        name: d.name,
        createdAt: d.createdAt,
        lastSeenAt: d.lastSeenAt,
        current: d.id === player.deviceId,
      }));
      return res.json(list);
    }),
  );

  const signedOut = async (res: Response, deviceIds: readonly string[]) => {
    await devices.signedOut(deviceIds);
    const answer: SignedOut = { signedOut: deviceIds };
    return res.json(answer);
  };

  api.post(
    '/players/:id/devices/:deviceId/sign-out',
    asPlayer(async (player, req, res) => {
      const deviceId = String(req.params.deviceId);
      if (!(await accounts.removeDevice(player.id, deviceId))) return fail(res, 404, 'ERR_NO_DEVICE', 'the player has no such device');
      return signedOut(res, [deviceId]);
    }),
  );

  api.post(
    '/players/:id/sign-out-others',
    asPlayer(async (player, req, res) => {
      return signedOut(res, await accounts.removeOtherDevices(player.id, player.deviceId));
    }),
  );

  // ─── passkeys ──────────────────────────────────────────────────────────────────────────────

  /** The site's relying party, or a refusal: WebAuthn needs a domain (not an IP address). */
  const relyingParty = (req: Request, res: Response) => {
    const rp = relyingPartyOf(req.headers.host);
    if (!rp) fail(res, 400, 'ERR_PASSKEY_FAILED', 'passkeys need the site to be opened by a domain name, not an address');
    return rp;
  };

  api.post(
    '/players/:id/passkeys/options',
    asPlayer(async (player, req, res) => {
      const rp = relyingParty(req, res);
      if (!rp) return;
      return res.json(await passkeys.registrationOptions(player, rp));
    }),
  );

  api.post(
    '/players/:id/passkeys',
    asPlayer(async (player, req, res) => {
      const rp = relyingParty(req, res);
      if (!rp) return;
      const added = await passkeys.register(player.id, req.body?.ticket, req.body?.response, rp, deviceNameOf(req.headers));
      if (!added) return fail(res, 400, 'ERR_PASSKEY_FAILED', 'the passkey could not be checked: try again');
      return res.status(201).json(passkeyInfo(added));
    }),
  );

  api.post(
    '/players/:id/passkeys/:passkeyId/remove',
    asPlayer(async (player, req, res) => {
      if (!(await accounts.removePasskey(player.id, String(req.params.passkeyId))))
        return fail(res, 404, 'ERR_NO_PASSKEY', 'the player has no such passkey');
      return res.json({ removed: String(req.params.passkeyId) });
    }),
  );

  api.post(
    '/passkeys/sign-in/options',
    route(async (req, res) => {
      const rp = relyingParty(req, res);
      if (rp) res.json(await passkeys.signInOptions(rp));
    }),
  );

  api.post(
    '/passkeys/sign-in',
    route(async (req, res) => {
      const rp = relyingParty(req, res);
      if (!rp) return;
      const playerId = await passkeys.signIn(req.body?.ticket, req.body?.response, rp);
      if (!playerId) return fail(res, 401, 'ERR_PASSKEY_FAILED', "the passkey could not be checked, or it is no player's");
      return addDevice(req, res, playerId);
    }),
  );

  return api;
}
