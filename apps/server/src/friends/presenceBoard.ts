import type { Presence } from '@colyseus/core';
import type { FriendPresence } from '@flightchess/protocol';
import type { Logger } from 'pino';
import { type PresencePart, type TableActivity, partOf, presenceOf, samePresence } from './presenceParts';

/** Every process hears every change of anyone's part here (Redis pub/sub; in-process with one process). */
const TOPIC = 'flightchess:presence';
/** Each player's parts, one field per process that has one. */
const partsKey = (playerId: string) => `flightchess:presence:${playerId}`;

/** A change of one process's part for a player (null: nothing there any more, as of `at`). */
interface PartChange {
  readonly playerId: string;
  readonly processId: string;
  readonly part: PresencePart | null;
  readonly at: number;
}

/** A player with a page open or a seat here. */
interface Here {
  pages: number;
  /** The last page closed, and the grace before they count as gone has not run out. */
  lingering: NodeJS.Timeout | null;
  readonly tables: Map<string, TableActivity>;
  part: PresencePart | null;
  /** "Appear offline" (null: not read yet). */
  hidden: boolean | null;
}

/** A player whom pages here want to see: every process's part, and what the pages were last told. */
interface Watched {
  count: number;
  readonly parts: Map<string, PresencePart>;
  lastSeen: number;
  shown: FriendPresence;
}

export interface PresenceBoardOptions {
  /** A reload does not show a player leaving and coming back: their last page closed, they stay online this long. */
  readonly graceMs: number;
  /** Each process says its parts again this often… */
  readonly refreshMs: number;
  /** …and a part not said again for this long is a dead process's: ignored. */
  readonly freshMs: number;
}

export const PRESENCE_OPTIONS: PresenceBoardOptions = { graceMs: 5_000, refreshMs: 15_000, freshMs: 45_000 };

export interface PresenceBoardDeps {
  readonly presence: Presence;
  readonly processId: string;
  readonly log: Logger;
  /** Whether the player chose to appear offline. */
  readonly hidden: (playerId: string) => Promise<boolean>;
  /** One process: no other reads the parts, so they are kept in memory only (no hash per player, none said again). */
  readonly alone?: boolean;
  /** The player was last seen now (no part anywhere of this process's any more). */
  readonly left: (playerId: string, at: number) => Promise<void>;
  /** A watched player's presence changed (pages here are told). */
  readonly changed: (playerId: string, presence: FriendPresence) => void;
  readonly now?: () => number;
}

/**
 * Who is where, over every process (as lila-ws keeps its friends' presence in its socket tier): each process
 * keeps the players who have a page open or a seat on it, and writes what each is doing there — their
 * *part* — to a hash per player and to a topic every process hears. A player's presence is the most
 * telling of their parts. Pages only ever learn about the players they watch (their friends); a process
 * killed stops saying its parts again, and they are ignored after `freshMs`.
 */
export class PresenceBoard {
  private readonly here = new Map<string, Here>();
  private readonly atTables = new Map<string, Set<string>>();
  private readonly watched = new Map<string, Watched>();
  /** When each process last said it is alive: its parts are fresh while it keeps saying so. */
  private readonly alive = new Map<string, number>();
  /** Each player's part being said, so that the next waits for it. */
  private readonly saying = new Map<string, Promise<void>>();
  private readonly heard = (change: PartChange) => this.hear(change);
  private refresher: NodeJS.Timeout | null = null;
  private readonly now: () => number;

  constructor(
    private readonly deps: PresenceBoardDeps,
    private readonly options: PresenceBoardOptions = PRESENCE_OPTIONS,
  ) {
    this.now = deps.now ?? Date.now;
  }

  async start(): Promise<void> {
    await this.deps.presence.subscribe(TOPIC, this.heard);
    this.refresher = setInterval(() => void this.refresh(), this.options.refreshMs).unref();
  }

  /** Stop hearing and saying; this process's parts are withdrawn (its players are gone from here). */
  async stop(): Promise<void> {
    if (this.refresher) clearInterval(this.refresher);
    this.deps.presence.unsubscribe(TOPIC, this.heard);
    for (const [playerId, h] of this.here) {
      if (h.lingering) clearTimeout(h.lingering);
      if (h.part) await this.say(playerId, null).catch(() => undefined);
    }
    this.here.clear();
  }

