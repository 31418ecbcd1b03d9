import { accountRepository } from './accounts/accountRepository';
import type { AccountStorage } from './accounts/AccountStorage';
import { type GuestStorage, guestRepository } from './accounts/guestRepository';
import { type AdminStorage, adminRepository } from './admin/adminRepository';
import { type BanStorage, banRepository } from './bans/banRepository';
import type { MatchStorage } from './matches/MatchStorage';
import { matchRepository } from './matches/matchRepository';
import { MIGRATIONS } from './migrations';
import type { RatingStorage } from './ratings/RatingStorage';
import { rateFinished } from './ratings/rateFinished';
import { ratingRepository } from './ratings/ratingRepository';
import { type PlayerStorage, playerRepository } from './players/playerRepository';
import { type PairingStorage, pairingRepository, recordConduct } from './pairing/pairingRepository';
import { type FriendStorage, friendRepository } from './friends/friendRepository';
import { type InvitationStorage, invitationRepository } from './invitations/invitationRepository';
import { type TournamentStorage, tournamentRepository } from './tournaments/tournamentRepository';
import { type NotificationStorage, notificationRepository } from './notifications/notificationRepository';
import { type PushStorage, pushRepository } from './push/pushRepository';
import { type StorageKind, type StoreConfig, migrated, openDatabase, sqliteDatabase } from './storage/open';
import { probe } from './storage/probe';
import { type Sql, postgresPool, postgresSql } from './storage/sql';

/**
 * Everything the server keeps, each capability's repository over one database: the players, the
 * matches, the operator's console and its bans, the accounts (devices, logins, passkeys, link codes) as
 * `accounts`, the ratings' reads as `ratings`, quick play's blocks and conduct as `pairing`, friends as `friends`, invitations as `invitations`. Asynchronous, so that PostgreSQL and the embedded SQLite serve it alike.
 */
export type Storage = PlayerStorage &
  GuestStorage &
  MatchStorage &
  AdminStorage &
  BanStorage & {
    readonly accounts: AccountStorage;
    readonly ratings: RatingStorage;
    /** Quick play's blocks and escapers' conduct (pairing/). */
    readonly pairing: PairingStorage;
    /** Friendships, friend requests, friend codes and presence settings (friends/). */
    readonly friends: FriendStorage;
    /** Invitations to tables (invitations/). */
    readonly invitations: InvitationStorage;
    /** The bell's notices (notifications/). */
    readonly notifications: NotificationStorage;
    /** Web Push: the server's keys, the devices, the sleep windows (push/). */
    readonly push: PushStorage;
    /** Tournaments, their players and rounds (tournaments/). */
    readonly tournaments: TournamentStorage;
    /** For /healthz: a tiny write (one row rewritten), so that a store that cannot be written fails it. */
    probe(at: number): Promise<void>;
    close(): Promise<void>;
  };

/** The repositories over an open, migrated database. */
export function storageOn(sql: Sql): Storage {
  return {
    ...playerRepository(sql),
    ...guestRepository(sql),
    // A finished match is rated and its players' conduct recorded in the transaction that stores it.
    ...matchRepository(sql, [rateFinished, recordConduct]),
    ...adminRepository(sql),
    ...banRepository(sql),
    accounts: accountRepository(sql),
    ratings: ratingRepository(sql),
    pairing: pairingRepository(sql),
    friends: friendRepository(sql),
    invitations: invitationRepository(sql),
    notifications: notificationRepository(sql),
    push: pushRepository(sql),
    tournaments: tournamentRepository(sql),
    probe: (at) => probe(sql, at),
    close: () => sql.close(),
  };
}

/** The server's store as configured (storage/open.ts), refused with what to do when it cannot be opened and written. */
export async function openStorage(config: StoreConfig, onError: (err: Error) => void): Promise<{ storage: Storage; kind: StorageKind }> {
  const { sql, kind } = await openDatabase(config, MIGRATIONS, onError);
  return { storage: storageOn(sql), kind };
}

/** A SQLite file (or ':memory:'), migrated: for tests and tools. */
export async function openSqliteStorage(file: string): Promise<Storage> {
  return storageOn(await migrated(sqliteDatabase(file), MIGRATIONS));
}

/** A PostgreSQL database, migrated: for tests and tools. */
export async function openPostgresStorage(url: string, onError: (err: Error) => void): Promise<Storage> {
  return storageOn(await migrated(postgresSql(postgresPool(url, onError)), MIGRATIONS));
}
