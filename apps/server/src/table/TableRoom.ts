import { type Client, type ClientPrivate, ClientState, type Deferred, Room, type SchemaSerializer, ServerError } from '@colyseus/core';
import type { IncomingMessage } from 'node:http';
import { type BotName, type Colour, isColour } from '@flightchess/rules';
import {
  CLOSE_CODES,
  type ClientMessage,
  type ClosedTable,
  type ClientMessageType,
  JOIN_ERROR_NUMBERS,
  type JoinErrorCode,
  PHRASE_BURST,
  PHRASE_SECONDS,
  type QuickPhrase,
  type Rejection,
  type ServerMessages,
  isClientMessageType,
  parseClientMessage,
  reject,
} from '@flightchess/protocol';
import type { Logger } from 'pino';
import type { Bans } from '../admin/bans';
import { closeTable } from '../admin/closeTable';
import type { ServerConfig } from '../config';
import type { SignedOutDevices } from '../accounts/signedOutDevices';
import type { Drain, DrainableTable } from '../drain';
import type { Admission } from '../limits/admission';
import type { JoinCodes } from '../lobby';
import type { Match, MatchDeps } from '../match/Match';
import { metrics } from '../metrics';
import { type SeatAuth, seatCredentials } from '../accounts/seatCredentials';
import { TableDevices } from '../accounts/tableDevices';
import type { PlayerRecord, Storage } from '../storage/Storage';
import { readFrame } from './frames';
import { listingOf } from './listing';
import { RateLimiter } from './rateLimit';
import { TableState, syncedJson } from './schema';
import { Seating } from './seating';
import { Serial } from './serial';
import { HeldWrites } from './heldWrites';
import { ownPatches } from './ownedPatches';
import { type Return, TablePlay } from './tablePlay';
import { type TableSettings, parseTableOptions, storedSettings } from './tableOptions';
import { Timers } from './timers';
import { Watchers } from '../watchers/watchers';
import { codeRefusal } from './codeRefusal';

/** Games a process restores hand their rebuilt match to the room that will hold it (see restore.ts). */
export interface RestoreHandoff {
  take(tableId: string): Match | undefined;
}

export interface TableDeps {
  readonly config: ServerConfig;
  readonly storage: Storage;
  readonly logger: Logger;
  readonly codes: JoinCodes;
  readonly drain: Drain;
  readonly matches: MatchDeps;
  readonly restores: RestoreHandoff;
  readonly admission: Admission;
  /** Closes the table connection of a device that is signed out (accounts/). */
  readonly devices: Pick<SignedOutDevices, 'watch' | 'signedIn' | 'close'>;
  readonly bans: Bans;
  /** The client's address (limits/clientAddress.ts), for bans that cover one. */
  readonly addressOf: (req: IncomingMessage) => string;
}

type Handlers = {
  [T in ClientMessageType]: (client: Client, message: ClientMessage<T>) => Rejection | null | Promise<Rejection | null>;
};

const NOT_SEATED = reject('ERR_NOT_SEATED', 'you have no seat at this table');
const NO_GAME_YET = reject('ERR_NOT_STARTED', 'no game has started at this table yet: its snapshot comes when it starts');
const RESTARTING = reject('ERR_SHUTTING_DOWN', 'the server is restarting: create or join a table again');

/**
 * One table, as Colyseus sees it: connections and seats (Seating, SeatHolds), frames and messages,
 * the lobby listing, shutdown. The game played there is TablePlay, over a Match that is stored ahead
 * of play and rebuilt from storage alone. Every piece of work runs in one queue (Serial), so no two
 * see a half-done state, and an exception stays inside its task.
 */
export class TableRoom extends Room<TableState> implements DrainableTable {
  private settings!: TableSettings;
  private seating!: Seating;
  private timers!: Timers;
  private limiter!: RateLimiter;
  /** Quick phrases have a limit of their own, well below the message limit: a table is not a chat room. */
  private phrases!: RateLimiter;
  private serial!: Serial;
  private readonly writes = new HeldWrites(() => this.clients);
  /** Colyseus' wait for a dropped player's reconnection token, per seat: a rejoin with credentials calls it off. */
  private readonly reconnections = new Map<Colour, Deferred>();
  /** What a player who took their seat back missed, told with the snapshot their new connection asks for. */
  private readonly missed = new Map<string, Return>();
  /** Connections of devices signed out: nothing they sent runs any more, and they are not held for their token. */
  private devices!: TableDevices;
  private play!: TablePlay;
  private watchers!: Watchers;
  private log!: Logger;
  /** The server closes the table: the disconnections it causes are not escapes. */
  private closing = false;

