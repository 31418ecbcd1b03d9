import { type Client, Room, ServerError, matchMaker } from '@colyseus/core';
import { CLOSE_CODES, type ClosedTable, JOIN_ERROR_NUMBERS, type JoinErrorCode, reject } from '@flightchess/protocol';
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
import type { Listing } from './listing';
import type { TableState } from './schema';
import { Table, type TableDoor } from './table';
import type { TableDeps } from './tableDeps';
import { type TableSettings, parseTableOptions, storedSettings } from './tableOptions';
import type { JoinOptions } from './tableSeats';
import { logUncaught } from './uncaught';

/**
 * One table, as Colyseus sees it: a door onto the Table that plays it (table.ts). The room creates or
 * restores the table, hands it what its clients send, join and leave, and does for it what only a room
 * can (TableDoor): send, hold a dropped connection, list the table, close it.
 */
export class TableRoom extends Room<TableState> implements DrainableTable, TableDoor {
  private table!: Table;
  /** The server closes the table: the disconnections it causes are not escapes. */
  closing = false;

  constructor(private readonly deps: TableDeps) {
    super();
  }

  private get log(): Logger {
    return this.table?.log ?? this.deps.logger.child({ tableId: this.roomId });
  }

  // ─── lifecycle ──────────────────────────────────────────────────────────────────────────────

  override async onCreate(options: unknown): Promise<void> {
    forgetStoppedDisposeTimer(this);
    readFramesFirst(this, (client, buffer, colyseus) => this.table.inbox.frame(client, buffer, colyseus));
    // Every change runs in the table's queue, which sends the patch when done (Table.run): no 20 Hz patch
    // interval per table, which at a thousand tables cost more CPU than the games themselves.
    this.setPatchRate(null);
    const { restore: restoring, opening } = (options as { restore?: unknown; opening?: unknown } | null) ?? {};
    if (restoring !== undefined) {
      const match = typeof restoring === 'string' ? this.deps.restores.take(restoring) : undefined;
      if (!match) this.refuseCreation('ERR_BAD_CONFIG', 'restore: no such table is being restored');
      await this.restore(match, opening === true);
      return;
    }
    // A process that is shutting down takes no new table (another process was asked first, see cluster.ts).
    if (this.deps.drain.draining) this.refuseCreation('ERR_SHUTTING_DOWN', 'the server is restarting; try again in a moment');
    const full = this.deps.admission.newTable();
    if (full) this.refuseCreation('ERR_SERVER_FULL', full.message);
    const parsed = parseTableOptions(options, this.deps.config);
    if (!parsed.ok) this.refuseCreation(parsed.error.code, parsed.error.message);
    this.setUp(parsed.value);
    this.state.code = await this.deps.codes.register(this.roomId);
    this.table.listingChanged();
    this.deps.drain.add(this);
    const s = parsed.value;
    this.log.info(
      { event: 'table-created', preset: s.preset, size: s.size, teams: s.teams, private: s.private, rated: s.rated, code: this.state.code },
      'table created',
    );
  }

  private setUp(s: TableSettings): void {
    this.table = new Table(this.deps, s, this);
    this.setState(this.table.state);
    ownPatches(serializerOf(this));
    // Quick-match filters on these; store them normalised so that defaults match explicit values.
    Object.assign(this.listing, { preset: s.preset, size: s.size, teams: s.teams });
  }

  /**
   * Rebuild a table whose game was stored by a process that stopped: same id, code, seats and game; everyone
   * away. A game stored ahead of its table (`opening`: a tournament's round) is opened the same way.
   */
  private async restore(match: Match, opening: boolean): Promise<void> {
    const t = match.table;
    this.roomId = t.tableId;
    const settings = storedSettings(t);
    if (!settings.ok) this.refuseCreation(settings.error.code, settings.error.message);
    this.setUp(settings.value);
    this.state.code = t.code;
    this.state.hostId = t.hostId;
    this.table.seating.restore(t.seats);
    await this.table.ratings.show();
    this.autoDispose = false;
    if (t.code) await this.deps.codes.claim(t.code, t.tableId);
    this.table.listingChanged();
    this.deps.drain.add(this);
    this.log.info(
      { event: opening ? 'table-opened' : 'table-restored', matchId: match.id, actions: match.actionCount, version: match.state.version },
      opening ? 'table opened for a game stored ahead of it' : 'table restored from storage',
    );
    await this.table.play.restore(match);
  }

