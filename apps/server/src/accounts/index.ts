import type { Presence } from '@colyseus/core';
import type { Request, Router } from 'express';
import type { Logger } from 'pino';
import type { ServerConfig } from '../config';
import type { Storage } from '../repositories';
import type { Bans } from '../bans/bans';
import { NameLimits } from './nameLimits';
import { Passkeys } from './passkeys';
import { accountsRouter } from './router';
import { SignedOutDevices } from './signedOutDevices';

/**
 * One player on every device (docs/decisions/005-accounts-without-email.md): the accounts API, and the table connections of devices that
 * get signed out. The table room reaches it through `devices.watch(client)` only.
 */
export interface Accounts {
  readonly router: Router;
  readonly devices: SignedOutDevices;
  start(): Promise<void>;
  stop(): void;
}

export interface AccountsDeps {
  readonly storage: Storage;
  readonly presence: Presence;
  readonly logger: Logger;
  readonly config: Pick<ServerConfig, 'signInFailuresPerHour' | 'signInFailuresPerNameMinute' | 'passwordCost'>;
  readonly addressOf: (req: Request) => string;
  readonly bans: Pick<Bans, 'answered'>;
}

export function createAccounts({ storage, presence, logger, config, addressOf, bans }: AccountsDeps): Accounts {
  const devices = new SignedOutDevices(presence, storage.accounts, logger);
  const router = accountsRouter({
    storage,
    devices,
    passkeys: new Passkeys(presence, storage.accounts, 'Flight Chess'),
    names: new NameLimits(config.signInFailuresPerHour, config.signInFailuresPerNameMinute),
    passwordCost: config.passwordCost,
    addressOf,
    bans,
  });
  return { router, devices, start: () => devices.start(), stop: () => devices.stop() };
}
