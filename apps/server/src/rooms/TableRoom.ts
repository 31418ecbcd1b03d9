import { randomBytes, randomInt } from 'node:crypto';
import { type Client, ErrorCode, Room, ServerError } from '@colyseus/core';
import {
  type Action,
  type BotName,
  type BySeat,
  type Colour,
  type GameSetup,
  type GameState,
  activeSeats,
  applyAction,
  commitmentOf,
  createGame,
  isColour,
  legalMoves,
  mateOf,
  rollAt,
} from '@flightchess/rules';
import type { Logger } from 'pino';
import type { ServerConfig } from '../config';
import type { Drain, DrainableTable } from '../drain';
import { randomId } from '../ids';
import type { JoinCodes, TableMetadata } from '../lobby';
import { credentialsSchema, verifyGuest } from '../players';
import type { PlayerRecord, Storage } from '../storage/Storage';
import { AUTO_PLAY_BOT, botPlane } from './botPlayer';
import { type Rejection, reject } from './errors';
import { type MessageOf, type MessageType, MESSAGE_TYPES, parseMessage } from './messages';
import { clearGame, mirrorGame } from './mirror';
import { RateLimiter } from './rateLimit';
import { finalScores, mirrorScores } from './results';
import { TableState, syncedJson } from './schema';
import { Seating } from './seating';
import { type TableSettings, parseTableOptions } from './tableOptions';
import { Timers } from './timers';

export interface TableDeps {
  readonly config: ServerConfig;
  readonly storage: Storage;
  readonly logger: Logger;
  readonly codes: JoinCodes;
  readonly drain: Drain;
}

type Handlers = { [T in MessageType]: (client: Client, message: MessageOf<T>) => Rejection | null };

/**
 * One table (issue 3): seating before the game, then the game itself. Thin by design: it validates a
 * message, asks the engine, mirrors the result into the synced state and schedules timers. Every
 * rule decision is the engine's.
 */
export class TableRoom extends Room<TableState> implements DrainableTable {
  private settings!: TableSettings;
  private seating!: Seating;
  private timers!: Timers;
  private limiter!: RateLimiter;
  private log!: Logger;
  private code = '';

