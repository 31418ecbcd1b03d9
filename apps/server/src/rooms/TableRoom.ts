import { type Client, type ClientPrivate, ClientState, type Deferred, Room, ServerError } from '@colyseus/core';
import {
  type Action,
  type AnswerStep,
  type Colour,
  type TurnStep,
  createRng,
  isColour,
  nextSteps,
  stepAction,
} from '@flightchess/rules';
import {
  CLOSE_CODES,
  type ClientMessage,
  type ClientMessageType,
  JOIN_ERROR_NUMBERS,
  type JoinErrorCode,
  type Rejection,
  type ServerMessages,
  isClientMessageType,
  parseClientMessage,
  reject,
} from '@flightchess/protocol';
import type { Logger } from 'pino';
import type { ServerConfig } from '../config';
import type { Drain, DrainableTable } from '../drain';
import type { JoinCodes, TableMetadata } from '../lobby';
import { Match, type MatchDeps } from '../match/Match';
import { credentialsSchema, verifyGuest } from '../players';
import { type PlayerRecord, type Storage, StorageConflict } from '../storage/Storage';
import { clearMatch, showMatch, showResult, showScores } from './facts';
import { readFrame } from './frames';
import { RateLimiter } from './rateLimit';
import { TableState, syncedJson } from './schema';
import { Seating } from './seating';
import { Serial } from './serial';
import { type TableSettings, parseTableOptions, storedSettings } from './tableOptions';
import { Timers } from './timers';

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
}

type Handlers = {
  [T in ClientMessageType]: (client: Client, message: ClientMessage<T>) => Rejection | null | Promise<Rejection | null>;
};

/** How long a failed storage write waits before the server's own next step is tried again. */
const STORAGE_RETRY_MS = 1000;

/**
 * One table: seating before the game, then the game. The game itself — setup, seed, actions, state,
 * scoring, recording — is the Match (stored ahead of play, rebuilt from storage alone); the room does
 * transport: it reads frames, validates messages, asks the match, sends the stream, keeps the seats,
 * and runs the timers (who acts next comes from the engine's `nextSteps`). Every piece of work runs in
 * one queue (Serial), so no two see a half-done state, and an exception stays inside its task.
 */
export class TableRoom extends Room<TableState> implements DrainableTable {
  private settings!: TableSettings;
  private seating!: Seating;
  private timers!: Timers;
  private limiter!: RateLimiter;
  private serial!: Serial;
  private log!: Logger;

  private match: Match | null = null;
  /** What the automatic timers were planned for; replanned only when it changes. */
  private turnKey = '';
  private answerKey = '';
  /** Reconnections by token that a dropped seat waits for (cancelled when the player rejoins). */
  private readonly holds = new Map<Colour, Deferred>();
  /** The server closes the table: the disconnections it causes are not escapes. */
  private closing = false;
  /** No more work (handing over, or the match now belongs to another process). */
  private stopped = false;
  /** Another process owns the match now: this one must not write or release it. */
  private lost = false;
  /** The game is over but its result is still being stored. */
  private recording = false;

  constructor(private readonly deps: TableDeps) {
    super();
  }

  private get config(): ServerConfig {
    return this.deps.config;
  }

  // ─── lifecycle ──────────────────────────────────────────────────────────────────────────────

  override async onCreate(options: unknown): Promise<void> {
    this.log = this.deps.logger.child({ tableId: this.roomId });
    this.timers = new Timers((error, timer) => this.report(error, `timer:${timer}`));
    this.serial = new Serial((error) => this.report(error, 'task'));
    this.limiter = new RateLimiter(this.config.maxMessagesPerSecond);
    const restoring = (options as { restore?: unknown } | null)?.restore;
    if (restoring !== undefined) {
      const match = typeof restoring === 'string' ? this.deps.restores.take(restoring) : undefined;
      if (!match) this.refuseCreation('ERR_BAD_CONFIG', 'restore: no such table is being restored');
      await this.restore(match);
      return;
    }
    // A process that is shutting down takes no new table (another process was asked first, see cluster.ts).
    if (this.deps.drain.draining) this.refuseCreation('ERR_SHUTTING_DOWN', 'the server is restarting; try again in a moment');
    const parsed = parseTableOptions(options, this.config);
    if (!parsed.ok) this.refuseCreation('ERR_BAD_CONFIG', parsed.message);
    this.setUp(parsed.settings);
    this.state.code = await this.deps.codes.register(this.roomId);
    this.updateListing();
    this.deps.drain.add(this);
    const s = parsed.settings;
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
    this.seating = new Seating(state, s.rules.colours);
    // Quick-match filters on these; store them normalised so that defaults match explicit values.
    Object.assign(this.listing, { preset: s.preset, size: s.size, teams: s.teams });
  }

