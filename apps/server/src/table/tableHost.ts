import type { Client, Deferred } from '@colyseus/core';
import type { ServerMessages } from '@flightchess/protocol';
import type { Logger } from 'pino';
import type { TableDevices } from '../accounts/tableDevices';
import type { TableState } from './schema';
import type { Seating } from './seating';
import type { TableDeps } from './tableDeps';
import type { TablePlay } from './tablePlay';
import type { TableRatings } from './tableRatings';
import type { Timers } from './timers';
import type { Watchers } from './watchers';

/** One table's parts, and what its seats, setup and phrases may ask of the room (TableRoom gives it). */
export interface TableHost {
  readonly deps: TableDeps;
  readonly state: TableState;
  readonly seating: Seating;
  /** The seats' ratings before a rated table's game. */
  readonly ratings: TableRatings;
  readonly play: TablePlay;
  readonly watchers: Watchers;
  /** Connections of devices signed out: nothing they sent runs any more, and they are not held for their token. */
  readonly devices: TableDevices;
  readonly log: Logger;
  readonly timers: Timers;
  /** The server closes the table: the disconnections it causes are not escapes. */
  readonly closing: boolean;
  /** The connection with this session id, if it is still open. */
  client(sessionId: string): Client | undefined;
  /** Colyseus' wait for a dropped connection's token (RECONNECT_SECONDS). */
  hold(client: Client): Deferred<Client>;
  /** Queue work; what it changed in the synced state goes out as soon as it is done. */
  run(work: () => unknown): Promise<unknown>;
  /** Run work in the table's queue unless the table stopped (timers fire outside it). */
  task(work: () => unknown): void;
  /** Send to every client of the table, but those `except` picks. */
  tell<T extends keyof ServerMessages>(type: T, message: ServerMessages[T], except?: (client: Client) => boolean): void;
  /** Keep the matchmaker's and the lobby's view of the table current. */
  listingChanged(): void;
  /** Whether the table closes by itself when its last client leaves. */
  disposable(on: boolean): void;
}