  pageOpened(playerId: string): void {
    const h = this.player(playerId);
    h.pages++;
    if (h.lingering) clearTimeout(h.lingering);
    h.lingering = null;
    void this.update(playerId);
  }

  pageClosed(playerId: string): void {
    const h = this.here.get(playerId);
    if (!h) return;
    h.pages--;
    if (h.pages > 0) return;
    if (h.lingering) clearTimeout(h.lingering);
    h.lingering = setTimeout(() => {
      h.lingering = null;
      void this.update(playerId);
    }, this.options.graceMs).unref();
  }

  /** Who is at a table now (its humans seated and watching) and what it is; no one: the table closed. */
  atTable(
    roomId: string,
    people: readonly { playerId: string; state: TableActivity['state'] }[],
    table: TableActivity['table'] | null,
  ): void {
    const before = this.atTables.get(roomId) ?? new Set<string>();
    const now = new Set(people.map((p) => p.playerId));
    for (const playerId of before) {
      if (now.has(playerId)) continue;
      const h = this.here.get(playerId);
      if (h?.tables.delete(roomId)) void this.update(playerId);
    }
    if (now.size > 0 && table) this.atTables.set(roomId, now);
    else this.atTables.delete(roomId);
    if (!table) return;
    for (const { playerId, state } of people) {
      const h = this.player(playerId);
      const was = h.tables.get(roomId);
      if (was && was.state === state && JSON.stringify(was.table) === JSON.stringify(table)) continue;
      h.tables.set(roomId, { state, table });
      void this.update(playerId);
    }
  }

  /** The player chose to appear offline or not (told to every process: their parts follow). */
  async hide(playerId: string, hidden: boolean): Promise<void> {
    await this.deps.presence.publish(TOPIC, { playerId, processId: '', part: null, at: this.now(), hidden });
  }

  /**
   * Pages here want to see these players (each with when they were last seen, as stored): their presence
   * now; each change is told to `changed` until as many `unwatch`.
   */
  async watch(players: readonly { playerId: string; lastSeen: number }[]): Promise<Map<string, FriendPresence>> {
    const found = new Map<string, FriendPresence>();
    await Promise.all(
      players.map(async ({ playerId, lastSeen }) => {
        let w = this.watched.get(playerId);
        if (!w) {
          const parts = await this.partsOf(playerId);
          // Another page may have begun watching while the parts were read.
          w = this.watched.get(playerId);
          if (!w) {
            w = { count: 0, parts, lastSeen, shown: this.presenceFrom(parts, lastSeen) };
            this.watched.set(playerId, w);
          }
        }
        w.count++;
        found.set(playerId, w.shown);
      }),
    );
    return found;
  }

  unwatch(playerIds: Iterable<string>): void {
    for (const playerId of playerIds) {
      const w = this.watched.get(playerId);
      if (w && --w.count <= 0) this.watched.delete(playerId);
    }
  }

  /** The presence of players no page here watches (a one-off answer): read from every process's parts. */
  async lookup(players: readonly { playerId: string; lastSeen: number }[]): Promise<Map<string, FriendPresence>> {
    const found = new Map<string, FriendPresence>();
    await Promise.all(
      players.map(async ({ playerId, lastSeen }) => {
        const w = this.watched.get(playerId);
        const parts = w ? w.parts : await this.partsOf(playerId);
        found.set(playerId, w ? w.shown : this.presenceFrom(parts, lastSeen));
      }),
    );
    return found;
  }

  private player(playerId: string): Here {
    let h = this.here.get(playerId);
    if (!h) this.here.set(playerId, (h = { pages: 0, lingering: null, tables: new Map(), part: null, hidden: null }));
    return h;
  }