  constructor(private readonly deps: TableDeps) {
    super();
  }

  private get config(): ServerConfig {
    return this.deps.config;
  }

  // ─── lifecycle ──────────────────────────────────────────────────────────────────────────────

  override async onCreate(options: unknown): Promise<void> {
    // Every change runs in the table's queue, which sends the patch when done (run): no 20 Hz patch
    // interval per table, which at a thousand tables cost more CPU than the games themselves.
    this.setPatchRate(null);
    this.log = this.deps.logger.child({ tableId: this.roomId });
    this.timers = new Timers((error, timer) => this.report(error, `timer:${timer}`));
    this.serial = new Serial((error) => this.report(error, 'task'));
    this.limiter = new RateLimiter(this.config.maxMessagesPerSecond);
    this.phrases = new RateLimiter(1 / PHRASE_SECONDS, Date.now, PHRASE_BURST);
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
    this.log.info({ event: 'table-created', preset: s.preset, size: s.size, teams: s.teams, private: s.private, code: this.state.code }, 'table created');
  }

  private setUp(s: TableSettings): void {
    this.settings = s;
    const state = new TableState();
    state.preset = s.preset;
    state.options = syncedJson(s.options);
    state.size = s.size;
    state.teams = s.teams;
    state.base = s.base;
    state.turnSeconds = s.turnSeconds;
    state.private = s.private;
    this.setState(state);
    ownPatches((this as unknown as { _serializer: SchemaSerializer<TableState> })._serializer);
    this.seating = new Seating(state, s.rules.colours);
    this.devices = new TableDevices(this.deps.devices);
    this.watchers = new Watchers({
      state, watchable: s.watchable, limit: this.config.watchersPerTable, admission: this.deps.admission, log: this.log,
      hold: (client) => this.allowReconnection(client, this.config.reconnectSeconds),
      back: (client) => this.devices.back(client),
      client: (id) => this.clients.getById(id), task: (work) => this.task(work), changed: () => this.updateListing(),
    });
    // Quick-match filters on these; store them normalised so that defaults match explicit values.
    Object.assign(this.listing, { preset: s.preset, size: s.size, teams: s.teams });
    const room = this;
    this.play = new TablePlay({
      get tableId() {
        return room.roomId;
      },
      state,
      seating: this.seating,
      settings: s,
      config: this.config,
      matches: this.deps.matches,
      timers: this.timers,
      log: this.log,
      watched: () => this.clients.length > 0,
      task: (work) => this.task(work),
      // The patch and the action after it leave in one write per client (heldWrites.ts).
      tell: (type, message) => {
        this.writes.hold();
        this.broadcast(type, message);
      },
      flush: () => {
        this.writes.hold();
        this.broadcastPatch();
      },
      changed: () => this.gameChanged(),
      lost: () => void this.disconnect(CLOSE_CODES.restarting),
    });
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
    this.autoDispose = false;
    if (t.code) await this.deps.codes.claim(t.code, t.tableId);
    this.updateListing();
    this.deps.drain.add(this);
    this.log.info({ event: 'table-restored', matchId: match.id, actions: match.actionCount, version: match.state.version }, 'table restored from storage');
    await this.play.restore(match);
  }

  /**
   * Colyseus starts a dispose timer and a clock before onCreate, and drops a room whose onCreate
   * failed without stopping them: stop them here, or every refused table leaks both.
   */
  private refuseCreation(code: JoinErrorCode, message: string): never {
    this.autoDispose = false;
    this.clock.stop();
    throw new ServerError(JOIN_ERROR_NUMBERS[code], `${code}: ${message}`);
  }

