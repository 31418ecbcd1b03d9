import type { Client, Deferred } from '@colyseus/core';
import { CLOSE_CODES, type ServerMessages } from '@flightchess/protocol';
import { ratingModeOf } from '@flightchess/rules';
import type { Logger } from 'pino';
import { TableDevices } from '../accounts/tableDevices';
import { type Corkable, socketOf } from './colyseusWorkarounds';
import { Gathering } from './gathering';
import { Inbox } from './inbox';
import { type Listing, listingOf, peopleAt, presenceTable } from './listing';
import { QuickPhrases } from './quickPhrases';
import { TableState, syncedJson } from './schema';
import { Seating } from './seating';
import type { TableDeps } from './tableDeps';
import type { TableSettings } from './tableOptions';
import { TablePlay } from './tablePlay';
import { TableRatings } from './tableRatings';
import { TableSeats } from './tableSeats';
import { Timers } from './timers';
import { logUnexpected } from './uncaught';
import { Watchers } from './watchers';

/**
 * What only the room can do for its table (TableRoom is this door; a test's fake table gives its own):
 * the connections open now, sending to them, holding a dropped one for its token, the matchmaker's
 * listing, closing.
 */
export interface TableDoor {
  readonly roomId: string;
  readonly clients: readonly Client[] & { getById(sessionId: string): Client | undefined };
  /** The server closes the table: the disconnections it causes are not escapes. */
  readonly closing: boolean;
  /** Whether the table closes by itself when its last client leaves. */
  autoDispose: boolean;
  broadcast(type: string, message: unknown, options?: { except?: Client[] }): void;
  /** Send the synced facts changed so far. */
  broadcastPatch(): boolean;
  allowReconnection(client: Client, seconds: number): Deferred<Client>;
  /** What the matchmaker and the lobby see of the table (listing.ts). */
  list(listing: Listing): void;
  disconnect(closeCode?: number): Promise<unknown>;
  /** Close every connection with this code: another process restored the table under the same id, its listing theirs now. */
  handOver(closeCode: number): Promise<unknown>;
}

/**
 * One table: the people at it (TableSeats, Watchers), the gathering before a game (Gathering), the game
 * played there (TablePlay), the messages its clients send (Inbox). Every part is given this object and
 * nothing else: it holds the others, the table's queue (`run`), its timers, and the way out to the
 * clients (`tell`). A step goes one way: the inbox validates it, the play stores it, then `tell` sends it.
 */
export class Table {
  readonly log: Logger;
  readonly state: TableState;
  readonly timers = new Timers((error, timer) => this.report(error, `timer:${timer}`));
  /** The end of the table's queue. */
  private tail: Promise<unknown> = Promise.resolve();
  /** The clients' sockets are corked until this piece of work is done (`cork`). */
  private corked = false;
  readonly seating: Seating;
  readonly devices: TableDevices;
  readonly ratings: TableRatings;
  readonly watchers: Watchers;
  readonly play: TablePlay;
  readonly gathering: Gathering;
  readonly seats: TableSeats;
  readonly phrases: QuickPhrases;
  readonly inbox: Inbox;

  constructor(
    readonly deps: TableDeps,
    readonly settings: TableSettings,
    private readonly door: TableDoor,
  ) {
    const s = settings;
    this.log = deps.logger.child({ tableId: door.roomId });
    this.state = Object.assign(new TableState(), {
      preset: s.preset,
      options: syncedJson(s.options),
      size: s.size,
      teams: s.teams,
      base: s.base,
      turnSeconds: s.turnSeconds,
      private: s.private,
      rated: s.rated,
    });
    this.seating = new Seating(this.state, s.rules.colours);
    this.devices = new TableDevices(deps.devices);
    const mode = s.rated ? ratingModeOf({ seats: s.size, teams: s.teams }) : null;
    this.ratings = new TableRatings(this.state, deps.storage.ratings, mode, this.log);
    this.watchers = new Watchers(this);
    this.play = new TablePlay(this);
    this.gathering = new Gathering(this);
    this.seats = new TableSeats(this);
    this.phrases = new QuickPhrases(this);
    this.inbox = new Inbox(this);
  }

  get tableId(): string {
    return this.door.roomId;
  }

  get closing(): boolean {
    return this.door.closing;
  }

  /** Someone is connected to the table: a player or a watcher. */
  watched(): boolean {
    return this.door.clients.length > 0;
  }

  /** The connection with this session id, if it is still open. */
  client(sessionId: string): Client | undefined {
    return this.door.clients.getById(sessionId);
  }

  /** Colyseus' wait for a dropped connection's token (RECONNECT_SECONDS). */
  hold(client: Client): Deferred<Client> {
    return this.door.allowReconnection(client, this.deps.config.reconnectSeconds);
  }

