import type { Presence } from '@colyseus/core';
import type { FriendPresence, FriendsAnswer, SocialEvent } from '@flightchess/protocol';
import type { Logger } from 'pino';
import type { PresenceBoard } from './presenceBoard';

/** Every process hears whose friends changed (Redis pub/sub; in-process with one process). */
const FRIENDS_TOPIC = 'flightchess:friends-changed';

/** A player's open page, as its event stream reaches it. */
export interface Page {
  readonly playerId: string;
  send(event: SocialEvent): void;
  /** Close the stream (a newer page took its place, or the server stops). */
  end(): void;
}

/** Pages one player may have open on one process: a newer one closes the oldest. */
export const PAGES_PER_PLAYER = 8;

/**
 * The open pages of this process's players and what each is shown: the friends when it opens and after
 * each change of them (wherever it was made), and each friend's presence as it changes — and nothing
 * about anyone else.
 */
export class LiveEvents {
  private readonly pages = new Map<string, Set<Page>>();
  /** The friends each page watches. */
  private readonly watching = new Map<Page, Set<string>>();
  /** The pages watching each player. */
  private readonly watchers = new Map<string, Set<Page>>();
  private readonly heard = (playerIds: unknown) => {
    if (Array.isArray(playerIds)) for (const id of playerIds) if (typeof id === 'string' && this.pages.has(id)) void this.resend(id);
  };

  constructor(
    private readonly presence: Presence,
    private readonly board: Pick<PresenceBoard, 'watch' | 'unwatch' | 'pageOpened' | 'pageClosed'>,
    /** The page's friends as they are, with presences from `watch`. */
    private readonly friendsOf: (
      playerId: string,
      presences: (friends: { playerId: string; lastSeen: number }[]) => Promise<Map<string, FriendPresence>>,
    ) => Promise<FriendsAnswer>,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await this.presence.subscribe(FRIENDS_TOPIC, this.heard);
  }

  /** Close every page (the server stops). */
  stop(): void {
    this.presence.unsubscribe(FRIENDS_TOPIC, this.heard);
    for (const pages of this.pages.values()) for (const page of [...pages]) page.end();
  }

  /** A page opened: it is sent the friends at once, then what changes. */
  async open(page: Page): Promise<void> {
    let pages = this.pages.get(page.playerId);
    if (!pages) this.pages.set(page.playerId, (pages = new Set()));
    if (pages.size >= PAGES_PER_PLAYER) [...pages][0]!.end();
    pages.add(page);
    this.watching.set(page, new Set());
    this.board.pageOpened(page.playerId);
    await this.sendFriends(page);
  }

  close(page: Page): void {
    const pages = this.pages.get(page.playerId);
    if (!pages?.delete(page)) return;
    if (pages.size === 0) this.pages.delete(page.playerId);
    this.follow(page, new Set());
    this.watching.delete(page);
    this.board.pageClosed(page.playerId);
  }

  /** A watched player's presence changed (PresenceBoard). */
  presenceChanged(playerId: string, presence: FriendPresence): void {
    for (const page of this.watchers.get(playerId) ?? []) page.send({ type: 'presence', playerId, presence });
  }

  /** These players' friends or requests changed: every process sends their open pages the friends again. */
  async friendsChanged(playerIds: readonly string[]): Promise<void> {
    await this.presence.publish(FRIENDS_TOPIC, playerIds);
  }

  private async resend(playerId: string): Promise<void> {
    for (const page of this.pages.get(playerId) ?? []) await this.sendFriends(page);
  }

  private async sendFriends(page: Page): Promise<void> {
    try {
      let watched = new Set<string>();
      const friends = await this.friendsOf(page.playerId, async (list) => {
        const found = await this.board.watch(list);
        watched = new Set(found.keys());
        return found;
      });
      // Closed while its friends were read: what it began watching is let go again.
      if (!this.watching.has(page)) return this.board.unwatch(watched);
      this.follow(page, watched);
      page.send({ type: 'friends', friends });
    } catch (err) {
      this.log.error({ event: 'friends-send-failed', playerId: page.playerId, err }, "could not send a page its player's friends");
    }
  }

  /** The page watches `next` from now on (each already counted by the board for it); what it watched before is let go. */
  private follow(page: Page, next: Set<string>): void {
    const before = this.watching.get(page) ?? new Set<string>();
    for (const id of before) {
      const pages = this.watchers.get(id);
      pages?.delete(page);
      if (pages?.size === 0) this.watchers.delete(id);
    }
    this.board.unwatch(before);
    for (const id of next) {
      let pages = this.watchers.get(id);
      if (!pages) this.watchers.set(id, (pages = new Set()));
      pages.add(page);
    }
    if (this.watching.has(page)) this.watching.set(page, next);
  }
}
