import type { Room } from 'colyseus.js';
import { type TableSnapshot, tableSnapshot } from '../adapter/tableView';
import type { Scheduler } from '../util/ports';
import { RECONNECT_WINDOW_MS, backoffDelay } from './backoff';

/** A consented leave (ours, or the server closing the table): nothing to reconnect to. */
const CONSENTED = 4000;

export type LinkStatus =
  | { readonly kind: 'connected' }
  | { readonly kind: 'reconnecting'; readonly attempt: number }
  | { readonly kind: 'reconnected' }
  | { readonly kind: 'closed' };

export interface ServerRejection {
  readonly code: string;
  readonly message: string;
  readonly request?: string;
}

export interface Reconnector {
  reconnect(token: string): Promise<Room>;
}

/**
 * A table room that survives dropped connections: on an unexpected close it reconnects with the
 * reconnection token, backing off from 0.5 s to 8 s, for as long as the server holds the seat, and
 * reports each step so the screen can say so.
 */
export class TableConnection {
  private room: Room;
  private snapshot: TableSnapshot;
  private readonly stateListeners = new Set<(table: TableSnapshot) => void>();
  private readonly statusListeners = new Set<(status: LinkStatus) => void>();
  private readonly errorListeners = new Set<(error: ServerRejection) => void>();
  private closed = false;
  private cancelRetry: (() => void) | null = null;

  constructor(
    room: Room,
    private readonly reconnector: Reconnector,
    private readonly scheduler: Scheduler,
    private readonly now: () => number = Date.now,
  ) {
    this.room = room;
    this.snapshot = tableSnapshot(room.state ? toPlain(room.state) : {});
    this.bind(room);
  }

  get roomId(): string {
    return this.room.roomId;
  }

  table(): TableSnapshot {
    return this.snapshot;
  }

  onState(listener: (table: TableSnapshot) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onStatus(listener: (status: LinkStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onError(listener: (error: ServerRejection) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  send(type: string, payload: object = {}): void {
    if (!this.closed) this.room.send(type, payload);
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
    this.room.removeAllListeners();
  }

  private bind(room: Room): void {
    room.onStateChange((state) => {
      this.snapshot = tableSnapshot(toPlain(state));
      for (const listener of this.stateListeners) listener(this.snapshot);
    });
    room.onMessage('error', (message: ServerRejection) => {
      for (const listener of this.errorListeners) listener(message);
    });
    // Any other message type the server may add: accepted and ignored.
    room.onMessage('*', () => undefined);
    room.onLeave((code) => {
      if (this.closed) return;
      if (code === CONSENTED) {
        this.closed = true;
        this.emitStatus({ kind: 'closed' });
        return;
      }
      this.retry(room.reconnectionToken, 0, this.now());
    });
  }

  private retry(token: string, attempt: number, since: number): void {
    if (this.closed) return;
    if (this.now() - since > RECONNECT_WINDOW_MS) {
      this.closed = true;
      this.emitStatus({ kind: 'closed' });
      return;
    }
    this.emitStatus({ kind: 'reconnecting', attempt: attempt + 1 });
    this.cancelRetry = this.scheduler.after(backoffDelay(attempt), () => {
      this.cancelRetry = null;
      this.reconnector.reconnect(token).then(
        (room) => {
          if (this.closed) {
            void room.leave(false);
            return;
          }
          this.room = room;
          this.bind(room);
          this.emitStatus({ kind: 'reconnected' });
        },
        () => this.retry(token, attempt + 1, since),
      );
    });
  }

  private emitStatus(status: LinkStatus): void {
    for (const listener of this.statusListeners) listener(status);
  }
}

/** Schema instances expose toJSON(); plain objects (tests) pass through. */
function toPlain(state: unknown): unknown {
  const s = state as { toJSON?: () => unknown } | null;
  return s && typeof s.toJSON === 'function' ? s.toJSON() : state;
}