  /**
   * Queue work: every message, timer and join runs to its end (storage writes included) before the next
   * starts, so each sees the state the previous one left; one that throws is reported and the queue goes
   * on (undefined). What the work changed in the synced state goes out as soon as it is done.
   */
  async run<T>(work: () => T | Promise<T>): Promise<T | undefined> {
    const next = this.tail.then(work).catch((error: unknown) => {
      this.report(error, 'task');
      return undefined;
    });
    this.tail = next;
    const result = await next;
    this.door.broadcastPatch();
    return result;
  }

  /** Run work in the table's queue unless the table stopped (timers and reconnections resolve outside it). */
  task(work: () => unknown): void {
    if (!this.play.stopped) void this.run(work);
  }

  /** Resolves once every piece of work queued so far has run. */
  async idle(): Promise<void> {
    await this.tail;
  }

  /** Send to every client of the table (but those `except` picks), in the same socket write as what else this piece of work sends. */
  tell<T extends keyof ServerMessages>(type: T, message: ServerMessages[T], except?: (client: Client) => boolean): void {
    this.cork();
    this.door.broadcast(type, message, except ? { except: this.door.clients.filter(except) } : undefined);
  }

  /** Send the synced facts changed so far, now, in the same write as what was told before them. */
  flush(): void {
    this.cork();
    this.door.broadcastPatch();
  }

  /** The game started, ended or was recorded: a table with a game in progress never closes by itself. */
  gameChanged(): void {
    this.door.autoDispose = this.state.status !== 'playing' && !this.play.recording;
    this.listingChanged();
    this.deps.drain.changed();
  }

  /** The game started or ended, or a seat was taken over: the invitations still pending for the table expire. */
  invitationsMoot(): void {
    void this.deps.invitations
      .roomChanged(this.door.roomId)
      .catch((err: unknown) => this.log.error({ event: 'invitations-expire-failed', err }, "could not expire the table's invitations"));
  }

  /** Keep the matchmaker's and the lobby's view of the table current, and the friends' of the people at it. */
  listingChanged(): void {
    const listing = listingOf(this.settings, this.state, this.seating, this.play.stopped, this.gathering.waitingSince, this.play.match);
    this.door.list(listing);
    this.deps.people.atTable(
      this.door.roomId,
      peopleAt(this.seating, this.watchers, this.state.status, this.play.match),
      presenceTable(this.door.roomId, listing, this.play.match?.state ?? null),
    );
  }

  /** Whether the table closes by itself when its last client leaves. */
  disposable(on: boolean): void {
    this.door.autoDispose = on;
  }

  /** The match belongs to another process now: close every connection (they rejoin it there). */
  lost(): void {
    void this.door.handOver(CLOSE_CODES.restarting);
  }

  /** Close every connection with this code, and the table. */
  close(code: number): void {
    void this.door.disconnect(code);
  }

  /** A connection closed: what was kept for it goes. */
  forget(sessionId: string): void {
    this.inbox.forget(sessionId);
    this.phrases.forget(sessionId);
  }

  /**
   * The table closes: no more work. A game neither recorded nor aborted is stored as it is, for any
   * process (this one after a restart) to restore, and keeps its code so that its players find it again.
   */
  async dispose(): Promise<void> {
    this.play.stop();
    this.timers.clearAll();
    await this.idle();
    const { match, unfinished } = this.play;
    if (match && unfinished && !this.play.isLost) {
      await match.release().catch((err: unknown) => this.log.error({ event: 'storage-failed', err }, 'could not release the table'));
      this.log.info({ event: 'table-handed-over', matchId: match.id, version: match.state.version }, 'table stored for the next process');
    }
    if (this.state.code && !unfinished) await this.deps.codes.release(this.state.code);
    this.deps.people.atTable(this.door.roomId, [], null);
  }

  /**
   * Hold every frame the clients are sent until the current work is done (the next tick), then send each
   * client's frames in one write: an action message and the patch that follows it leave together. Without
   * it every frame was its own system call, about a third of the server's time under load.
   */
  private cork(): void {
    if (this.corked) return;
    this.corked = true;
    const sockets: Corkable[] = [];
    for (const client of this.door.clients) {
      const socket = socketOf(client);
      if (!socket) continue;
      socket.cork();
      sockets.push(socket);
    }
    process.nextTick(() => {
      this.corked = false;
      for (const socket of sockets) socket.uncork();
    });
  }

  /** An unexpected error: logged with the table, never beyond it. */
  report(error: unknown, where: string): void {
    logUnexpected(this.log, error, where);
  }
}