  /** Rebuild a table whose game was stored by a process that stopped: same id, code, seats and game; everyone away. */
  private async restore(match: Match): Promise<void> {
    const t = match.table;
    this.roomId = t.tableId;
    this.log = this.deps.logger.child({ tableId: t.tableId });
    const settings = storedSettings(t);
    if (!settings.ok) this.refuseCreation('ERR_BAD_CONFIG', settings.message);
    this.setUp(settings.settings);
    this.state.code = t.code;
    this.state.hostId = t.hostId;
    this.seating.restore(t.seats);
    this.match = match;
    showMatch(this.state, match);
    this.autoDispose = false;
    if (t.code) await this.deps.codes.claim(t.code, t.tableId);
    this.updateListing();
    this.deps.drain.add(this);
    // Each player gets the usual time to come back (RULES.md §7), from now.
    for (const seat of this.seating.humans()) this.startHold(seat.colour as Colour);
    this.log.info({ event: 'table-restored', matchId: match.id, actions: match.actions.length, version: match.state.version }, 'table restored from storage');
    this.plan();
  }

  /**
   * Colyseus starts a dispose timer and a patch interval before onCreate, and drops a room whose
   * onCreate failed without stopping them: stop them here, or every refused table leaks both.
   */
  private refuseCreation(code: JoinErrorCode, message: string): never {
    this.autoDispose = false;
    this.setPatchRate(null);
    this.clock.stop();
    throw new ServerError(JOIN_ERROR_NUMBERS[code], `${code}: ${message}`);
  }

  override async onAuth(_client: Client, options: unknown): Promise<PlayerRecord> {
    const creds = credentialsSchema.safeParse(options);
    const player = creds.success ? await verifyGuest(this.deps.storage, creds.data.playerId, creds.data.secret) : null;
    if (!player) throw new ServerError(JOIN_ERROR_NUMBERS.ERR_BAD_CREDENTIALS, 'ERR_BAD_CREDENTIALS: join with the playerId and secret from POST /api/guests');
    return player;
  }

  override async onJoin(client: Client, options: { colour?: unknown } | undefined, player: PlayerRecord): Promise<void> {
    const outcome = (await this.run(() => this.seatPlayer(client, options, player))) ?? reject('ERR_STORAGE', 'the table could not seat you');
    if (outcome === 'seated') return;
    const code = outcome.code in JOIN_ERROR_NUMBERS ? (outcome.code as JoinErrorCode) : 'ERR_NO_FREE_SEAT';
    throw new ServerError(JOIN_ERROR_NUMBERS[code], `${outcome.code}: ${outcome.message}`);
  }

  /** A player takes their own seat back (any time), or a free seat before the game. */
  private seatPlayer(client: Client, options: { colour?: unknown } | undefined, player: PlayerRecord): 'seated' | Rejection {
    if (this.stopped || this.closing) return reject('ERR_SHUTTING_DOWN', 'the table is closing: try again in a moment');
    const own = this.seating.colourOfPlayer(player.id);
    if (own) return this.rejoin(client, own);
    if (this.state.status !== 'waiting') return reject('ERR_ALREADY_STARTED', 'the game at this table has started');
    const preferred = isColour(options?.colour) ? options.colour : undefined;
    const seated = this.seating.addHuman(client.sessionId, { playerId: player.id, nickname: player.nickname }, preferred);
    if (typeof seated !== 'string') return seated;
    if (!this.state.hostId) this.state.hostId = player.id;
    this.log.info({ event: 'player-joined', seat: seated, playerId: player.id }, 'player joined');
    this.seatingChanged();
    return 'seated';
  }