  override async onJoin(client: Client, options: { colour?: unknown; watch?: unknown; code?: unknown } | undefined, player: PlayerRecord): Promise<void> {
    const outcome = (await this.run(() => this.seatPlayer(client, options, player))) ?? reject('ERR_STORAGE', 'the table could not seat you');
    if (outcome === 'seated' || outcome === 'watching') return this.devices.watch(client);
    const code = outcome.code in JOIN_ERROR_NUMBERS ? (outcome.code as JoinErrorCode) : 'ERR_NO_FREE_SEAT';
    throw new ServerError(JOIN_ERROR_NUMBERS[code], `${outcome.code}: ${outcome.message}`);
  }

  /** A player takes their own seat back (any time, whatever `watch` says), watches (watchers/), or takes a free seat before the game. */
  private async seatPlayer(client: Client, options: { colour?: unknown; watch?: unknown; code?: unknown } | undefined, player: PlayerRecord): Promise<'seated' | 'watching' | Rejection> {
    if (this.play.stopped || this.closing) return reject('ERR_SHUTTING_DOWN', 'the table is closing: try again in a moment');
    // The credentials were checked when the seat was asked for: the device may have been signed out since.
    if (!(await this.devices.signedIn(client))) return reject('ERR_BAD_CREDENTIALS', 'this device was signed out');
    const own = this.seating.colourOfPlayer(player.id);
    if (own) return this.rejoin(client, own);
    const locked = codeRefusal(this.state, options);
    if (locked) return locked;
    if (options?.watch === true) return (await this.banned(client, player.id)) ?? this.watchers.admit(client, player);
    return this.sitDown(client, player, options?.colour);
  }

  /** A newcomer, or a watcher (`sit`), takes a free seat before the game. */
  private async sitDown(client: Client, player: PlayerRecord, colour: unknown): Promise<'seated' | Rejection> {
    if (this.state.status !== 'waiting') return reject('ERR_ALREADY_STARTED', 'the game at this table has started');
    const refused = (await this.banned(client, player.id)) ?? (await this.deps.admission.newSeat(player.id));
    if (refused) return refused;
    const seated = this.seating.addHuman(client.sessionId, { playerId: player.id, nickname: player.nickname }, isColour(colour) ? colour : undefined);
    if (typeof seated !== 'string') return seated;
    this.watchers.seated(client.sessionId);
    if (!this.state.hostId) this.state.hostId = player.id;
    this.log.info({ event: 'player-joined', seat: seated, playerId: player.id }, 'player joined');
    await this.seatingChanged();
    return 'seated';
  }

  /** Back into one's own seat with the player's credentials: the connection that held it (if any) lets go. */
  private async rejoin(client: Client, colour: Colour): Promise<'seated'> {
    const previous = this.seating.attach(colour, client.sessionId);
    const old = previous ? this.clients.getById(previous) : undefined;
    old?.leave(CLOSE_CODES.replaced, 'ERR_REPLACED: this seat was taken over by another connection of the same player');
    this.reconnections.get(colour)?.reject(new Error('back'));
    this.reconnections.delete(colour);
    metrics.reconnects.inc({ how: 'rejoin' });
    this.log.info({ event: 'player-rejoined', seat: colour }, 'player took their seat back');
    await this.seatBack(client, colour);
    return 'seated';
  }

  /**
   * The player has their seat again: the game goes on with them. What they missed is told after the
   * snapshot their new connection asks for: by then the client listens (sent with the join, it could
   * arrive before a client has its handlers in place).
   */
  private async seatBack(client: Client, colour: Colour): Promise<void> {
    this.seating.seat(colour)!.connected = true;
    const missed = await this.play.back(colour);
    if (missed) this.missed.set(client.sessionId, missed);
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    this.limiter.forget(client.sessionId);
    this.phrases.forget(client.sessionId);
    this.missed.delete(client.sessionId);
    await this.run(() => this.leaveSeat(client, consented));
  }

