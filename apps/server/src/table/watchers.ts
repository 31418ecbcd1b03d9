import type { Client, Deferred } from '@colyseus/core';
import {
  CLOSE_CODES,
  type ClientMessageType,
  codedText,
  type Rejection,
  WATCHER_MESSAGES,
  WATCHER_NAMES_SHOWN,
  reject,
} from '@flightchess/protocol';
import type { PlayerRecord } from '../players/playerRepository';
import type { Table } from './table';
import { uniqueName } from './uniqueName';

interface Watcher {
  readonly playerId: string;
  readonly name: string;
  connected: boolean;
  /** The dropped connection's token, while it may still come back with it. */
  reconnection: Deferred<Client> | null;
}

const WATCHING = reject('ERR_WATCHING', 'you are watching this table: take a seat when it seats players to play');

/**
 * The watchers of one table (docs/decisions/010-watchers-see-what-players-see.md): guests who get what a player gets — the synced facts, the game
 * stream, the quick phrases, the result — and may send nothing that acts. The table's facts carry their
 * number and the first names. One connection per player: a newer one takes over (like a seat). A
 * dropped watcher is held for its token like a seat, but is not shown while away.
 */
export class Watchers {
  private readonly bySession = new Map<string, Watcher>();

  constructor(private readonly t: Table) {
    t.state.watchable = t.settings.watchable;
  }

  has(sessionId: string): boolean {
    return this.bySession.has(sessionId);
  }

  /** A guest without a seat here joins with `watch: true`. */
  admit(client: Client, player: PlayerRecord): 'watching' | Rejection {
    const { t } = this;
    const limit = t.deps.config.watchersPerTable;
    if (!t.settings.watchable) return reject('ERR_NOT_WATCHABLE', 'this table cannot be watched: its players chose so');
    const full = t.deps.admission.newConnection('watchers');
    if (full) return full;
    this.replace(player.id);
    if (this.bySession.size >= limit) return reject('ERR_WATCHERS_FULL', `this table has its ${limit} watchers already`);
    const seated = [...t.state.seats.values()].filter((s) => s.playerId !== player.id).map((s) => s.name);
    const name = uniqueName(player.nickname, [...seated, ...this.namesBesides(player.id)]);
    this.bySession.set(client.sessionId, { playerId: player.id, name, connected: true, reconnection: null });
    t.log.info({ event: 'watcher-joined', playerId: player.id, watchers: this.bySession.size }, 'watcher joined');
    this.show();
    return 'watching';
  }

  /** The players watching now (not those away). */
  present(): string[] {
    return [...this.bySession.values()].filter((w) => w.connected).map((w) => w.playerId);
  }

  /** The names of the watchers other than this player, shown or not (one away may come back). */
  namesBesides(playerId: string): string[] {
    return [...this.bySession.values()].filter((w) => w.playerId !== playerId).map((w) => w.name);
  }

  /** A message from this connection that a watcher may not send, refused; null for anyone else. */
  refusal(sessionId: string, type: ClientMessageType): Rejection | null {
    return this.bySession.has(sessionId) && !WATCHER_MESSAGES.includes(type) ? WATCHING : null;
  }

  /** Only a watcher takes a seat with `sit`: a player has one. */
  sitting(sessionId: string): Rejection | null {
    return this.bySession.has(sessionId) ? null : reject('ERR_NOT_ALLOWED', 'you have a seat at this table already');
  }

  /** The watcher took a seat: a player now. */
  seated(sessionId: string): void {
    if (this.bySession.delete(sessionId)) this.show();
  }

  /** A watcher's connection closed: gone when it left on purpose (or the table closes), else held for its token. */
  left(client: Client, forGood: boolean): void {
    const watcher = this.bySession.get(client.sessionId);
    if (!watcher) return;
    watcher.connected = false;
    this.show();
    if (forGood) {
      this.bySession.delete(client.sessionId);
      return;
    }
    const reconnection = this.t.hold(client);
    watcher.reconnection = reconnection;
    reconnection
      .then(() => this.t.task(() => this.back(client, watcher)))
      .catch(() => this.t.task(() => this.forget(client.sessionId, watcher)));
  }

  /** Back with the token: the device is checked first (before anything it sends runs); one signed out meanwhile is closed, watching no more. */
  private async back(client: Client, watcher: Watcher): Promise<void> {
    if (this.bySession.get(client.sessionId) !== watcher) return;
    if (!(await this.t.devices.back(client))) return void this.bySession.delete(client.sessionId);
    watcher.connected = true;
    watcher.reconnection = null;
    this.show();
  }

  private forget(sessionId: string, watcher: Watcher): void {
    if (this.bySession.get(sessionId) === watcher) this.bySession.delete(sessionId);
  }

  /** The player's earlier watching connection lets go: closed if open, its token called off if away. */
  private replace(playerId: string): void {
    for (const [sessionId, w] of this.bySession) {
      if (w.playerId !== playerId) continue;
      this.bySession.delete(sessionId);
      // (Colyseus answers a plain rejected promise, without reject, when it cannot hold the connection.)
      w.reconnection?.reject?.(new Error('replaced'));
      this.t.client(sessionId)?.leave(CLOSE_CODES.replaced, codedText('ERR_REPLACED', 'this player watches from another connection now'));
    }
  }

  /** The facts: how many watch now, and the first names. */
  private show(): void {
    const { state } = this.t;
    const shown = [...this.bySession.values()].filter((w) => w.connected);
    state.watchers = shown.length;
    const first = shown.slice(0, WATCHER_NAMES_SHOWN);
    replaceAll(
      state.watcherNames,
      first.map((w) => w.name),
    );
    replaceAll(
      state.watcherIds,
      first.map((w) => w.playerId),
    );
    this.t.listingChanged();
  }
}

/** A synced list set to `items`, untouched (no patch) when it holds them already. */
function replaceAll(
  list: {
    length: number;
    join(separator: string): string;
    splice(start: number, count: number): unknown;
    push(...items: string[]): unknown;
  },
  items: readonly string[],
): void {
  if (items.join('\n') === list.join('\n')) return;
  list.splice(0, list.length);
  list.push(...items);
}
