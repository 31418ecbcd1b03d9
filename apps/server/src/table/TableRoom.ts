import { type Client, Room, ServerError } from '@colyseus/core';
import { CLOSE_CODES, type ClosedTable, JOIN_ERROR_NUMBERS, type JoinErrorCode, type ServerMessages, reject } from '@flightchess/protocol';
import type { Logger } from 'pino';
import type { DrainableTable } from './drain';
import type { Match } from '../matches/Match';
import type { PlayerRecord } from '../players/playerRepository';
import { closeTable } from './closeTable';
import {
  clearHeldSeats,
  forgetStoppedDisposeTimer,
  ownPatches,
  readFramesFirst,
  serializerOf,
  stopBeforeRefusal,
} from './colyseusWorkarounds';
import { RESTARTING } from './gathering';
import { HeldWrites } from './heldWrites';
import { listingOf } from './listing';
import { TableState, syncedJson } from './schema';
import type { Seating } from './seating';
import { Serial } from './serial';
import type { TableConfig } from './tableConfig';
import type { TableDeps } from './tableDeps';
import { type TableSettings, parseTableOptions, storedSettings } from './tableOptions';
import type { TablePlay } from './tablePlay';
import { type RoomDoor, type TableParts, tableParts } from './tableParts';
import type { JoinOptions } from './tableSeats';
import { Timers } from './timers';
import { logUncaught, logUnexpected } from './uncaught';

/**
 * One table, as Colyseus sees it: its lifecycle, and the dispatch of what clients send. The people at
 * the table are TableSeats (and Watchers), the gathering before a game Gathering, the game played there
 * TablePlay, over a Match that is stored ahead of play and rebuilt from storage alone. Every piece of
 * work runs in one queue (Serial), so no two see a half-done state, and an exception stays inside its task.
 */
export class TableRoom extends Room<TableState> implements DrainableTable {
  private settings!: TableSettings;
  private seating!: Seating;
  private timers!: Timers;
  private parts!: TableParts;
  private serial!: Serial;
  private readonly writes = new HeldWrites(() => this.clients);
  private play!: TablePlay;
  private log!: Logger;
  /** The server closes the table: the disconnections it causes are not escapes. */
  private closing = false;

  constructor(private readonly deps: TableDeps) {
    super();
  }

  private get config(): TableConfig {
    return this.deps.config;
  }

  // ─── lifecycle ──────────────────────────────────────────────────────────────────────────────

  override async onCreate(options: unknown): Promise<void> {
    forgetStoppedDisposeTimer(this);
    readFramesFirst(this, (client, buffer, colyseus) => this.parts.inbox.frame(client, buffer, colyseus));
    // Every change runs in the table's queue, which sends the patch when done (run): no 20 Hz patch
    // interval per table, which at a thousand tables cost more CPU than the games themselves.
    this.setPatchRate(null);
    this.log = this.deps.logger.child({ tableId: this.roomId });
    this.timers = new Timers((error, timer) => this.report(error, `timer:${timer}`));
    this.serial = new Serial((error) => this.report(error, 'task'));
    const restoring = (options as { restore?: unknown } | null)?.restore;
    if (restoring !== undefined) {
      const match = typeof restoring === 'string' ? this.deps.restores.take(restoring) : undefined;
      if (!match) this.refuseCreation('ERR_BAD_CONFIG', 'restore: no such table is being restored');
      await this.restore(match);
      return;
    }
    // A process that is shutting down takes no new table (another process was asked first, see cluster.ts).
    if (this.deps.drain.draining) this.refuseCreation('ERR_SHUTTING_DOWN', 'the server is restarting; try again in a moment');
    const full = this.deps.admission.newTable();
    if (full) this.refuseCreation('ERR_SERVER_FULL', full.message);
    const parsed = parseTableOptions(options, this.config);
    if (!parsed.ok) this.refuseCreation(parsed.error.code, parsed.error.message);
    this.setUp(parsed.value);
    this.state.code = await this.deps.codes.register(this.roomId);
    this.updateListing();
    this.deps.drain.add(this);
    const s = parsed.value;
    this.log.info(
      { event: 'table-created', preset: s.preset, size: s.size, teams: s.teams, private: s.private, rated: s.rated, code: this.state.code },
      'table created',
    );
  }