  /** Back into one's own seat with the player's credentials: the connection that held it (if any) lets go. */
  private rejoin(client: Client, colour: Colour): 'seated' {
    const previous = this.seating.attach(colour, client.sessionId);
    const old = previous ? this.clients.getById(previous) : undefined;
    old?.leave(CLOSE_CODES.replaced, 'ERR_REPLACED: this seat was taken over by another connection of the same player');
    this.endHold(colour);
    this.seating.seat(colour)!.connected = true;
    this.log.info({ event: 'player-rejoined', seat: colour }, 'player took their seat back');
    return 'seated';
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    this.limiter.forget(client.sessionId);
    await this.run(() => this.leaveSeat(client, consented));
  }

  private async leaveSeat(client: Client, consented: boolean): Promise<void> {
    const colour = this.seating.colourOf(client.sessionId);
    if (!colour) return; // replaced by a rejoin, or never seated
    const seat = this.seating.seat(colour)!;
    if (this.state.status === 'waiting') {
      this.seating.removeHuman(client.sessionId);
      if (this.state.hostId === seat.playerId) this.state.hostId = this.seating.humans()[0]?.playerId ?? '';
      this.log.info({ event: 'player-left', seat: colour }, 'player left before the game');
      this.seatingChanged();
      return;
    }
    seat.connected = false;
    if (this.closing || this.stopped || this.state.status === 'over' || this.match?.state.out[colour]) return;
    if (consented) {
      this.log.info({ event: 'player-escaped', seat: colour }, 'player left during the game (escape)');
      await this.serverAction({ type: 'escape', seat: colour });
      return;
    }
    this.log.info({ event: 'player-dropped', seat: colour, holdSeconds: this.config.reconnectSeconds }, 'player dropped; seat held');
    this.startHold(colour);
    const reconnection = this.allowReconnection(client, this.config.reconnectSeconds);
    this.holds.set(colour, reconnection);
    reconnection
      .then(() => void this.run(() => this.reconnected(client, colour)))
      .catch(() => undefined); // timed out (the hold timer forfeits) or cancelled by a rejoin
  }

  private reconnected(client: Client, colour: Colour): void {
    if (this.seating.colourOf(client.sessionId) !== colour) return;
    this.endHold(colour);
    this.seating.seat(colour)!.connected = true;
    this.log.info({ event: 'player-reconnected', seat: colour }, 'player reconnected');
  }

  /** A dropped seat is held for RECONNECT_SECONDS; then it counts as a resignation (RULES.md §7). */
  private startHold(colour: Colour): void {
    this.timers.set(`hold:${colour}`, this.config.reconnectSeconds * 1000, () => this.task(() => this.forfeit(colour)));
  }

  private endHold(colour: Colour): void {
    this.timers.clear(`hold:${colour}`);
    this.holds.get(colour)?.reject(new Error('rejoined'));
    this.holds.delete(colour);
  }

  private async forfeit(colour: Colour): Promise<void> {
    this.holds.delete(colour);
    const game = this.match?.state;
    if (!game || game.result || game.out[colour] || this.seating.seat(colour)?.connected) return;
    this.log.info({ event: 'seat-forfeited', seat: colour }, 'seat held too long: counts as a resignation');
    await this.serverAction({ type: 'forfeit', seat: colour });
  }

  override disconnect(closeCode?: number): Promise<unknown> {
    this.closing = true;
    return super.disconnect(closeCode);
  }

  override async onDispose(): Promise<void> {
    this.closing = this.stopped = true;
    this.deps.drain.remove(this);
    this.timers?.clearAll();
    // Held seats keep a timer each (up to the reconnection time): clear them so nothing outlives the table.
    for (const handle of Object.values(this.reservedSeatTimeouts)) clearTimeout(handle);
    await this.serial?.idle();
    const unfinished = this.match !== null && !this.state.result.recorded;
    if (unfinished && !this.lost) {
      // Stored as it is: any process (this one after a restart) restores it from there.
      await this.match!.release().catch((err: unknown) => this.log.error({ event: 'storage-failed', err }, 'could not release the table'));
      this.log.info({ event: 'table-handed-over', matchId: this.match!.id, version: this.match!.state.version }, 'table stored for the next process');
    }
    // A game still to be restored keeps its code, so that its players find it again.
    if (this.state?.code && !unfinished) await this.deps.codes.release(this.state.code);
    this.log.info({ event: 'table-closed' }, 'table closed');
  }