  private game: GameState | null = null;
  private setup: GameSetup | null = null;
  private actions: Action[] = [];
  private seed = '';
  private matchId = '';
  /** What the automatic timers were planned for; replanned only when it changes. */
  private turnKey = '';
  private answerKey = '';
  /** Set when the server closes the table, so that the disconnections it causes are not escapes. */
  private closing = false;
  /** Storage writes of this table, in order. */
  private writes: Promise<void> = Promise.resolve();
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
    // A process that is shutting down takes no new table (another process was asked first, see cluster.ts).
    if (this.deps.drain.draining) this.refuseCreation(ErrorCode.MATCHMAKE_UNHANDLED, 'ERR_SHUTTING_DOWN: the server is restarting; try again in a moment');
    const parsed = parseTableOptions(options, this.config);
    if (!parsed.ok) this.refuseCreation(ErrorCode.MATCHMAKE_INVALID_CRITERIA, `ERR_BAD_CONFIG: ${parsed.message}`);
    const s = (this.settings = parsed.settings);
    this.timers = new Timers((error, timer) => this.onUncaughtException(error as Error, `timer:${timer}`));
    this.limiter = new RateLimiter(this.config.maxMessagesPerSecond);
    this.maxClients = s.size;

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
    if (s.private) {
      await this.setPrivate(true);
      this.code = state.code = await this.deps.codes.register(this.roomId);
    }
    for (const type of MESSAGE_TYPES) this.onMessage(type, (client, payload) => this.receive(client, type, payload));
    this.onMessage('*', (client, type) => this.receive(client, String(type), undefined));
    await this.publishMetadata();
    this.deps.drain.add(this);
    this.log.info({ event: 'table-created', preset: s.preset, size: s.size, teams: s.teams, private: s.private }, 'table created');
  }

  /**
   * Colyseus starts a dispose timer and a patch interval before onCreate, and drops a room whose
   * onCreate failed without stopping them: stop them here, or every refused table leaks both.
   */
  private refuseCreation(code: number, message: string): never {
    this.autoDispose = false;
    this.setPatchRate(null);
    this.clock.stop();
    throw new ServerError(code, message);
  }

  override async onAuth(_client: Client, options: unknown): Promise<PlayerRecord> {
    const creds = credentialsSchema.safeParse(options);
    const player = creds.success ? await verifyGuest(this.deps.storage, creds.data.playerId, creds.data.secret) : null;
    if (!player) throw new ServerError(ErrorCode.AUTH_FAILED, 'ERR_BAD_CREDENTIALS: join with the playerId and secret from POST /api/guests');
    return player;
  }

  override onJoin(client: Client, options: { colour?: unknown } | undefined, player: PlayerRecord): void {
    if (this.state.status !== 'waiting') throw new ServerError(ErrorCode.APPLICATION_ERROR, 'ERR_ALREADY_STARTED: the game has started');
    if (this.seating.hasPlayer(player.id)) {
      throw new ServerError(ErrorCode.APPLICATION_ERROR, 'ERR_ALREADY_SEATED: you already sit at this table; reconnect with your token');
    }
    const preferred = isColour(options?.colour) ? options.colour : undefined;
    const seated = this.seating.addHuman(client.sessionId, { playerId: player.id, nickname: player.nickname }, preferred);
    if (typeof seated !== 'string') throw new ServerError(ErrorCode.APPLICATION_ERROR, `${seated.code}: ${seated.message}`);
    if (!this.state.hostId) this.state.hostId = player.id;
    this.log.info({ event: 'player-joined', seat: seated, playerId: player.id }, 'player joined');
    this.seatingChanged();
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    this.limiter.forget(client.sessionId);
    const colour = this.seating.colourOf(client.sessionId);
    if (!colour) return;
    const seat = this.seating.seat(colour)!;
    if (this.state.status === 'waiting') {
      this.seating.removeHuman(client.sessionId);
      if (this.state.hostId === seat.playerId) this.state.hostId = this.seating.humans()[0]?.playerId ?? '';
      this.log.info({ event: 'player-left', seat: colour }, 'player left before the game');
      this.seatingChanged();
      return;
    }
    seat.connected = false;
    if (this.closing || this.state.status === 'over' || this.game?.out[colour]) return;
    if (consented) {
      this.log.info({ event: 'player-escaped', seat: colour }, 'player left during the game (escape)');
      this.serverAction({ type: 'escape', seat: colour });
      return;
    }
    this.log.info({ event: 'player-dropped', seat: colour, holdSeconds: this.config.reconnectSeconds }, 'player dropped; seat held');
    try {
      await this.allowReconnection(client, this.config.reconnectSeconds);
      seat.connected = true;
      this.log.info({ event: 'player-reconnected', seat: colour }, 'player reconnected');
      this.broadcastPatch();
    } catch {
      if (this.closing || this.state.status !== 'playing' || this.game?.out[colour]) return;
      this.log.info({ event: 'seat-forfeited', seat: colour }, 'seat held too long: counts as a resignation');
      this.serverAction({ type: 'forfeit', seat: colour });
    }
  }

  override disconnect(closeCode?: number): Promise<unknown> {
    this.closing = true;
    return super.disconnect(closeCode);
  }

  override async onDispose(): Promise<void> {
    this.closing = true;
    this.deps.drain.remove(this);
    this.timers?.clearAll();
    // Held seats keep a timer each (up to the reconnection time): clear them so nothing outlives the table.
    for (const handle of Object.values(this.reservedSeatTimeouts)) clearTimeout(handle);
    if (this.code) await this.deps.codes.release(this.code);
    if (this.state.status === 'playing' && this.matchId) {
      const { matchId, actions } = this;
      this.persist(() => this.deps.storage.abortMatch(matchId, [...actions], Date.now()));
      this.log.warn({ event: 'match-aborted', matchId, actions: actions.length }, 'table closed mid-game; match kept as aborted');
    }
    await this.writes;
    this.log.info({ event: 'table-closed' }, 'table closed');
  }

  get gameInProgress(): boolean {
    return this.state.status === 'playing' || this.recording;
  }

  /** The process is shutting down: a table still seating players closes and tells them why; a game plays on. */
  onDrain(): void {
    if (this.state.status !== 'waiting') return;
    this.log.info({ event: 'table-closing', reason: 'shutdown' }, 'closing a table whose game has not started');
    this.broadcast('closing', reject('ERR_SHUTTING_DOWN', 'the server is restarting: create or join a table again'));
    void this.disconnect();
  }

  /** Colyseus routes every exception of a room here, including the refusals thrown on purpose. */
  override onUncaughtException(error: Error, method: string): void {
    const log = this.log ?? this.deps.logger.child({ tableId: this.roomId });
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof ServerError) log.warn({ event: 'join-refused', method, reason: cause.message }, 'request refused');
    else log.error({ event: 'uncaught', method, err: cause ?? error }, 'unexpected error in table');
  }

  // ─── messages ───────────────────────────────────────────────────────────────────────────────

  private receive(client: Client, type: string, payload: unknown): void {
    const { allowed, notify } = this.limiter.take(client.sessionId);
    if (!allowed) {
      if (notify) this.refuse(client, type, reject('ERR_RATE_LIMITED', `more than ${this.config.maxMessagesPerSecond} messages a second: slow down`));
      return;
    }
    if (!(MESSAGE_TYPES as readonly string[]).includes(type)) {
      this.refuse(client, type, reject('ERR_UNKNOWN_MESSAGE', `unknown message type '${type}'`));
      return;
    }
    const t = type as MessageType;
    const parsed = parseMessage(t, payload);
    if (!parsed.ok) {
      this.refuse(client, type, reject('ERR_BAD_MESSAGE', parsed.message));
      return;
    }
    const handle = this.handlers[t] as (client: Client, message: unknown) => Rejection | null;
    const rejection = handle(client, parsed.value);
    if (rejection) this.refuse(client, type, rejection);
  }

  /** Answer the sender only, log one line, change nothing. */
  private refuse(client: Client, type: string, rejection: Rejection): void {
    client.send('error', { ...rejection, request: type });
    const seat = this.seating.colourOf(client.sessionId);
    this.log.warn({ event: 'action-rejected', seat, request: type, code: rejection.code, reason: rejection.message }, 'action rejected');
  }

  private readonly handlers: Handlers = {
    'pick-colour': (client, m) => this.beforeGame() ?? this.seatingResult(this.seating.pickColour(client.sessionId, m.colour)),
    ready: (client, m) => {
      const seat = this.seatOf(client);
      if (!seat) return reject('ERR_NOT_SEATED', 'you have no seat at this table');
      const refused = this.beforeGame();
      if (refused) return refused;
      this.seating.seat(seat)!.ready = m.ready;
      this.seatingChanged();
      return null;
    },
    'add-bot': (client, m) => {
      const refused = this.hostBeforeGame(client);
      if (refused) return refused;
      const added = this.seating.addBot(m.bot ?? AUTO_PLAY_BOT, m.colour);
      if (typeof added !== 'string') return added;
      this.log.info({ event: 'bot-added', seat: added, bot: m.bot ?? AUTO_PLAY_BOT }, 'bot added');
      this.seatingChanged();
      return null;
    },
    'remove-bot': (client, m) => {
      const refused = this.hostBeforeGame(client) ?? this.seating.removeBot(m.colour);
      if (refused) return refused;
      this.log.info({ event: 'bot-removed', seat: m.colour }, 'bot removed');
      this.seatingChanged();
      return null;
    },
    start: (client) => {
      const refused = this.hostBeforeGame(client);
      if (refused) return refused;
      const host = this.seatOf(client)!;
      const waitingFor = this.seating.humans().filter((s) => !s.ready && s.colour !== host).map((s) => s.name);
      if (waitingFor.length > 0) return reject('ERR_NOT_READY', `waiting for ${waitingFor.join(', ')} to be ready`);
      this.seating.seat(host)!.ready = true;
      while (!this.seating.isFull()) {
        const added = this.seating.addBot(AUTO_PLAY_BOT);
        if (typeof added !== 'string') return added;
        this.log.info({ event: 'bot-added', seat: added, bot: AUTO_PLAY_BOT }, 'bot added');
      }
      return this.startGame();
    },
    'auto-play': (client, m) => {
      const seat = this.seatOf(client);
      if (!seat) return reject('ERR_NOT_SEATED', 'you have no seat at this table');
      if (!this.game || this.state.status !== 'playing') return reject('ERR_NOT_STARTED', 'auto-play is for a game in progress');
      if (this.game.out[seat]) return reject('ERR_NOT_IN_GAME', `${seat} is no longer playing`);
      this.setAutoPlay(seat, m.on, 'player');
      return null;
    },
    roll: (client, m) => this.playerAction(client, m.version, (seat) => ({ type: 'roll', seat, value: this.nextRoll() })),
    move: (client, m) => this.playerAction(client, m.version, (seat) => ({ type: 'move', seat, plane: m.plane })),
    resign: (client, m) => this.playerAction(client, m.version, (seat) => ({ type: 'resign', seat })),
    'answer-resign': (client, m) => this.playerAction(client, m.version, (seat) => ({ type: 'answer-resign', seat, accept: m.accept })),
    'offer-draw': (client, m) => this.playerAction(client, m.version, (seat) => ({ type: 'offer-draw', seat })),
    'answer-draw': (client, m) => this.playerAction(client, m.version, (seat) => ({ type: 'answer-draw', seat, accept: m.accept })),
    rematch: (client) => {
      if (!this.seatOf(client)) return reject('ERR_NOT_SEATED', 'you have no seat at this table');
      if (this.state.status !== 'over') return reject('ERR_NOT_OVER', 'a rematch is for a table whose game is over');
      if (this.recording) return reject('ERR_NOT_RECORDED', 'the result is still being stored: try again in a moment');
      if (this.deps.drain.draining) return reject('ERR_SHUTTING_DOWN', 'the server is restarting: create or join a table again');
      this.rematch();
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

  private seatingResult(rejection: Rejection | null): Rejection | null {
    if (!rejection) this.seatingChanged();
    return rejection;
  }

  /** After any seating change: keep the lobby listing and the lock current, and start when everyone is ready. */
  private seatingChanged(): void {
    if (this.state.status !== 'waiting' || this.closing) return;
    if (this.seating.readyToStart()) {
      const refused = this.startGame();
      if (refused) this.log.error({ event: 'start-failed', code: refused.code, reason: refused.message }, 'could not start');
      return;
    }
    const locking = this.seating.isFull() ? this.lock() : this.unlock();
    void locking.then(() => this.publishMetadata()).catch((err: unknown) => this.log.error({ err }, 'listing update failed'));
  }

  private publishMetadata(): Promise<void> {
    const metadata: TableMetadata = {
      preset: this.settings.preset,
      size: this.settings.size,
      teams: this.settings.teams,
      base: this.settings.base,
      turnSeconds: this.settings.turnSeconds,
      status: this.state.status as TableMetadata['status'],
      seated: this.state.seats.size,
      names: this.seating.colours().map((c) => this.seating.seat(c)!.name),
    };
    return this.setMetadata(metadata);
  }

  // ─── the game ───────────────────────────────────────────────────────────────────────────────

  private startGame(): Rejection | null {
    const s = this.settings;
    const seats = this.seating.colours();
    // The engine never picks the first seat (RULES.md §9.2): the server does, from crypto.
    const firstSeat = s.rules.firstSeat === 'random' ? seats[randomInt(seats.length)] : undefined;
    const setup: GameSetup = { preset: s.preset, options: s.options, seats, teams: s.teams, ...(firstSeat ? { firstSeat } : {}) };
    const created = createGame(setup);
    if (!created.ok) return created.error;

    this.setup = setup;
    this.game = created.value;
    this.actions = [];
    this.seed = randomBytes(32).toString('hex');
    this.matchId = randomId(9);
    const state = this.state;
    state.status = 'playing';
    state.matchId = this.matchId;
    state.commitment = commitmentOf(this.seed);
    mirrorGame(state, this.game, []);
    this.autoDispose = false;
    void this.lock().then(() => this.publishMetadata()).catch((err: unknown) => this.log.error({ err }, 'listing update failed'));

    const { matchId, seed } = this;
    const matchSeats = seats.map((colour) => {
      const seat = this.seating.seat(colour)!;
      return { colour, kind: seat.kind as 'human' | 'bot', playerId: seat.playerId || null, name: seat.name };
    });
    this.persist(() =>
      this.deps.storage.startMatch({
        id: matchId,
        tableId: this.roomId,
        setup,
        base: s.base,
        turnSeconds: s.turnSeconds,
        seats: matchSeats,
        commitment: state.commitment,
        seed,
        startedAt: Date.now(),
      }),
    );
    this.log.info({ event: 'game-started', matchId, seats, first: this.game.current, commitment: state.commitment }, 'game started');
    this.plan();
    this.broadcastPatch();
    return null;
  }

  /** The die for the next roll: derived from the secret seed and the roll's index (provably fair). */
  private nextRoll(): number {
    return rollAt(this.seed, this.game!.rolls);
  }

  private playerAction(client: Client, version: number, action: (seat: Colour) => Action): Rejection | null {
    const seat = this.seatOf(client);
    if (!seat) return reject('ERR_NOT_SEATED', 'you have no seat at this table');
    const game = this.game;
    if (!game) return reject('ERR_NOT_STARTED', 'the game has not started');
    if (game.phase !== 'over' && version !== game.version) {
      return reject('ERR_STALE_VERSION', `you acted on version ${version} but the game is at version ${game.version}: look again`);
    }
    return this.commit(action(seat));
  }

  /** An action the server takes itself (escape, forfeit, automatic play); a refusal here is a bug, so it is logged. */
  private serverAction(action: Action): void {
    const refused = this.commit(action);
    if (refused) this.log.error({ event: 'server-action-refused', seat: 'seat' in action ? action.seat : undefined, action: action.type, code: refused.code, reason: refused.message }, 'engine refused a server action');
  }

  /** Apply one action through the engine; on success record it, mirror it and plan what comes next. */
  private commit(action: Action): Rejection | null {
    const applied = applyAction(this.game!, action);
    if (!applied.ok) return applied.error;
    const { state: game, events } = applied.value;
    const index = this.actions.length;
    this.game = game;
    this.actions.push(action);
    const matchId = this.matchId;
    this.persist(() => this.deps.storage.appendAction(matchId, index, action, Date.now()));
    mirrorGame(this.state, game, events);
    for (const e of events) if (e.type === 'out') this.log.info({ event: 'seat-out', seat: e.seat, reason: e.reason }, 'seat out of the game');
    if (game.result) this.finishGame();
    else this.plan();
    this.broadcastPatch();
    return null;
  }

  private setAutoPlay(seat: Colour, on: boolean, by: 'player' | 'timeout'): void {
    const s = this.seating.seat(seat)!;
    if (s.autoPlay === on) return;
    s.autoPlay = on;
    this.log.info({ event: on ? 'auto-play-on' : 'auto-play-off', seat, by }, `auto-play ${on ? 'on' : 'off'}`);
    this.plan();
    this.broadcastPatch();
  }

  /**
   * Schedule what happens next: a bot or auto-play seat acts after a visible pause; a forced move is
   * played by the server (§9.10); a player gets the turn timer, and auto-play when it runs out (§7).
   */
  private plan(): void {
    const game = this.game!;
    this.planAnswer(game);
    const seat = this.seating.seat(game.current)!;
    const automatic = seat.kind === 'bot' || seat.autoPlay;
    const key = `${game.current}|${game.phase}|${game.rolls}|${automatic}`;
    if (key === this.turnKey) return;
    this.turnKey = key;
    this.timers.clear('turn');
    this.timers.clear('act');
    this.state.deadline = 0;
    const colour = game.current;
    if (automatic) {
      this.timers.set('act', this.pause(game.phase === 'roll' ? this.config.botRollDelayMs : this.config.autoMoveDelayMs), () => this.autoAct(colour));
    } else if (game.phase === 'move' && legalMoves(game).length === 1) {
      this.timers.set('act', this.pause(this.config.autoMoveDelayMs), () => this.autoAct(colour));
    } else {
      const ms = this.settings.turnSeconds * 1000;
      this.state.deadline = Date.now() + ms;
      this.timers.set('turn', ms, () => this.setAutoPlay(colour, true, 'timeout'));
    }
  }

  /** Pauses are for people to follow the game: with nobody connected the bots play on at once. */
  private pause(ms: number): number {
    return this.clients.length > 0 ? ms : 0;
  }

  private autoAct(colour: Colour): void {
    const game = this.game;
    if (!game || game.result || game.current !== colour) return;
    if (game.phase === 'roll') {
      this.serverAction({ type: 'roll', seat: colour, value: this.nextRoll() });
      return;
    }
    const seat = this.seating.seat(colour)!;
    const bot = seat.kind === 'bot' ? (seat.bot as BotName) : AUTO_PLAY_BOT;
    const plane = botPlane(game, bot, this.matchId);
    if (plane !== null) this.serverAction({ type: 'move', seat: colour, plane });
  }

  /**
   * A pending team resignation or draw offer: a bot answers at once (it consents to a team-mate's
   * resignation and declines a draw); a player who does not answer within the turn time declines.
   */
  private planAnswer(game: GameState): void {
    const asking = game.pendingResign ?? game.drawOffer;
    const kind = game.pendingResign ? 'answer-resign' : 'answer-draw';
    const key = asking ? `${kind}|${asking}` : '';
    if (key === this.answerKey) return;
    this.answerKey = key;
    this.timers.clear('answer');
    if (!asking) return;
    const answerer = kind === 'answer-resign' ? mateOf(game, asking) : activeSeats(game).find((c) => c !== asking);
    if (!answerer) return;
    const isBot = this.seating.seat(answerer)?.kind === 'bot';
    const accept = isBot && kind === 'answer-resign';
    const delay = isBot ? this.pause(this.config.botRollDelayMs) : this.settings.turnSeconds * 1000;
    this.timers.set('answer', delay, () => {
      const now = this.game;
      if (now && !now.result && (now.pendingResign ?? now.drawOffer) === asking) this.serverAction({ type: kind, seat: answerer, accept });
    });
  }

  private finishGame(): void {
    const game = this.game!;
    const result = game.result!;
    this.timers.clearAll();
    this.turnKey = this.answerKey = '';
    const state = this.state;
    state.deadline = 0;
    state.status = 'over';
    state.seed = this.seed;
    this.autoDispose = true;
    void this.publishMetadata().catch((err: unknown) => this.log.error({ err }, 'listing update failed'));
    this.log.info({ event: 'game-over', matchId: this.matchId, reason: result.reason, winners: result.winners, actions: this.actions.length }, 'game over');

    const { matchId } = this;
    const actions = [...this.actions];
    const humans = this.seating.humans();
    this.recording = true;
    this.persist(async () => {
      const lifetime: BySeat<number> = {};
      for (const seat of humans) {
        lifetime[seat.colour as Colour] = (await this.deps.storage.getPlayer(seat.playerId))?.lifetimeScore ?? 0;
      }
      const scores = finalScores(game, this.settings.base, lifetime);
      if (!scores.ok) throw new Error(`scoring failed: ${scores.error.message}`);
      await this.deps.storage.finishMatch({ id: matchId, result, actions, seats: scores.value, endedAt: Date.now() });
      mirrorScores(state, scores.value);
      this.broadcastPatch();
      this.log.info({ event: 'match-recorded', matchId, scores: Object.fromEntries(scores.value.map((s) => [s.colour, s.score])) }, 'match recorded');
    });
    void this.writes.then(() => {
      this.recording = false;
      this.deps.drain.changed();
    });
  }

  /**
   * Back to seating after a recorded game: same settings, bots and (remaining) players, nobody ready.
   * Players who left the finished game lose their seat; the old match stays in storage as it is.
   */
  private rematch(): void {
    const previous = this.matchId;
    for (const seat of this.seating.humans()) {
      const session = this.seating.sessionAt(seat.colour as Colour);
      if (!seat.connected && session) this.seating.removeHuman(session);
      else seat.ready = false;
    }
    if (!this.seating.hasPlayer(this.state.hostId)) this.state.hostId = this.seating.humans()[0]?.playerId ?? '';
    this.game = this.setup = null;
    this.actions = [];
    this.seed = this.matchId = this.turnKey = this.answerKey = '';
    clearGame(this.state);
    this.state.status = 'waiting';
    // A waiting table closes when its last player leaves, as before its first game.
    this.autoDispose = true;
    this.log.info({ event: 'rematch', tableId: this.roomId, previousMatchId: previous }, 'table reset for a rematch');
    this.seatingChanged();
    this.broadcastPatch();
  }

  /** Queue a storage write behind the earlier ones, so that a match's rows arrive in order. */
  private persist(write: () => Promise<void>): void {
    this.writes = this.writes.then(write).catch((err: unknown) => {
      this.log.error({ event: 'storage-failed', matchId: this.matchId, err }, 'storage write failed');
    });
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