  /** Work out the player's part here again, and say it when it changed (in order, one after another per player). */
  private async update(playerId: string): Promise<void> {
    try {
      const h = this.here.get(playerId);
      if (!h) return;
      if (h.hidden === null) h.hidden = await this.deps.hidden(playerId);
      const now = this.now();
      const next = h.hidden ? null : partOf(h.tables.values(), h.pages > 0 || h.lingering !== null, h.part, now);
      const part = next ? { ...next, at: now } : null;
      if (!part && h.pages === 0 && !h.lingering && h.tables.size === 0 && this.here.get(playerId) === h) this.here.delete(playerId);
      if (JSON.stringify({ ...h.part, at: 0 }) === JSON.stringify({ ...part, at: 0 })) return;
      const wasSomewhere = h.part !== null;
      h.part = part;
      const said = (this.saying.get(playerId) ?? Promise.resolve()).then(() => this.say(playerId, part));
      this.saying.set(playerId, said);
      await said.finally(() => this.saying.get(playerId) === said && this.saying.delete(playerId));
      if (wasSomewhere && !part) await this.deps.left(playerId, now);
    } catch (err) {
      this.deps.log.error({ event: 'presence-failed', playerId, err }, 'could not say where a player is');
    }
  }

  /** Write this process's part for the player and tell every process. */
  private async say(playerId: string, part: PresencePart | null): Promise<void> {
    await this.store(playerId, part);
    await this.deps.presence.publish(TOPIC, {
      playerId,
      processId: this.deps.processId,
      part,
      at: part?.at ?? this.now(),
    } satisfies PartChange);
  }

  /** This process's part in the player's hash, where the other processes read it (alone, none do: it stays in `here`). */
  private async store(playerId: string, part: PresencePart | null): Promise<void> {
    if (this.deps.alone) return;
    const { presence, processId } = this.deps;
    const key = partsKey(playerId);
    if (!part) return void (await presence.hdel(key, processId));
    // Sent together: one round trip (Redis runs them in order).
    await Promise.all([presence.hset(key, processId, JSON.stringify(part)), presence.expire(key, Math.ceil(this.options.freshMs / 1000))]);
  }

  private async partsOf(playerId: string): Promise<Map<string, PresencePart>> {
    if (this.deps.alone) {
      const part = this.here.get(playerId)?.part;
      return new Map(part ? [[this.deps.processId, part]] : []);
    }
    const stored = (await this.deps.presence.hgetall(partsKey(playerId))) ?? {};
    return new Map(Object.entries(stored).map(([processId, json]) => [processId, JSON.parse(json) as PresencePart]));
  }

  private hear(change: PartChange & { hidden?: boolean; alive?: boolean }): void {
    if (change.alive) {
      this.alive.set(change.processId, change.at);
      return;
    }
    if (change.hidden !== undefined) {
      const h = this.here.get(change.playerId);
      if (h) {
        h.hidden = change.hidden;
        void this.update(change.playerId);
      }
      return;
    }
    const w = this.watched.get(change.playerId);
    if (!w) return;
    if (change.part) w.parts.set(change.processId, change.part);
    else {
      w.parts.delete(change.processId);
      w.lastSeen = Math.max(w.lastSeen, change.at);
    }
    this.show(change.playerId, w);
  }

  /** A player's presence from every process's part: a part is as fresh as the last word of its process (said once, held for an hour, still true). */
  private presenceFrom(parts: ReadonlyMap<string, PresencePart>, lastSeen: number): FriendPresence {
    const fresh = [...parts].map(([processId, part]) => ({ ...part, at: Math.max(part.at, this.alive.get(processId) ?? 0) }));
    return presenceOf(fresh, lastSeen, this.now(), this.options.freshMs);
  }

  private show(playerId: string, w: Watched): void {
    const presence = this.presenceFrom(w.parts, w.lastSeen);
    if (samePresence(presence, w.shown)) return;
    w.shown = presence;
    this.deps.changed(playerId, presence);
  }

  /**
   * Say that this process is alive, and its parts again in their hashes (read by pages that begin
   * watching); show the watched without the parts of a process that stopped saying it is alive.
   */
  private async refresh(): Promise<void> {
    const { presence, processId } = this.deps;
    const now = this.now();
    try {
      await presence.publish(TOPIC, { playerId: '', processId, part: null, at: now, alive: true });
      if (!this.deps.alone)
        for (const [playerId, h] of this.here) {
          if (!h.part) continue;
          h.part = { ...h.part, at: now };
          await this.store(playerId, h.part);
        }
    } catch (err) {
      this.deps.log.warn({ event: 'presence-refresh-failed', err }, 'could not say the presence parts again');
    }
    for (const [playerId, w] of this.watched) this.show(playerId, w);
  }
}