  private async leaveSeat(client: Client, consented: boolean): Promise<void> {
    const colour = this.seating.colourOf(client.sessionId);
    const signedOut = this.devices.closed(client.sessionId);
    if (!colour) return this.watchers.left(client, consented || this.closing || signedOut); // a watcher, or a seat replaced by a rejoin
    const seat = this.seating.seat(colour)!;
    if (this.state.status === 'waiting') {
      this.seating.removeHuman(client.sessionId);
      if (this.state.hostId === seat.playerId) this.state.hostId = this.seating.humans()[0]?.playerId ?? '';
      this.log.info({ event: 'player-left', seat: colour }, 'player left before the game');
      await this.seatingChanged();
      return;
    }
    seat.connected = false;
    if (this.closing || this.play.stopped || this.state.status === 'over' || this.play.match?.state.out[colour]) return;
    if (consented) {
      this.log.info({ event: 'player-escaped', seat: colour }, 'player left during the game (escape)');
      await this.play.serverAction({ type: 'escape', seat: colour });
      return;
    }
    this.log.info({ event: 'player-dropped', seat: colour, holdSeconds: this.config.reconnectSeconds, signedOut }, 'player dropped; seat held');
    // A device signed out is not held for: the seat waits for the player's other devices (their credentials).
    if (signedOut) return this.play.away(colour);
    const reconnection = this.allowReconnection(client, this.config.reconnectSeconds);
    this.reconnections.set(colour, reconnection);
    reconnection
      .then(() => void this.run(() => this.reconnected(client, colour)))
      .catch(() => undefined); // timed out (the seat was forfeited) or called off by a rejoin
    await this.play.away(colour);
  }

  /**
   * Back with the token, which asks for no secret: the device is checked first, in the table's queue,
   * so that nothing it sends runs before; a device signed out meanwhile is closed and not held again.
   */
  private async reconnected(client: Client, colour: Colour): Promise<void> {
    if (this.seating.colourOf(client.sessionId) !== colour) return;
    this.reconnections.delete(colour);
    if (!(await this.devices.back(client))) return;
    metrics.reconnects.inc({ how: 'token' });
    this.log.info({ event: 'player-reconnected', seat: colour }, 'player reconnected');
    await this.seatBack(client, colour);
  }

