import type { Client, Deferred } from '@colyseus/core';
import type { ServerMessages } from '@flightchess/protocol';
import type { Logger } from 'pino';
import { ratingModeOf } from '@flightchess/rules';
import { TableDevices } from '../accounts/tableDevices';
import { Gathering } from './gathering';
import { Inbox } from './inbox';
import { messageHandlers } from './messageHandlers';
import { QuickPhrases } from './quickPhrases';
import type { TableState } from './schema';
import { Seating } from './seating';
import type { TableDeps } from './tableDeps';
import type { TableHost } from './tableHost';
import type { TableSettings } from './tableOptions';
import { TablePlay } from './tablePlay';
import { TableRatings } from './tableRatings';
import { TableSeats } from './tableSeats';
import type { Timers } from './timers';
import { Watchers } from './watchers';

/** What the parts of a table need of the room they are in: its door onto Colyseus. */
export interface RoomDoor {
  readonly deps: TableDeps;
  readonly tableId: string;
  readonly log: Logger;
  readonly timers: Timers;
  /** The server closes the table: the disconnections it causes are not escapes. */
  readonly closing: boolean;
  /** The connections open now. */
  clients(): { readonly length: number; getById(sessionId: string): Client | undefined };
  /** Colyseus' wait for a dropped connection's token (RECONNECT_SECONDS). */
  hold(client: Client): Deferred<Client>;
  /** Queue work; what it changed in the synced state goes out as soon as it is done. */
  run(work: () => unknown): Promise<unknown>;
  /** Run work in the table's queue unless the table stopped (timers fire outside it). */
  task(work: () => unknown): void;
  /**
   * Send to every client now (but those `except` picks); `held`: in the same write as the patch that goes
   * with it (heldWrites.ts).
   */
  tell<T extends keyof ServerMessages>(type: T, message: ServerMessages[T], held?: 'held', except?: (client: Client) => boolean): void;
  /** Send the synced facts changed so far, now, in the same write as what follows. */
  flush(): void;
  /** The game started, ended or was recorded: the listing and the table's lifetime follow. */
  gameChanged(): void;
  listingChanged(): void;
  /** Whether the table closes by itself when its last client leaves. */
  disposable(on: boolean): void;
  /** The match belongs to another process now: close every connection. */
  lost(): void;
  /** An unexpected error, logged with the table. */
  report(error: unknown, where: string): void;
}

export interface TableParts {
  readonly seating: Seating;
  readonly ratings: TableRatings;
  readonly devices: TableDevices;
  readonly play: TablePlay;
  readonly seats: TableSeats;
  readonly inbox: Inbox;
  /** A connection closed: what was kept for it goes. */
  forget(sessionId: string): void;
}

/** The parts of one table, wired to each other and to its room. */
export function tableParts(state: TableState, s: TableSettings, door: RoomDoor): TableParts {
  const { deps, log } = door;
  const { config } = deps;
  const seating = new Seating(state, s.rules.colours);
  const devices = new TableDevices(deps.devices);
  const ratings = new TableRatings(state, deps.storage.ratings, s.rated ? ratingModeOf({ seats: s.size, teams: s.teams }) : null, log);
  const watchers = new Watchers({
    state,
    watchable: s.watchable,
    limit: config.watchersPerTable,
    admission: deps.admission,
    log,
    hold: (client) => door.hold(client),
    back: (client) => devices.back(client),
    client: (id) => door.clients().getById(id),
    task: (work) => door.task(work),
    changed: () => door.listingChanged(),
  });
  const play = new TablePlay({
    get tableId() {
      return door.tableId;
    },
    state,
    seating,
    settings: s,
    config,
    matches: deps.matches,
    timers: door.timers,
    log,
    watched: () => door.clients().length > 0,
    task: (work) => door.task(work),
    tell: (type, message) => door.tell(type, message, 'held'),
    flush: () => door.flush(),
    changed: () => door.gameChanged(),
    lost: () => door.lost(),
  });
  const host: TableHost = {
    deps,
    state,
    seating,
    ratings,
    play,
    watchers,
    devices,
    log,
    timers: door.timers,
    get closing() {
      return door.closing;
    },
    client: (id) => door.clients().getById(id),
    hold: (client) => door.hold(client),
    run: (work) => door.run(work),
    task: (work) => door.task(work),
    tell: (type, message, except) => door.tell(type, message, undefined, except),
    listingChanged: () => door.listingChanged(),
    disposable: (on) => door.disposable(on),
  };
  const gathering = new Gathering(host);
  const seats = new TableSeats(host, gathering);
  const phrases = new QuickPhrases(host, {
    banned: (client, playerId) => seats.banned(client, playerId),
    blockersOf: (playerId) => deps.pairing.blockersOf(playerId),
  });
  const handlers = messageHandlers({
    state,
    play,
    seats,
    gathering,
    phrases,
    watchers,
    send: (client, type, message) => client.send(type, message),
  });
  const inbox = new Inbox({
    maxMessagesPerSecond: config.maxMessagesPerSecond,
    log,
    seating,
    devices,
    watchers,
    play,
    handlers,
    run: (work) => door.run(work),
    report: (error, where) => door.report(error, where),
  });
  const forget = (sessionId: string) => {
    inbox.forget(sessionId);
    phrases.forget(sessionId);
    seats.forget(sessionId);
  };
  return { seating, ratings, devices, play, seats, inbox, forget };
}
