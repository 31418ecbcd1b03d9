import type { Presence } from '@colyseus/core';
import type { Request, Router } from 'express';
import type { Logger } from 'pino';
import type { Bans } from '../bans/bans';
import { NameLimits } from './nameLimits';
import type { Budgets } from '../limits/budgets';
import { Passkeys } from './passkeys';
import type { ScryptCost } from './passwords';
import { type AccountsStore, accountsRouter } from './router';
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

/** What the accounts are told (part of ServerConfig). */
export interface AccountsConfig {
  /** Failed sign-ins one address may make at one login name an hour, before it is refused there for a while. */
  readonly signInFailuresPerHour: number;
  /**
   * Failed sign-ins one login name meets a minute over every address (a guesser with many): beyond it the
   * name is refused until the minute is over, so the right password is never kept out longer than that.
   */
  readonly signInFailuresPerNameMinute: number;
  /** What a password hash costs (scrypt; tests lower it, one test keeps the real one). */
  readonly passwordCost: ScryptCost;
}

export interface AccountsDeps {
  readonly storage: AccountsStore;
  readonly presence: Presence;
  readonly logger: Logger;
  readonly config: AccountsConfig;
  readonly addressOf: (req: Request) => string;
  readonly bans: Pick<Bans, 'answered'>;
  /** Where failed sign-ins are counted: with several processes, in Redis for all of them (limits/). */
  readonly budgets: Budgets;
}

export function createAccounts({ storage, presence, logger, config, addressOf, bans, budgets }: AccountsDeps): Accounts {
  const devices = new SignedOutDevices(presence, storage.accounts, logger);
  const router = accountsRouter({
    storage,
    devices,
    passkeys: new Passkeys(presence, storage.accounts, 'Flight Chess'),
    names: new NameLimits(config.signInFailuresPerHour, config.signInFailuresPerNameMinute, budgets),
    passwordCost: config.passwordCost,
    addressOf,
    bans,
  });
  return { router, devices, start: () => devices.start(), stop: () => devices.stop() };
}
