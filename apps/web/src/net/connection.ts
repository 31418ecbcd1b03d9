import {
  type ActionMessage,
  CLOSE_CODES,
  type ClientMessage,
  type ClientMessageType,
  GameStream,
  type ServerMessages,
  type SnapshotMessage,
  type TableFacts,
  tableFacts,
} from '@flightchess/protocol';
import type { GameEvent, GameState } from '@flightchess/rules';
import type { Room } from 'colyseus.js';
import type { Scheduler } from '../util/ports';
import { RECONNECT_WINDOW_MS, backoffDelay } from './backoff';

export type LinkStatus =
  | { readonly kind: 'connected' }
  | { readonly kind: 'reconnecting'; readonly attempt: number }
  | { readonly kind: 'reconnected' }
  /** Nothing to reconnect to: the player left, the seat was taken over by another tab, the operator closed the table, it is gone, or this device was signed out. */
  | { readonly kind: 'closed'; readonly why: 'left' | 'replaced' | 'closed' | 'gone' | 'signed-out' };

export type ServerRejection = ServerMessages['error'];

/** The game moved on: the newest engine state, and what happened (empty for a snapshot). */
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

/** How long the facts may run ahead of the game before the client asks for a snapshot. */
const CATCH_UP_MS = 1000;

type Listeners<T> = Set<(value: T) => void>;
const emit = <T>(listeners: Listeners<T>, value: T) => {
  for (const listener of listeners) listener(value);
};

/**
 * One seat at a table, kept live: the synced table facts, the game as the client's own engine replica
 * (a `snapshot`, then every `action` applied with the engine; a gap asks for a new snapshot), typed
 * messages, and a connection that comes back by itself. On an unexpected close it reconnects with the
 * token, or rejoins with the player's credentials when the table was restored elsewhere, backing off
 * from 0.5 s to 8 s for as long as the server holds the seat.
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
  private closed = false;
  /** False from an unexpected close until the connection is back: what is sent meanwhile would be lost. */
  private linked = true;
  private cancelRetry: (() => void) | null = null;
  private cancelCatchUp: (() => void) | null = null;

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

  send<T extends ClientMessageType>(type: T, payload: ClientMessage<T>): void {
    if (this.live) this.room.send(type, payload);
  }

  /** Leave on purpose (during a game the server counts it as an escape). */
  async leave(): Promise<void> {
    this.closed = true;
    this.cancelRetry?.();
    await this.room.leave(true).catch(() => undefined);
  }

  /** Stop listening without telling the server (the page is going away: the seat is held). */
  dispose(): void {
    this.closed = true;
    this.cancelRetry?.();
    this.cancelCatchUp?.();
    this.room.removeAllListeners();
  }

  private bind(room: Room): void {
    room.onStateChange((state) => {
      this.facts = tableFacts(toPlain(state));
      // Back to seating (a rematch): the finished game is gone.
      if (this.facts.status === 'waiting') this.stream.clear();
      this.checkBehind(room);
      emit(this.factListeners, this.facts);
    });
    room.onMessage('snapshot', (message: SnapshotMessage) => {
      this.stream.snapshot(message);
      emit(this.gameListeners, { state: message.state, events: [] });
    });
    room.onMessage('action', (message: ActionMessage) => {
      const step = this.stream.action(message);
      if (step.kind === 'applied') emit(this.gameListeners, { state: step.state, events: step.events });
      else if (step.kind === 'gap') room.send('sync', {});
    });
    room.onMessage('error', (message: ServerRejection) => {
      // The answer to a sync before the game: nothing is wrong, the snapshot comes when the game starts.
      if (message.request === 'sync' && message.code === 'ERR_NOT_STARTED') return;
      emit(this.errorListeners, message);
    });
    room.onMessage('closing', (message: ServerMessages['closing']) => emit(this.closingListeners, message));
    room.onMessage('phrase', (message: ServerMessages['phrase']) => emit(this.phraseListeners, message));
    room.onLeave((code) => {
      if (this.closed) return;
      const final = FINAL_CLOSES[code];
      if (final) {
        this.closed = true;
        emit(this.statusListeners, { kind: 'closed', why: final });
        return;
      }
      this.linked = false;
      this.retry(room.reconnectionToken, 0, this.now());
    });
    // Every new connection (join, reconnect, rejoin) starts from the game as it is now.
    room.send('sync', {});
  }

  /** The facts run ahead of the game as this client has it: the action is in flight, or lost — then ask for a snapshot. */
  private checkBehind(room: Room): void {
    const { matchId, version } = this.facts;
    if (this.cancelCatchUp || !this.stream.behind(matchId, version)) return;
    this.cancelCatchUp = this.scheduler.after(CATCH_UP_MS, () => {
      this.cancelCatchUp = null;
      if (!this.closed && room === this.room && this.stream.behind(matchId, version)) room.send('sync', {});
    });
  }

  private retry(token: string, attempt: number, since: number): void {
    if (this.closed) return;
    if (this.now() - since > RECONNECT_WINDOW_MS) {
      this.closed = true;
      emit(this.statusListeners, { kind: 'closed', why: 'gone' });
      return;
    }
    emit(this.statusListeners, { kind: 'reconnecting', attempt: attempt + 1 });
    this.cancelRetry = this.scheduler.after(backoffDelay(attempt), () => {
      this.cancelRetry = null;
      const roomId = this.roomId;
      this.reconnector
        .reconnect(token)
        .catch(() => this.reconnector.rejoin(roomId))
        .then(
          (room) => {
            if (this.closed) {
              void room.leave(false);
              return;
            }
            this.room = room;
            this.linked = true;
            this.bind(room);
            emit(this.statusListeners, { kind: 'reconnected' });
          },
          () => this.retry(token, attempt + 1, since),
        );
    });
  }
}

/** Schema instances expose toJSON(); plain objects (tests) pass through. */
function toPlain(state: unknown): unknown {
  const s = state as { toJSON?: () => unknown } | null;
  return s && typeof s.toJSON === 'function' ? s.toJSON() : state;
}