  private setUp(s: TableSettings): void {
    this.settings = s;
    const state = new TableState();
    Object.assign(state, {
      preset: s.preset,
      options: syncedJson(s.options),
      size: s.size,
      teams: s.teams,
      base: s.base,
      turnSeconds: s.turnSeconds,
      private: s.private,
      rated: s.rated,
    });
    this.setState(state);
    ownPatches(serializerOf(this));
    // Quick-match filters on these; store them normalised so that defaults match explicit values.
    Object.assign(this.listing, { preset: s.preset, size: s.size, teams: s.teams });
    this.parts = tableParts(state, s, this.door());
    ({ seating: this.seating, play: this.play } = this.parts);
  }

  /** What the table's parts may ask of this room (tableParts.ts). */
  private door(): RoomDoor {
    // Getters, not copies: the room id is set after onCreate begins, and closing changes later.
    const roomId = () => this.roomId;
    const closing = () => this.closing;
    return {
      deps: this.deps,
      log: this.log,
      timers: this.timers,
      get tableId() {
        return roomId();
      },
      get closing() {
        return closing();
      },
      clients: () => this.clients,
      hold: (client) => this.allowReconnection(client, this.config.reconnectSeconds),
      run: (work) => this.run(work),
      task: (work) => this.task(work),
      tell: (type, message, held, except) => {
        if (held) this.writes.hold();
        this.broadcast(type, message, except ? { except: this.clients.filter(except) } : undefined);
      },
      flush: () => {
        this.writes.hold();
        this.broadcastPatch();
      },
      gameChanged: () => this.gameChanged(),
      listingChanged: () => this.updateListing(),
      disposable: (on) => {
        this.autoDispose = on;
      },
      lost: () => void this.disconnect(CLOSE_CODES.restarting),
      report: (error, where) => this.report(error, where),
    };
  }

  /** Rebuild a table whose game was stored by a process that stopped: same id, code, seats and game; everyone away. */
  private async restore(match: Match): Promise<void> {
    const t = match.table;
    this.roomId = t.tableId;
    this.log = this.deps.logger.child({ tableId: t.tableId });
    const settings = storedSettings(t);
    if (!settings.ok) this.refuseCreation(settings.error.code, settings.error.message);
    this.setUp(settings.value);
    this.state.code = t.code;
    this.state.hostId = t.hostId;
    this.seating.restore(t.seats);
    await this.parts.ratings.show();
    this.autoDispose = false;
    if (t.code) await this.deps.codes.claim(t.code, t.tableId);
    this.updateListing();
    this.deps.drain.add(this);
    this.log.info(
      { event: 'table-restored', matchId: match.id, actions: match.actionCount, version: match.state.version },
      'table restored from storage',
    );
    await this.play.restore(match);
  }

  private refuseCreation(code: JoinErrorCode, message: string): never {
    stopBeforeRefusal(this);
    throw new ServerError(JOIN_ERROR_NUMBERS[code], `${code}: ${message}`);
  }

  override async onJoin(client: Client, options: JoinOptions, player: PlayerRecord): Promise<void> {
    const outcome =
      (await this.run(() => this.parts.seats.join(client, options, player))) ?? reject('ERR_STORAGE', 'the table could not seat you');
    if (outcome === 'seated' || outcome === 'watching') return this.parts.devices.watch(client);
    const code = outcome.code in JOIN_ERROR_NUMBERS ? (outcome.code as JoinErrorCode) : 'ERR_NO_FREE_SEAT';
    throw new ServerError(JOIN_ERROR_NUMBERS[code], `${outcome.code}: ${outcome.message}`);
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    this.parts.forget(client.sessionId);
    await this.run(() => this.parts.seats.leave(client, consented));
  }

  override disconnect(closeCode?: number): Promise<unknown> {
    this.closing = true;
    return super.disconnect(closeCode);
  }