  get gameInProgress(): boolean {
    return this.state.status === 'playing' || this.recording;
  }

  /** The process drains (SIGTERM in drain mode): a table still seating players closes and tells them why; a game plays on. */
  onDrain(): void {
    if (this.state.status !== 'waiting') return;
    this.log.info({ event: 'table-closing', reason: 'shutdown' }, 'closing a table whose game has not started');
    this.tell('closing', reject('ERR_SHUTTING_DOWN', 'the server is restarting: create or join a table again'));
    void this.disconnect();
  }

  /**
   * The process stops (Colyseus calls this for every room): finish the work in hand, store the game
   * as it is and close every connection with "restarting", so that the players rejoin wherever the
   * table is restored. A table still seating players closes for good.
   */
  override onBeforeShutdown(): void {
    void this.serial.run(() => {
      this.stopped = true;
      this.timers.clearAll();
    }).then(() => {
      if (this.state.status === 'waiting') {
        this.tell('closing', reject('ERR_SHUTTING_DOWN', 'the server is restarting: create or join a table again'));
        return this.disconnect();
      }
      return this.disconnect(CLOSE_CODES.restarting);
    });
  }

  /** Colyseus routes every exception of a room here, including the refusals thrown on purpose. */
  override onUncaughtException(error: Error, method: string): void {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof ServerError) (this.log ?? this.deps.logger.child({ tableId: this.roomId })).warn({ event: 'join-refused', method, reason: cause.message }, 'request refused');
    else this.report(cause ?? error, method);
  }

  /** An unexpected error: logged with the table, never beyond it. */
  private report(error: unknown, where: string): void {
    const log = this.log ?? this.deps.logger.child({ tableId: this.roomId });
    log.error({ event: 'uncaught', where, err: error }, 'unexpected error in table');
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
    const { allowed, notify } = this.limiter.take(client.sessionId);
    if (allowed) {
      void this.run(async () => {
        const rejection = await this.answer(client, type, payload);
        if (rejection) this.refuse(client, type, rejection);
      });
    } else if (notify) {
      this.refuse(client, type, reject('ERR_RATE_LIMITED', `more than ${this.config.maxMessagesPerSecond} messages a second: slow down`));
    }
  }

  /** One message, in its turn in the queue: a refusal (nothing changed) or null (done). */
  private async answer(client: Client, type: string, payload: unknown): Promise<Rejection | null> {
    if (!isClientMessageType(type)) return reject('ERR_UNKNOWN_MESSAGE', `unknown message type '${type.slice(0, 40)}'`);
    const parsed = parseClientMessage(type, payload);
    if (!parsed.ok) return reject('ERR_BAD_MESSAGE', parsed.message);
    if (this.stopped) return reject('ERR_SHUTTING_DOWN', 'the server is restarting: you will be back in a moment');
    const handle = this.handlers[type] as (client: Client, message: unknown) => Rejection | null | Promise<Rejection | null>;
    return handle(client, parsed.value);
  }

  /** Answer the sender only, log one line, change nothing. */
  private refuse(client: Client, type: string, rejection: Rejection): void {
    this.sendTo(client, 'error', { ...rejection, request: type.slice(0, 40) });
    const seat = this.seating.colourOf(client.sessionId);
    this.log.warn({ event: 'action-rejected', seat, request: type.slice(0, 40), code: rejection.code, reason: rejection.message }, 'action rejected');
  }

  private sendTo<T extends keyof ServerMessages>(client: Client, type: T, message: ServerMessages[T]): void {
    client.send(type, message);
  }

  private tell<T extends keyof ServerMessages>(type: T, message: ServerMessages[T]): void {
    this.broadcast(type, message);
  }

  private readonly handlers: Handlers = {
    'pick-colour': (client, m) => this.beforeGame() ?? this.seatingResult(this.seating.pickColour(client.sessionId, m.colour)),
    ready: (client, m) => {
      const seat = this.seatOf(client);
      if (!seat) return reject('ERR_NOT_SEATED', 'you have no seat at this table');
      const refused = this.beforeGame();
      if (refused) return refused;
      this.seating.seat(seat)!.ready = m.ready;
      return this.seatingChanged();
    },
    'add-bot': (client, m) => {
      const refused = this.hostBeforeGame(client);
      if (refused) return refused;
      const bot = m.bot ?? 'strong';
      const added = this.seating.addBot(bot, m.colour);
      if (typeof added !== 'string') return added;
      this.log.info({ event: 'bot-added', seat: added, bot }, 'bot added');
      return this.seatingChanged();
    },
    'remove-bot': (client, m) => {
      const refused = this.hostBeforeGame(client) ?? this.seating.removeBot(m.colour);
      if (refused) return refused;
      this.log.info({ event: 'bot-removed', seat: m.colour }, 'bot removed');
      return this.seatingChanged();
    },
    start: (client) => {
      const refused = this.hostBeforeGame(client);
      if (refused) return refused;
      const host = this.seatOf(client)!;
      const waitingFor = this.seating.humans().filter((s) => !s.ready && s.colour !== host).map((s) => s.name);
      if (waitingFor.length > 0) return reject('ERR_NOT_READY', `waiting for ${waitingFor.join(', ')} to be ready`);
      this.seating.seat(host)!.ready = true;
      while (!this.seating.isFull()) {
        const added = this.seating.addBot('strong');
        if (typeof added !== 'string') return added;
        this.log.info({ event: 'bot-added', seat: added, bot: 'strong' }, 'bot added');
      }
      return this.startGame();
    },
    'auto-play': (client, m) => {
      const seat = this.seatOf(client);
      if (!seat) return reject('ERR_NOT_SEATED', 'you have no seat at this table');
      if (!this.match || this.state.status !== 'playing') return reject('ERR_NOT_STARTED', 'auto-play is for a game in progress');
      if (this.match.state.out[seat]) return reject('ERR_NOT_IN_GAME', `${seat} is no longer playing`);
      return this.setAutoPlay(seat, m.on, 'player');
    },
    roll: (client, m) => this.playerAction(client, m.version, 'exact', (seat) => ({ type: 'roll', seat, value: this.match!.nextRoll() })),
    move: (client, m) => this.playerAction(client, m.version, 'exact', (seat) => ({ type: 'move', seat, plane: m.plane })),
    resign: (client, m) => this.playerAction(client, m.version, 'seen', (seat) => ({ type: 'resign', seat })),
    'answer-resign': (client, m) => this.playerAction(client, m.version, 'exact', (seat) => ({ type: 'answer-resign', seat, accept: m.accept })),
    'offer-draw': (client, m) => this.playerAction(client, m.version, 'seen', (seat) => ({ type: 'offer-draw', seat })),
    'answer-draw': (client, m) => this.playerAction(client, m.version, 'exact', (seat) => ({ type: 'answer-draw', seat, accept: m.accept })),
    rematch: (client) => {
      if (!this.seatOf(client)) return reject('ERR_NOT_SEATED', 'you have no seat at this table');
      if (this.state.status !== 'over') return reject('ERR_NOT_OVER', 'a rematch is for a table whose game is over');
      if (this.recording) return reject('ERR_NOT_RECORDED', 'the result is still being stored: try again in a moment');
      if (this.deps.drain.draining) return reject('ERR_SHUTTING_DOWN', 'the server is restarting: create or join a table again');
      this.rematch();
      return null;
    },
    sync: (client) => {
      if (this.match) this.sendTo(client, 'snapshot', { matchId: this.match.id, state: this.match.state });
      return null;
    },
  };

  private seatOf(client: Client): Colour | null {
    return this.seating.colourOf(client.sessionId);
  }

  private beforeGame(): Rejection | null {
    return this.state.status === 'waiting' ? null : reject('ERR_ALREADY_STARTED', 'the game has started');
  }

  private hostBeforeGame(client: Client): Rejection | null {
    const seat = this.seatOf(client);
    if (!seat) return reject('ERR_NOT_SEATED', 'you have no seat at this table');
    if (this.seating.seat(seat)!.playerId !== this.state.hostId) return reject('ERR_NOT_HOST', 'only the host can do this');
    return this.beforeGame();
  }

  private seatingResult(rejection: Rejection | null): Rejection | null | Promise<Rejection | null> {
    return rejection ?? this.seatingChanged();
  }

  /** After any seating change: keep the lobby listing current, and start when everyone is ready. */
  private async seatingChanged(): Promise<null> {
    if (this.state.status !== 'waiting' || this.closing) return null;
    if (this.seating.readyToStart()) {
      const refused = await this.startGame();
      if (refused) this.log.error({ event: 'start-failed', code: refused.code, reason: refused.message }, 'could not start');
      return null;
    }
    this.updateListing();
    return null;
  }

  /**
   * What the matchmaker and the lobby see. Only a public table that is seating players and has a free
   * seat is open to quick match (Colyseus' `private` flag keeps the others out; `listed` is the
   * table's own privacy). Tables are never locked, so that a player can always come back by id.
   */
  private updateListing(): void {
    const open = this.state.status === 'waiting' && !this.seating.isFull() && !this.stopped;
    const metadata: TableMetadata = {
      preset: this.settings.preset,
      size: this.settings.size,
      teams: this.settings.teams,
      base: this.settings.base,
      turnSeconds: this.settings.turnSeconds,
      status: this.state.status as TableMetadata['status'],
      seated: this.state.seats.size,
      names: this.seating.colours().map((c) => this.seating.seat(c)!.name),
      listed: !this.settings.private,
    };
    const hidden = this.settings.private || !open;
    const visibility = this.listing.private === hidden ? Promise.resolve() : this.setPrivate(hidden);
    void visibility.then(() => this.setMetadata(metadata)).catch((err: unknown) => this.log.error({ err }, 'listing update failed'));
  }

  // ─── the game ───────────────────────────────────────────────────────────────────────────────

  private async startGame(): Promise<Rejection | null> {
    const s = this.settings;
    const begun = await Match.begin(
      {
        tableId: this.roomId,
        code: this.state.code,
        private: s.private,
        hostId: this.state.hostId,
        setup: { preset: s.preset, options: s.options, seats: this.seating.colours(), teams: s.teams },
        base: s.base,
        turnSeconds: s.turnSeconds,
        seats: this.seating.matchSeats(),
        randomFirstSeat: s.rules.firstSeat === 'random',
      },
      this.deps.matches,
    );
    if (!begun.ok) return begun.error;
    const match = (this.match = begun.match);
    showMatch(this.state, match);
    this.autoDispose = false;
    this.updateListing();
    this.tell('snapshot', { matchId: match.id, state: match.state });
    this.log.info(
      { event: 'game-started', matchId: match.id, seats: this.seating.colours(), first: match.state.current, commitment: match.table.commitment },
      'game started',
    );
    this.plan();
    return null;
  }

  /** `exact`: the action depends on the board, so it must be made on the current version; `seen`: any version the player has seen. */
  private playerAction(client: Client, version: number, freshness: 'exact' | 'seen', action: (seat: Colour) => Action): Promise<Rejection | null> | Rejection {
    const seat = this.seatOf(client);
    if (!seat) return reject('ERR_NOT_SEATED', 'you have no seat at this table');
    const game = this.match?.state;
    if (!game || this.state.status === 'waiting') return reject('ERR_NOT_STARTED', 'the game has not started');
    const stale = freshness === 'exact' ? version !== game.version : version > game.version;
    if (game.phase !== 'over' && stale) {
      return reject('ERR_STALE_VERSION', `you acted on version ${version} but the game is at version ${game.version}: look again`);
    }
    return this.commit(action(seat));
  }

  /** An action the server takes itself (escape, forfeit, automatic play); a refusal here is a bug, so it is logged. */
  private async serverAction(action: Action): Promise<void> {
    const refused = await this.commit(action);
    if (!refused) return;
    this.log.error({ event: 'server-action-refused', seat: 'seat' in action ? action.seat : undefined, action: action.type, code: refused.code, reason: refused.message }, 'server action refused');
    if (refused.code === 'ERR_STORAGE') this.retryLater();
  }

  /** Apply one action through the match (stored before anything changes), then tell everyone and plan what comes next. */
  private async commit(action: Action): Promise<Rejection | null> {
    const match = this.match!;
    const version = match.state.version;
    let committed;
    try {
      committed = await match.commit(action);
    } catch (error) {
      return this.storageFailed(error);
    }
    if (!committed.ok) return committed.error;
    this.state.version = committed.state.version;
    for (const e of committed.events) if (e.type === 'out') this.log.info({ event: 'seat-out', seat: e.seat, reason: e.reason }, 'seat out of the game');
    const over = committed.state.result !== null;
    if (over) this.finish();
    else this.plan();
    // The facts this action changed (deadlines, auto-play, the result) reach everyone just before it.
    this.broadcastPatch();
    this.tell('action', { version, action });
    if (over) await this.recordResult();
    return null;
  }

  private async setAutoPlay(seat: Colour, on: boolean, by: 'player' | 'timeout'): Promise<Rejection | null> {
    const match = this.match;
    if (!match || match.state.result || match.isAutoPlay(seat) === on) return null;
    try {
      await match.setAutoPlay(seat, on);
    } catch (error) {
      return this.storageFailed(error);
    }
    this.seating.seat(seat)!.autoPlay = on;
    this.log.info({ event: on ? 'auto-play-on' : 'auto-play-off', seat, by }, `auto-play ${on ? 'on' : 'off'}`);
    this.plan();
    return null;
  }

  /** A write that failed: lost ownership stops the table; anything else refuses this step and changes nothing. */
  private storageFailed(error: unknown): Rejection {
    if (error instanceof StorageConflict) {
      this.lose(error);
      return reject('ERR_SHUTTING_DOWN', 'this table moved to another server: you will be back in a moment');
    }
    this.log.error({ event: 'storage-failed', matchId: this.match?.id, err: error }, 'storage write failed');
    return reject('ERR_STORAGE', 'the game could not be stored just now: nothing changed, try again');
  }

  /** Another process restored this table (this one was too slow to keep its lease): let go at once. */
  private lose(error: StorageConflict): void {
    if (this.lost) return;
    this.lost = this.stopped = true;
    this.timers.clearAll();
    this.log.warn({ event: 'table-lost', matchId: this.match?.id, reason: error.message }, 'the match belongs to another process now');
    void this.disconnect(CLOSE_CODES.restarting);
  }

  /** The server's own next step could not be stored: plan it again in a moment. */
  private retryLater(): void {
    this.turnKey = this.answerKey = '';
    this.timers.set('retry', STORAGE_RETRY_MS, () => this.task(() => (this.match?.state.result ? this.recordResult() : this.plan())));
  }

  /** Run `work` in the table's queue (timers use this: they fire outside it). */
  private task(work: () => unknown): void {
    if (!this.stopped) void this.run(work);
  }

  /** Queue work; what it changed in the synced state goes out as soon as it is done. */
  private async run<T>(work: () => T | Promise<T>): Promise<T | undefined> {
    const result = await this.serial.run(work);
    this.broadcastPatch();
    return result;
  }

  /**
   * Schedule what happens next (the engine's nextSteps): a bot or auto-play seat acts after a visible
   * pause, a forced move is played by the server (§9.10), a person gets the turn timer and auto-play
   * when it runs out (§7); a pending resignation or draw offer is answered by a bot at once, or
   * declined when a person lets the turn time pass.
   */
  private plan(): void {
    const match = this.match;
    if (!match || this.stopped) return;
    const { turn, answer } = nextSteps(match.state, match.control());
    this.planTurn(turn);
    this.planAnswer(answer);
  }

  private planTurn(step: TurnStep | null): void {
    const key = step ? `${step.seat}|${step.action}|${this.match!.state.rolls}|${step.by}` : '';
    if (key === this.turnKey) return;
    this.turnKey = key;
    this.timers.clear('turn');
    this.timers.clear('act');
    this.state.deadline = 0;
    if (!step) return;
    if (step.by === 'person') {
      const ms = this.settings.turnSeconds * 1000;
      this.state.deadline = Date.now() + ms;
      this.timers.set('turn', ms, () => this.task(() => this.turnKey === key && this.setAutoPlay(step.seat, true, 'timeout')));
      return;
    }
    const delay = step.action === 'roll' ? this.config.botRollDelayMs : this.config.autoMoveDelayMs;
    this.timers.set('act', this.pause(delay), () => this.task(() => this.turnKey === key && this.autoAct(step)));
  }

  private planAnswer(step: AnswerStep | null): void {
    const game = this.match!.state;
    const key = step ? `${step.action}|${step.seat}|${game.pendingResign ?? game.drawOffer}` : '';
    if (key === this.answerKey) return;
    this.answerKey = key;
    this.timers.clear('answer');
    this.state.answerDeadline = 0;
    if (!step) return;
    const delay = step.by === 'bot' ? this.pause(this.config.botRollDelayMs) : this.settings.turnSeconds * 1000;
    if (step.by === 'person') this.state.answerDeadline = Date.now() + delay;
    this.timers.set('answer', delay, () => this.task(() => this.answerKey === key && this.autoAct(step)));
  }

  /** Pauses are for people to follow the game: with nobody connected the bots play on at once. */
  private pause(ms: number): number {
    return this.clients.length > 0 ? ms : 0;
  }

  private async autoAct(step: TurnStep | AnswerStep): Promise<void> {
    const match = this.match!;
    const action = stepAction(match.state, step, () => match.nextRoll(), createRng(`${match.id}:${match.state.version}`));
    if (action) await this.serverAction(action);
  }

  /** The game is over: show the result and the seed (it is then scored and stored: recordResult). */
  private finish(): void {
    const match = this.match!;
    this.timers.clearAll();
    this.turnKey = this.answerKey = '';
    showResult(this.state, match);
    this.autoDispose = true;
    this.updateListing();
    const result = match.state.result!;
    this.log.info({ event: 'game-over', matchId: match.id, reason: result.reason, winners: result.winners, actions: match.actions.length }, 'game over');
    this.recording = true;
  }

  /** Score the finished game and store it with the players' totals (retried until it is stored). */
  private async recordResult(): Promise<void> {
    const match = this.match!;
    try {
      const seats = await match.record();
      showScores(this.state, seats);
      this.recording = false;
      this.deps.drain.changed();
      this.log.info({ event: 'match-recorded', matchId: match.id, scores: Object.fromEntries(seats.map((s) => [s.colour, s.score])) }, 'match recorded');
    } catch (error) {
      this.storageFailed(error);
      if (!this.lost) this.retryLater();
    }
  }

  /**
   * Back to seating after a recorded game: same settings, bots and (remaining) players, nobody ready.
   * Players who left the finished game lose their seat; the old match stays in storage as it is.
   */
  private rematch(): void {
    const previous = this.match?.id;
    for (const seat of this.seating.humans()) {
      if (seat.connected) seat.ready = false;
      else this.seating.removeSeat(seat.colour as Colour);
    }
    if (!this.seating.colourOfPlayer(this.state.hostId)) this.state.hostId = this.seating.humans()[0]?.playerId ?? '';
    this.match = null;
    this.turnKey = this.answerKey = '';
    clearMatch(this.state);
    this.state.status = 'waiting';
    // A waiting table closes when its last player leaves, as before its first game.
    this.autoDispose = true;
    this.log.info({ event: 'rematch', previousMatchId: previous }, 'table reset for a rematch');
    void this.seatingChanged();
  }
}

/** The room class Colyseus instantiates, bound to this server's dependencies. */
export function tableRoomWith(deps: TableDeps): new () => TableRoom {
  return class BoundTableRoom extends TableRoom {
    constructor() {
      super(deps);
    }
  };
}

