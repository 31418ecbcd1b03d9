import type { IncomingMessage } from 'node:http';
import type { PresenceTable, Rejection } from '@flightchess/protocol';
import type { OfferedSeat } from '../invitations/invitations';
import type { Logger } from 'pino';
import type { SeatCheck } from '../accounts/seatCredentials';
import type { SignedOutDevices } from '../accounts/signedOutDevices';
import type { Drain } from './drain';
import type { Admission } from '../limits/admission';
import type { Match, MatchDeps } from '../matches/Match';
import type { RatingStorage } from '../ratings/RatingStorage';
import type { JoinCodes } from './joinCodes';
import type { TableConfig } from './tableConfig';

/** Games a process restores hand their rebuilt match to the room that will hold it (see tableKeeper.ts). */
export interface RestoreHandoff {
  take(tableId: string): Match | undefined;
}

/** What a table needs of the server it runs in (gameServer.ts gives it). */
export interface TableDeps {
  readonly config: TableConfig;
  /** Beyond its match (`matches`): the credentials of whoever asks for a seat, and the seats' ratings. */
  readonly storage: SeatCheck['storage'] & { readonly ratings: Pick<RatingStorage, 'ratingOf'> };
  readonly logger: Logger;
  readonly codes: JoinCodes;
  readonly drain: Drain;
  readonly matches: MatchDeps;
  readonly restores: RestoreHandoff;
  readonly admission: Admission;
  /** Closes the table connection of a device that is signed out (accounts/). */
  readonly devices: Pick<SignedOutDevices, 'watch' | 'signedIn' | 'close'>;
  /** The operator's bans (bans/bans.ts): ERR_BANNED for a banned player, or one at an address banned with another. */
  readonly bans: { refusal(playerId: string, address: string): Promise<Rejection | null> };
  /** The client's address (limits/clientAddress.ts), for bans that cover one. */
  readonly addressOf: (req: IncomingMessage) => string;
  /** Quick play's ratings, cooldowns and blocks, as a table meets them (pairing/). */
  readonly pairing: TablePairing;
  /**
   * Who is at the table, told to their friends (friends/): after each change of its listing, and none once it
   * closes; and who started playing there (their friends who asked are told).
   */
  readonly people: {
    atTable(roomId: string, people: readonly TablePerson[], table: PresenceTable | null): void;
    startedPlaying(playerIds: readonly string[], roomId: string, watchable: boolean): Promise<void>;
  };
  /**
   * Invitations to the table (invitations/): one lets its invitee in without the code, or to take over the
   * seat it offers; a game that starts or ends, or a seat taken over, expires those pending.
   */
  readonly invitations: {
    admits(id: string, playerId: string, roomId: string): Promise<boolean>;
    offeredSeat(id: string, playerId: string, roomId: string): Promise<OfferedSeat | null>;
    roomChanged(roomId: string): Promise<void>;
  };
}

/** A person at a table, as their friends see them. */
export interface TablePerson {
  readonly playerId: string;
  readonly state: 'playing' | 'waiting' | 'watching';
}

/** What a table asks of pairing/. */
export interface TablePairing {
  /** ERR_COOLDOWN while quick play is closed to the player: they take no seat at a rated public table either. */
  cooldown(playerId: string): Promise<Rejection | null>;
  /** The players who blocked this one: its quick phrases do not reach them. */
  blockersOf(playerId: string): Promise<ReadonlySet<string>>;
}