  override async onDispose(): Promise<void> {
    this.closing = true;
    this.play?.stop();
    this.deps.drain.remove(this);
    this.timers?.clearAll();
    clearHeldSeats(this);
    await this.serial?.idle();
    const match = this.play?.match;
    const unfinished = this.play?.unfinished ?? false;
    if (match && unfinished && !this.play.isLost) {
      // Stored as it is: any process (this one after a restart) restores it from there.
      await match.release().catch((err: unknown) => this.log.error({ event: 'storage-failed', err }, 'could not release the table'));
      this.log.info({ event: 'table-handed-over', matchId: match.id, version: match.state.version }, 'table stored for the next process');
    }
    // A game still to be restored keeps its code, so that its players find it again.
    if (this.state?.code && !unfinished) await this.deps.codes.release(this.state.code);
    this.log.info({ event: 'table-closed' }, 'table closed');
  }

  get status(): string {
    return this.state?.status ?? 'waiting';
  }

  get matchId(): string | null {
    return this.play?.match?.id ?? null;
  }

  /** How many actions the game has had (its engine state version); 0 before a game. */
  get version(): number {
    return this.play?.match?.state.version ?? 0;
  }

  get gameInProgress(): boolean {
    return this.state.status === 'playing' || this.play.recording;
  }

  /** The process drains (SIGTERM in drain mode): a table still seating players closes and tells them why; a game plays on. */
  onDrain(): void {
    if (this.state.status !== 'waiting') return;
    this.log.info({ event: 'table-closing', reason: 'shutdown' }, 'closing a table whose game has not started');
    this.broadcast('closing', RESTARTING);
    void this.disconnect();
  }

  /** The operator closes the table (closeTable.ts), from any process of the deployment through matchMaker.remoteRoomCall; null if it failed. */
  async closeByOperator(): Promise<ClosedTable | null> {
    const tell = (m: ServerMessages['closing']) => this.broadcast('closing', m);
    const close = () => void this.disconnect(CLOSE_CODES.closedByOperator);
    return (
      (await this.run(() => closeTable({ roomId: this.roomId, status: this.state.status, play: this.play, log: this.log, tell, close }))) ??
      null
    );
  }

  /**
   * The process stops (Colyseus calls this for every room): finish the work in hand, store the game
   * as it is and close every connection with "restarting", so that the players rejoin wherever the
   * table is restored. A table still seating players closes for good.
   */
  override onBeforeShutdown(): void {
    void this.serial
      .run(() => this.play.stop())
      .then(() => {
        if (this.state.status !== 'waiting') return this.disconnect(CLOSE_CODES.restarting);
        this.broadcast('closing', RESTARTING);
        return this.disconnect();
      });
  }

  /** Colyseus routes every exception of a room here, including the refusals thrown on purpose. */
  override onUncaughtException(error: Error, method: string): void {
    logUncaught(this.log ?? this.deps.logger.child({ tableId: this.roomId }), error, method);
  }

  /** An unexpected error: logged with the table, never beyond it. */
  private report(error: unknown, where: string): void {
    logUnexpected(this.log ?? this.deps.logger.child({ tableId: this.roomId }), error, where);
  }

  // ─── dispatch ───────────────────────────────────────────────────────────────────────────────

  /** Run `work` in the table's queue (timers use this: they fire outside it). */
  private task(work: () => unknown): void {
    if (!this.play.stopped) void this.run(work);
  }

  /** Queue work; what it changed in the synced state goes out as soon as it is done. */
  private async run<T>(work: () => T | Promise<T>): Promise<T | undefined> {
    const result = await this.serial.run(work);
    this.broadcastPatch();
    return result;
  }

  /** The game started, ended or was recorded: a table with a game in progress never closes by itself. */
  private gameChanged(): void {
    this.autoDispose = this.state.status !== 'playing' && !this.play.recording;
    this.updateListing();
    this.deps.drain.changed();
  }

  /** Keep the matchmaker's and the lobby's view of the table current (listing.ts). */
  private updateListing(): void {
    const { metadata, hidden } = listingOf(this.settings, this.state, this.seating, this.play.stopped, this.play.match);
    const visibility = this.listing.private === hidden ? Promise.resolve() : this.setPrivate(hidden);
    void visibility.then(() => this.setMetadata(metadata)).catch((err: unknown) => this.log.error({ err }, 'listing update failed'));
  }
}
