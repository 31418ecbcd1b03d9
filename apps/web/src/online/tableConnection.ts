import {
  type ActionMessage,
  CLOSE_CODES,
  type ClientMessage,
  type ClientMessageType,
  type ClockMessage,
  GameStream,
  type ServerMessages,
  type SnapshotMessage,
  type StreamStep,
  type TableFacts,
  type TurnClock,
  tableFacts,
} from '@flightchess/protocol';
import type { GameEvent, GameState } from '@flightchess/rules';
import type { Room } from 'colyseus.js';
import type { Scheduler } from '../util/ports';
import { RECONNECT_WINDOW_MS, backoffDelay } from './backoff';
import { LinkWatch } from './linkWatch';

export type LinkStatus =
  | { readonly kind: 'connected' }
  | { readonly kind: 'reconnecting'; readonly attempt: number }
  | { readonly kind: 'reconnected' }
  /** Nothing to reconnect to: the player left, the seat was taken over by another tab, the operator closed the table, it is gone, or this device was signed out. */
  | { readonly kind: 'closed'; readonly why: 'left' | 'replaced' | 'closed' | 'gone' | 'signed-out' };

export type ServerRejection = ServerMessages['error'];

/** The game moved on: the newest engine state, and what happened (empty for a snapshot or a new clock). */
export interface GameChange {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

export interface Reconnector {
  /** Back into the same room with its reconnection token. */
  reconnect(token: string): Promise<Room>;
  /** Back into one's own seat with the player's credentials (the table was restored by another process, or the token is gone). */
  rejoin(roomId: string): Promise<Room>;
}

/** Closes that end the connection for good: nothing to reconnect to. */
const FINAL_CLOSES: Readonly<Record<number, 'left' | 'replaced' | 'closed' | 'signed-out'>> = {
  [CLOSE_CODES.consented]: 'left',
  [CLOSE_CODES.replaced]: 'replaced',
  [CLOSE_CODES.closedByOperator]: 'closed',
  [CLOSE_CODES.signedOut]: 'signed-out',
};

/** A reconnection attempt that has not answered in this long is given up (a link still dead swallows it), and the next one tried. */
export const ATTEMPT_MS = 8000;
/** An attempt given up that succeeds after all may take the seat from the newer connection: for this long such a takeover is not final. */
const STRAGGLER_MS = 15_000;

type Listeners<T> = Set<(value: T) => void>;
const emit = <T>(listeners: Listeners<T>, value: T) => {
  for (const listener of listeners) listener(value);
};

/**
 * One seat at a table, kept live: the synced table facts, the game as the client's own engine replica
 * (a `snapshot`, then every `action` applied with the engine; a gap asks for a new snapshot), typed
 * messages, and a connection that comes back by itself. A link that dies without a word is found by
 * the page's own heartbeat (LinkWatch) within 8 s; on that, or an unexpected close, it reconnects with
 * the token, or rejoins with the player's credentials when the table was restored elsewhere, backing
 * off from 0.5 s to 8 s (each attempt given up after ATTEMPT_MS) for as long as the server holds the seat.
 */
export class TableConnection {
  private room: Room;
  private facts: TableFacts;
  private readonly stream = new GameStream();
  private readonly factListeners: Listeners<TableFacts> = new Set();
  private readonly gameListeners: Listeners<GameChange> = new Set();
  private readonly statusListeners: Listeners<LinkStatus> = new Set();
  private readonly errorListeners: Listeners<ServerRejection> = new Set();
  private readonly closingListeners: Listeners<ServerMessages['closing']> = new Set();
  private readonly phraseListeners: Listeners<ServerMessages['phrase']> = new Set();
  private readonly returnListeners: Listeners<ServerMessages['returned']> = new Set();
  private closed = false;
  /** False from an unexpected close until the connection is back: what is sent meanwhile would be lost. */
  private linked = true;
  private cancelRetry: (() => void) | null = null;
  /** Set while a retry waits for its turn: starts it at once. */
  private retryNow: (() => void) | null = null;
  private watch: LinkWatch | null = null;
  /** Reconnection attempts given up but still unanswered, and until when one that answered late may still take the seat over. */
  private stragglers = 0;
  private stragglingUntil = 0;
  /** When the link now down was last heard alive; on the connection that came back, what its `returned` counts from. */
  private lostAt: number | null = null;
  private awaySince: number | null = null;

  constructor(
    room: Room,
    private readonly reconnector: Reconnector,
    private readonly scheduler: Scheduler,
    private readonly now: () => number = Date.now,
  ) {
    this.room = room;
    this.facts = tableFacts(toPlain(room.state));
    this.bind(room);
  }

  /** Whether a message sent now reaches the server. */
  get live(): boolean {
    return this.linked && !this.closed;
  }