  private refuseCreation(code: JoinErrorCode, message: string): never {
    stopBeforeRefusal(this);
    throw new ServerError(JOIN_ERROR_NUMBERS[code], `${code}: ${message}`);
  }

  override async onJoin(client: Client, options: JoinOptions, player: PlayerRecord): Promise<void> {
    const { table } = this;
    const outcome =
      (await table.run(() => table.seats.join(client, options, player))) ?? reject('ERR_STORAGE', 'the table could not seat you');
    if (outcome === 'seated' || outcome === 'watching') return table.devices.watch(client);
    const code = outcome.code in JOIN_ERROR_NUMBERS ? (outcome.code as JoinErrorCode) : 'ERR_NO_FREE_SEAT';
    throw new ServerError(JOIN_ERROR_NUMBERS[code], `${outcome.code}: ${outcome.message}`);
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    this.table.forget(client.sessionId);
    await this.table.run(() => this.table.seats.leave(client, consented));
  }

  override disconnect(closeCode?: number): Promise<unknown> {
    this.closing = true;
    return super.disconnect(closeCode);
  }

  override async onDispose(): Promise<void> {
    this.closing = true;
    this.deps.drain.remove(this);
    const disposed = this.table?.dispose();
    clearHeldSeats(this);
    await disposed;
    this.log.info({ event: 'table-closed' }, 'table closed');
  }

  get status(): string {
    return this.state?.status ?? 'waiting';
  }

  get matchId(): string | null {
    return this.table?.play.match?.id ?? null;
  }

  /** How many actions the game has had (its engine state version); 0 before a game. */
  get version(): number {
    return this.table?.play.match?.state.version ?? 0;
  }

  get gameInProgress(): boolean {
    return this.state.status === 'playing' || this.table.play.recording;
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
    const { table } = this;
    return (await table.run(() => closeTable(table))) ?? null;
  }

  /**
   * The process stops (Colyseus calls this for every room): finish the work in hand, store the game
   * as it is and close every connection with "restarting", so that the players rejoin wherever the
   * table is restored. A table still seating players closes for good.
   */
  override onBeforeShutdown(): void {
    void this.table
      .run(() => this.table.play.stop())
      .then(() => {
        if (this.state.status !== 'waiting') return this.disconnect(CLOSE_CODES.restarting);
        this.broadcast('closing', RESTARTING);
        return this.disconnect();
      });
  }

  /** Colyseus routes every exception of a room here, including the refusals thrown on purpose. */
  override onUncaughtException(error: Error, method: string): void {
    logUncaught(this.log, error, method);
  }

  /** What the matchmaker and the lobby see of the table (TableDoor). */
  handOver(closeCode: number): Promise<unknown> {
    // Closing removes the listing by the room's id: the one the other process wrote when it restored the table.
    Object.assign(this.listing, { remove: () => undefined });
    return this.disconnect(closeCode);
  }

  async relist(): Promise<void> {
    // A table lost to another process lists nothing: the listing under its id is the restored table's.
    if (this.table?.play.isLost) return;
    if (this.state.code) await this.deps.codes.claim(this.state.code, this.roomId);
    await this.listing.save();
  }

  async relistIfMissing(): Promise<boolean> {
    if (this.table?.play.isLost || (await matchMaker.driver.has(this.roomId))) return false;
    await this.relist();
    return true;
  }

  list({ metadata, hidden }: Listing): void {
    const visibility = this.listing.private === hidden ? Promise.resolve() : this.setPrivate(hidden);
    void visibility.then(() => this.setMetadata(metadata)).catch((err: unknown) => this.log.error({ err }, 'listing update failed'));
  }
}