  /**
   * Colyseus 0.16 clears its dispose timer when autoDispose turns false but keeps the timer's handle,
   * and never disposes a room that still has one: a table whose next game started within a second of
   * the last result could then never close (shutdown hung). Forget the handle with the timer.
   */
  protected override resetAutoDisposeTimeout(timeoutInSeconds?: number): void {
    super.resetAutoDisposeTimeout(timeoutInSeconds);
    if (!this.autoDispose) (this as unknown as { _autoDisposeTimeout?: unknown })._autoDisposeTimeout = undefined;
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
    // Held seats keep a timer each (up to the reconnection time): clear them so nothing outlives the table.
    for (const handle of Object.values(this.reservedSeatTimeouts)) clearTimeout(handle);
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

  get gameInProgress(): boolean {
    return this.state.status === 'playing' || this.play.recording;
  }

  /** The process drains (SIGTERM in drain mode): a table still seating players closes and tells them why; a game plays on. */
  onDrain(): void {
    if (this.state.status !== 'waiting') return;
    this.log.info({ event: 'table-closing', reason: 'shutdown' }, 'closing a table whose game has not started');
    this.tell('closing', RESTARTING);
    void this.disconnect();
  }

  /** The operator closes the table (admin/closeTable.ts), from any process of the deployment through matchMaker.remoteRoomCall; null if it failed. */
  async closeByOperator(): Promise<ClosedTable | null> {
    const tell = (m: ServerMessages['closing']) => this.tell('closing', m);
    const close = () => void this.disconnect(CLOSE_CODES.closedByOperator);
    return (await this.run(() => closeTable({ roomId: this.roomId, status: this.state.status, play: this.play, log: this.log, tell, close }))) ?? null;
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
        this.tell('closing', RESTARTING);
        return this.disconnect();
      });
  }

  /** Colyseus routes every exception of a room here, including the refusals thrown on purpose. */
  override onUncaughtException(error: Error, method: string): void {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof ServerError) {
      metrics.joinRefusals.inc({ code: /^ERR_[A-Z_]+/.exec(cause.message)?.[0] ?? 'other' });
      (this.log ?? this.deps.logger.child({ tableId: this.roomId })).warn({ event: 'join-refused', method, reason: cause.message }, 'request refused');
    } else this.report(cause ?? error, method);
  }

  /** An unexpected error: logged with the table, never beyond it. */
  private report(error: unknown, where: string): void {
    const log = this.log ?? this.deps.logger.child({ tableId: this.roomId });
    log.error({ event: 'uncaught', where, err: error }, 'unexpected error in table');
  }

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

  // ─── messages ───────────────────────────────────────────────────────────────────────────────

  /**
   * Every frame a client sends. Colyseus' own reading of it could throw outside any handler and looked
   * handlers up by the message type in a plain object; this reads the frame without throwing and
   * dispatches by the protocol's own table of message types.
   */
  protected override _onMessage(client: Client & ClientPrivate, buffer: Buffer): void {
    try {
      if (client.state === ClientState.LEAVING) return;
      const frame = readFrame(buffer);
      if (frame.kind === 'protocol') {
        super._onMessage(client, buffer);
      } else if (frame.kind === 'bad') {
        this.log.warn({ event: 'bad-frame', seat: this.seating.colourOf(client.sessionId), reason: frame.reason }, 'undecodable frame: connection closed');
        client.leave(CLOSE_CODES.badFrame, `ERR_BAD_FRAME: ${frame.reason}`);
      } else {
        this.receive(client, frame.type, frame.payload);
      }
    } catch (error) {
      this.report(error, 'message');
    }
  }

  private receive(client: Client, type: string, payload: unknown): void {
    if (!this.devices.counts(client.sessionId)) return; // a device signed out: nothing it sends counts
    const { allowed, notify } = this.limiter.take(client.sessionId);
    if (allowed) {
      const arrived = performance.now();
      const reply = async () => {
        if (!this.devices.counts(client.sessionId)) return; // signed out while this waited in the queue
        const rejection = await this.answer(client, type, payload);
        if (rejection) this.refuse(client, type, rejection);
        else if (type === 'roll' || type === 'move') metrics.actionLatency.observe((performance.now() - arrived) / 1000);
      };
      // A ping asks whether the link is alive, whatever the table is busy with: answered at once, outside the queue.
      void (type === 'ping' ? reply() : this.run(reply));
    } else if (notify) {
      this.refuse(client, type, reject('ERR_RATE_LIMITED', `more than ${this.config.maxMessagesPerSecond} messages a second: slow down`));
    }
  }

  /** One message, in its turn in the queue: a refusal (nothing changed) or null (done). */
  private async answer(client: Client, type: string, payload: unknown): Promise<Rejection | null> {
    if (!isClientMessageType(type)) return reject('ERR_UNKNOWN_MESSAGE', `unknown message type '${type.slice(0, 40)}'`);
    const watching = this.watchers.refusal(client.sessionId, type);
    if (watching) return watching;
    const parsed = parseClientMessage(type, payload);
    if (!parsed.ok) return parsed.error;
    if (this.play.stopped) return reject('ERR_SHUTTING_DOWN', 'the server is restarting: you will be back in a moment');
    const handle = this.handlers[type] as (client: Client, message: unknown) => Rejection | null | Promise<Rejection | null>;
    return handle(client, parsed.value);
  }

  /** Answer the sender only, log one line, change nothing. */
  private refuse(client: Client, type: string, rejection: Rejection): void {
    const request = type.slice(0, 40);
    this.sendTo(client, 'error', { ...rejection, request });
    metrics.rejected.inc({ code: rejection.code });
    this.log.warn({ event: 'action-rejected', seat: this.seating.colourOf(client.sessionId), request, code: rejection.code, reason: rejection.message }, 'action rejected');
  }

  private sendTo<T extends keyof ServerMessages>(client: Client, type: T, message: ServerMessages[T]): void {
    client.send(type, message);
  }

  private tell<T extends keyof ServerMessages>(type: T, message: ServerMessages[T]): void {
    this.broadcast(type, message);
  }

  private readonly handlers: Handlers = {
    'pick-colour': (client, m) => this.beforeGame() ?? this.seating.pickColour(client.sessionId, m.colour) ?? this.seatingChanged(),
    ready: (client, m) => this.seated(client, (seat) => this.beforeGame() ?? this.setReady(seat, m.ready)),
    'add-bot': (client, m) => this.hostBeforeGame(client) ?? this.addBot(m.bot ?? 'strong', m.colour),
    'remove-bot': (client, m) => this.hostBeforeGame(client) ?? this.seating.removeBot(m.colour) ?? this.botRemoved(m.colour),
    start: (client) => this.hostBeforeGame(client) ?? this.startNow(this.seatOf(client)!),
    'auto-play': (client, m) =>
      this.seated(client, (seat) => {
        if (this.state.status !== 'playing') return reject('ERR_NOT_STARTED', 'auto-play is for a game in progress');
        if (this.play.match?.state.out[seat]) return reject('ERR_NOT_IN_GAME', `${seat} is no longer playing`);
        return this.play.setAutoPlay(seat, m.on, 'player');
      }),
    roll: (client, m) => this.seated(client, (seat) => this.play.playerAction(seat, m.version, 'exact', (match) => ({ type: 'roll', seat, value: match.nextRoll() }))),
    move: (client, m) => this.seated(client, (seat) => this.play.playerAction(seat, m.version, 'exact', () => ({ type: 'move', seat, plane: m.plane }))),
    resign: (client, m) => this.seated(client, (seat) => this.play.playerAction(seat, m.version, 'seen', () => ({ type: 'resign', seat }))),
    'answer-resign': (client, m) =>
      this.seated(client, (seat) => this.play.playerAction(seat, m.version, 'exact', () => ({ type: 'answer-resign', seat, accept: m.accept }))),
    'offer-draw': (client, m) => this.seated(client, (seat) => this.play.playerAction(seat, m.version, 'seen', () => ({ type: 'offer-draw', seat }))),
    'answer-draw': (client, m) =>
      this.seated(client, (seat) => this.play.playerAction(seat, m.version, 'exact', () => ({ type: 'answer-draw', seat, accept: m.accept }))),
    rematch: (client) =>
      this.seated(client, () => {
        if (this.state.status !== 'over') return reject('ERR_NOT_OVER', 'a rematch is for a table whose game is over');
        if (this.play.recording) return reject('ERR_NOT_RECORDED', 'the result is still being stored: try again in a moment');
        if (this.deps.drain.draining) return RESTARTING;
        return this.rematch();
      }),
    phrase: (client, m) => this.seated(client, (seat) => this.say(client, seat, m.phrase)),
    sit: (client, m) => this.watchers.sitting(client.sessionId) ?? this.sitDown(client, client.auth as PlayerRecord, m.colour).then((r) => (r === 'seated' ? null : r)),
    ping: (client) => {
      this.sendTo(client, 'pong', {});
      return null;
    },
    sync: (client) => {
      const snapshot = this.play.snapshot();
      // Always an answer: a client that waits for its snapshot learns that it comes when the game starts.
      // Every client asks on joining, so this is an answer, not a refusal to log and count.
      if (snapshot) this.sendTo(client, 'snapshot', snapshot);
      else this.sendTo(client, 'error', { ...NO_GAME_YET, request: 'sync' });
      const missed = this.missed.get(client.sessionId);
      if (missed) this.sendTo(client, 'returned', missed);
      this.missed.delete(client.sessionId);
      return null;
    },
  };

  /** ERR_BANNED for a banned player, or one at an address banned with another (admin/bans.ts). */
  private banned(client: Client, playerId: string): Promise<Rejection | null> {
    return this.deps.bans.refusal(playerId, (client.auth as SeatAuth | undefined)?.address ?? '');
  }

  private seatOf(client: Client): Colour | null {
    return this.seating.colourOf(client.sessionId);
  }

  /** A quick phrase goes to everyone at the table, the speaker's client too (it shows it the same way). */
  private async say(client: Client, seat: Colour, phrase: QuickPhrase): Promise<Rejection | null> {
    if (!this.phrases.take(client.sessionId).allowed) return reject('ERR_RATE_LIMITED', `one quick phrase every ${PHRASE_SECONDS} s: wait a moment`);
    const playerId = this.seating.seat(seat)!.playerId;
    const banned = await this.banned(client, playerId);
    if (banned) return banned;
    this.tell('phrase', { seat, playerId, phrase });
    return null;
  }

  /** Run `then` for the client's seat; refused for a client without one. */
  private seated<T>(client: Client, then: (seat: Colour) => T): T | Rejection {
    const seat = this.seatOf(client);
    return seat ? then(seat) : NOT_SEATED;
  }

  private beforeGame(): Rejection | null {
    return this.state.status === 'waiting' ? null : reject('ERR_ALREADY_STARTED', 'the game has started');
  }

  private hostBeforeGame(client: Client): Rejection | null {
    const seat = this.seatOf(client);
    if (!seat) return NOT_SEATED;
    if (this.seating.seat(seat)!.playerId !== this.state.hostId) return reject('ERR_NOT_HOST', 'only the host can do this');
    return this.beforeGame();
  }

  private setReady(seat: Colour, ready: boolean): Promise<null> {
    this.seating.seat(seat)!.ready = ready;
    return this.seatingChanged();
  }

  private addBot(bot: BotName, colour?: Colour): Rejection | Promise<null> {
    const added = this.seating.addBot(bot, colour);
    if (typeof added !== 'string') return added;
    this.log.info({ event: 'bot-added', seat: added, bot }, 'bot added');
    return this.seatingChanged();
  }

  private botRemoved(colour: Colour): Promise<null> {
    this.log.info({ event: 'bot-removed', seat: colour }, 'bot removed');
    return this.seatingChanged();
  }

  /** The host starts: every other player must be ready; empty seats get strong bots. */
  private startNow(host: Colour): Rejection | Promise<Rejection | null> {
    const waitingFor = this.seating.humans().filter((s) => !s.ready && s.colour !== host).map((s) => s.name);
    if (waitingFor.length > 0) return reject('ERR_NOT_READY', `waiting for ${waitingFor.join(', ')} to be ready`);
    this.seating.seat(host)!.ready = true;
    while (!this.seating.isFull()) {
      const added = this.seating.addBot('strong');
      if (typeof added !== 'string') return added;
      this.log.info({ event: 'bot-added', seat: added, bot: 'strong' }, 'bot added');
    }
    return this.play.start();
  }

  /** After any seating change: keep the lobby listing current, and start when everyone is ready. */
  private async seatingChanged(): Promise<null> {
    if (this.state.status !== 'waiting' || this.closing) return null;
    if (this.seating.readyToStart()) {
      const refused = await this.play.start();
      if (refused) this.log.error({ event: 'start-failed', code: refused.code, reason: refused.message }, 'could not start');
      return null;
    }
    this.updateListing();
    return null;
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

  /**
   * Back to seating after a recorded game: same settings, bots and (remaining) players, nobody ready.
   * Players who left the finished game lose their seat; the old match stays in storage as it is.
   */
  private async rematch(): Promise<null> {
    const previous = this.play.match?.id;
    for (const seat of this.seating.humans()) {
      if (seat.connected) seat.ready = false;
      else this.seating.removeSeat(seat.colour as Colour);
    }
    if (!this.seating.colourOfPlayer(this.state.hostId)) this.state.hostId = this.seating.humans()[0]?.playerId ?? '';
    this.play.clear();
    this.state.status = 'waiting';
    // A waiting table closes when its last player leaves, as before its first game.
    this.autoDispose = true;
    this.log.info({ event: 'rematch', previousMatchId: previous }, 'table reset for a rematch');
    return this.seatingChanged();
  }
}

/**
 * The room class Colyseus instantiates, bound to this server's dependencies. Its static onAuth checks the
 * player's credentials when a seat is asked for, before Colyseus makes a room (accounts/seatCredentials.ts);
 * onJoin gets that player.
 */
export function tableRoomWith(deps: TableDeps): new () => TableRoom {
  return class BoundTableRoom extends TableRoom {
    static override onAuth(_token: string | undefined, options: unknown, context: { req?: IncomingMessage }): Promise<SeatAuth> {
      return seatCredentials(deps, options, context);
    }

    constructor() {
      super(deps);
    }
  };
}