  get roomId(): string {
    return this.room.roomId;
  }

  table(): TableFacts {
    return this.facts;
  }

  /** The game of the table's current match as this client has it; null before a game (or before its snapshot). */
  game(): GameState | null {
    return this.stream.matchId === this.facts.matchId ? this.stream.state : null;
  }

  /** The turn's deadlines at the game's version, as the server last told them. */
  clock(): TurnClock {
    return this.stream.clock;
  }

  onState(listener: (table: TableFacts) => void): () => void {
    this.factListeners.add(listener);
    return () => this.factListeners.delete(listener);
  }

  onGame(listener: (change: GameChange) => void): () => void {
    this.gameListeners.add(listener);
    return () => this.gameListeners.delete(listener);
  }

  onStatus(listener: (status: LinkStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onError(listener: (error: ServerRejection) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  onClosing(listener: (notice: ServerMessages['closing']) => void): () => void {
    this.closingListeners.add(listener);
    return () => this.closingListeners.delete(listener);
  }

  onPhrase(listener: (said: ServerMessages['phrase']) => void): () => void {
    this.phraseListeners.add(listener);
    return () => this.phraseListeners.delete(listener);
  }

  /** The player took their held seat back: how long they were away and what was played for them. */
  onReturned(listener: (missed: ServerMessages['returned']) => void): () => void {
    this.returnListeners.add(listener);
    return () => this.returnListeners.delete(listener);
  }

  /** Look at the link now, and try again at once if it is down (the page is shown again, or the device is back online). */
  nudge(): void {
    if (this.closed) return;
    if (this.linked) return this.watch?.check();
    if (this.cancelRetry && this.retryNow) this.retryNow();
  }

  send<T extends ClientMessageType>(type: T, payload: ClientMessage<T>): void {
    if (this.live) this.room.send(type, payload);
  }

  /** Leave on purpose (during a game the server counts it as an escape). */
  async leave(): Promise<void> {
    this.closed = true;
    this.cancelRetry?.();
    this.watch?.stop();
    await this.room.leave(true).catch(() => undefined);
  }

  /** Stop listening without telling the server (the page is going away: the seat is held). */
  dispose(): void {
    this.closed = true;
    this.cancelRetry?.();
    this.watch?.stop();
    this.room.removeAllListeners();
  }

  private bind(room: Room): void {
    const watch = new LinkWatch(
      this.scheduler,
      this.now,
      () => room.send('ping', {}),
      () => this.silent(room),
    );
    this.watch = watch;
    // Whatever the server sends shows the link alive: its answer to a ping is only needed when nothing else comes.
    const heard =
      <T>(then: (message: T) => void) =>
      (message: T) => {
        watch.heard();
        then(message);
      };
    /** A step applied is passed on; one that does not follow on (a step was lost) asks for a snapshot. */
    const follow = (step: StreamStep) => {
      if (step.kind === 'applied') emit(this.gameListeners, { state: step.state, events: step.events });
      else if (step.kind === 'gap') room.send('sync', {});
    };
    room.onMessage(
      'pong',
      heard((message: ServerMessages['pong']) => {
        // The game is further on than this replica though the link is quiet: its last step was lost.
        const game = this.stream.state;
        if (game && message.version !== undefined && message.version > game.version) room.send('sync', {});
      }),
    );
    room.onStateChange((state) => {
      watch.heard();
      this.facts = tableFacts(toPlain(state));
      // Back to seating (a rematch): the finished game is gone.
      if (this.facts.status === 'waiting') this.stream.clear();
      emit(this.factListeners, this.facts);
    });
    room.onMessage(
      'snapshot',
      heard((message: SnapshotMessage) => {
        this.stream.snapshot(message);
        emit(this.gameListeners, { state: message.state, events: [] });
      }),
    );
    room.onMessage(
      'action',
      heard((message: ActionMessage) => follow(this.stream.action(message))),
    );
    room.onMessage(
      'clock',
      heard((message: ClockMessage) => follow(this.stream.retime(message))),
    );
    room.onMessage(
      'error',
      heard((message: ServerRejection) => {
        // The answer to a sync before the game: nothing is wrong, the snapshot comes when the game starts.
        if (message.request === 'sync' && message.code === 'ERR_NOT_STARTED') return;
        emit(this.errorListeners, message);
      }),
    );
    room.onMessage(
      'closing',
      heard((message: ServerMessages['closing']) => emit(this.closingListeners, message)),
    );
    room.onMessage(
      'phrase',
      heard((message: ServerMessages['phrase']) => emit(this.phraseListeners, message)),
    );
    room.onMessage(
      'returned',
      heard((message: ServerMessages['returned']) => emit(this.returnListeners, this.awayAsSeen(message))),
    );
    room.onLeave((code) => {
      watch.stop();
      if (this.closed) return;
      const final = FINAL_CLOSES[code];
      // A connection given up on that got through late took the seat from this one: not another device, so not final.
      const ownStraggler = code === CLOSE_CODES.replaced && (this.stragglers > 0 || this.now() < this.stragglingUntil);
      if (final && !ownStraggler) {
        this.closed = true;
        emit(this.statusListeners, { kind: 'closed', why: final });
        return;
      }
      this.linked = false;
      this.lost(watch);
      this.retry(room.reconnectionToken, 0, this.now());
    });
    // Every new connection (join, reconnect, rejoin) starts from the game as it is now.
    room.send('sync', {});
  }

  /**
   * The heartbeat found the link dead though the socket never closed: stop listening to it, close it
   * without a word (the server holds the seat, as for any drop) and reconnect. Nothing pressed meanwhile
   * is sent: `live` is false from now until the connection is back.
   */
  private silent(room: Room): void {
    if (this.closed || room !== this.room || !this.linked) return;
    this.linked = false;
    this.lost(this.watch);
    room.removeAllListeners();
    void room.leave(false).catch(() => undefined);
    this.retry(room.reconnectionToken, 0, this.now());
  }

  /** The link is down: it was last alive when this connection last heard the server (kept through the retries). */
  private lost(watch: LinkWatch | null): void {
    this.lostAt ??= watch?.lastHeard ?? this.now();
  }

  /**
   * What the player missed, as long as they were away from where they sit: the server counts from when it
   * noticed the drop, which for a link that died silently is seconds after this page last heard from it.
   */
  private awayAsSeen(missed: ServerMessages['returned']): ServerMessages['returned'] {
    const since = this.awaySince;
    this.awaySince = null;
    if (since === null) return missed;
    return { ...missed, seconds: Math.max(missed.seconds, Math.round((this.now() - since) / 1000)) };
  }

  private retry(token: string, attempt: number, since: number): void {
    if (this.closed) return;
    if (this.now() - since > RECONNECT_WINDOW_MS) {
      this.closed = true;
      emit(this.statusListeners, { kind: 'closed', why: 'gone' });
      return;
    }
    emit(this.statusListeners, { kind: 'reconnecting', attempt: attempt + 1 });
    const go = () => {
      this.cancelRetry?.();
      this.cancelRetry = this.retryNow = null;
      this.attempt(token, attempt, since);
    };
    this.retryNow = go;
    this.cancelRetry = this.scheduler.after(backoffDelay(attempt), go);
  }

  /** One try: the token, else the credentials. Given up after ATTEMPT_MS for the next try; if it answers later all the same, see late(). */
  private attempt(token: string, attempt: number, since: number): void {
    let givenUp = false;
    let answered = false;
    const cancelTimeout = this.scheduler.after(ATTEMPT_MS, () => {
      if (answered) return;
      givenUp = true;
      this.stragglers++;
      this.retry(token, attempt + 1, since);
    });
    const roomId = this.roomId;
    this.reconnector
      .reconnect(token)
      // Given up meanwhile, or back on a late try meanwhile, it goes no further: a rejoin now would take the seat from a newer connection.
      .catch((error: unknown) => (givenUp || this.linked ? Promise.reject(error) : this.reconnector.rejoin(roomId)))
      .then(
        (room) => {
          answered = true;
          cancelTimeout();
          if (givenUp) return this.late(room);
          // Closed meanwhile, or a late attempt got through first.
          if (this.closed || this.linked) return void room.leave(false).catch(() => undefined);
          this.adopt(room);
        },
        () => {
          answered = true;
          cancelTimeout();
          if (givenUp) this.stragglers--;
          else if (!this.linked) this.retry(token, attempt + 1, since);
        },
      );
  }

  /** An attempt given up on got through after all: the seat is ours on it, so use it if still reconnecting, else let it go. */
  private late(room: Room): void {
    this.stragglers--;
    this.stragglingUntil = this.now() + STRAGGLER_MS;
    if (this.closed || this.linked) return void room.leave(false).catch(() => undefined);
    this.cancelRetry?.();
    this.cancelRetry = this.retryNow = null;
    this.adopt(room);
  }

  private adopt(room: Room): void {
    this.room = room;
    this.linked = true;
    this.awaySince = this.lostAt;
    this.lostAt = null;
    this.bind(room);
    emit(this.statusListeners, { kind: 'reconnected' });
  }
}

/** Schema instances expose toJSON(); plain objects (tests) pass through. */
function toPlain(state: unknown): unknown {
  const s = state as { toJSON?: () => unknown } | null;
  return s && typeof s.toJSON === 'function' ? s.toJSON() : state;
}
