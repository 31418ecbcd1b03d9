import type { Presence } from '@colyseus/core';
import type { FriendPresence, FriendsAnswer, SocialEvent } from '@flightchess/protocol';
import type { Logger } from 'pino';
import type { PresenceBoard } from './presenceBoard';

/** Every process hears whose friends changed (Redis pub/sub; in-process with one process). */
const FRIENDS_TOPIC = 'flightchess:friends-changed';
/** …and whose other feeds (invitations) changed. */
const FEEDS_TOPIC = 'flightchess:feeds-changed';
/** …and an event for some players' pages, whole (their settings). */
const TOLD_TOPIC = 'flightchess:told';
/** …and which page said it is still there (its stream may be held by another process). */
const HERE_TOPIC = 'flightchess:page-here';

/**
 * A page that names itself must say it is there this often at least (`POST /api/me/here`), or its stream
 * is dropped: a link that went silent (a phone in a tunnel) holds a TCP connection that the server's
 * writes do not break for many minutes, and the player would show online all that time. A page says it
 * every 30 s; a background tab's timers may be held to once a minute.
 */
export const PAGE_SILENT_MS = 120_000;

/** Something else a page is sent when it opens and after each change: read for its player where the page is. */
export type Feed = (playerId: string) => Promise<SocialEvent>;

/** An event as the stream carries it: one `data:` line (its JSON has no line breaks), then a blank line. */
export const frameOf = (event: SocialEvent): string => `data: ${JSON.stringify(event)}\n\n`;

/** A player's open page, as its event stream reaches it. */
export interface Page {
  readonly playerId: string;
  /** The page's own name for itself: it then says it is there (`here`) or is dropped; none, it stays while its connection does. */
  readonly id?: string;
  /** One server-sent event, as written on the stream (`frameOf`). */
  write(frame: string): void;
  /** Close the stream (a newer page took its place, or the server stops). */
  end(): void;
  /** Cut the stream at once (the page stopped saying it is there: nobody reads it). */
  drop(): void;
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
  private readonly feeds = new Map<string, Feed>();
  /** When each page that names itself last said it is there. */
  private readonly heardAt = new Map<Page, number>();
  private sweeper: NodeJS.Timeout | null = null;
  private readonly heard = (playerIds: unknown) => {
    if (Array.isArray(playerIds)) for (const id of playerIds) if (typeof id === 'string' && this.pages.has(id)) void this.resend(id);
  };
  private readonly heardFeed = (message: unknown) => {
    const { feed, playerIds } = (message ?? {}) as { feed?: unknown; playerIds?: unknown };
    const read = typeof feed === 'string' ? this.feeds.get(feed) : undefined;
    if (read) for (const page of this.pagesOf(playerIds)) void this.sendFeed(page, read);
  };
  private readonly heardHere = (message: unknown) => {
    const { playerId, page } = (message ?? {}) as { playerId?: unknown; page?: unknown };
    for (const p of this.pagesOf([playerId])) if (p.id === page) this.heardAt.set(p, Date.now());
  };
  private readonly heardTold = (message: unknown) => {
    const { event, playerIds } = (message ?? {}) as { event?: SocialEvent; playerIds?: unknown };
    if (!event) return;
    const frame = frameOf(event);
    for (const page of this.pagesOf(playerIds)) page.write(frame);
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
    await this.presence.subscribe(FEEDS_TOPIC, this.heardFeed);
    await this.presence.subscribe(TOLD_TOPIC, this.heardTold);
    await this.presence.subscribe(HERE_TOPIC, this.heardHere);
    this.sweeper = setInterval(() => this.sweep(), PAGE_SILENT_MS / 8).unref();
  }

  /** Another feed every page is sent when it opens and after each change (call before serving). */
  addFeed(name: string, read: Feed): void {
    this.feeds.set(name, read);
  }

  /** The feed changed for these players: every process sends it to their open pages again. */
  async feedChanged(name: string, playerIds: readonly string[]): Promise<void> {
    await this.presence.publish(FEEDS_TOPIC, { feed: name, playerIds });
  }

  /** The player's page named `pageId` is still there (on whichever process holds its stream). */
  async here(playerId: string, pageId: string): Promise<void> {
    await this.presence.publish(HERE_TOPIC, { playerId, page: pageId });
  }

  /** Every process sends these players' open pages this event (nothing is read again for it). */
  async tell(playerIds: readonly string[], event: SocialEvent): Promise<void> {
    await this.presence.publish(TOLD_TOPIC, { playerIds, event });
  }

  /** Close every page (the server stops). */
  stop(): void {
    this.presence.unsubscribe(FRIENDS_TOPIC, this.heard);
    this.presence.unsubscribe(FEEDS_TOPIC, this.heardFeed);
    this.presence.unsubscribe(TOLD_TOPIC, this.heardTold);
    this.presence.unsubscribe(HERE_TOPIC, this.heardHere);
    if (this.sweeper) clearInterval(this.sweeper);
    for (const pages of this.pages.values()) for (const page of [...pages]) page.end();
  }

  /** A page opened: it is sent the friends at once, then what changes. */
  async open(page: Page): Promise<void> {
    let pages = this.pages.get(page.playerId);
    if (!pages) this.pages.set(page.playerId, (pages = new Set()));
    if (pages.size >= PAGES_PER_PLAYER) [...pages][0]!.end();
    pages.add(page);
    if (page.id !== undefined) this.heardAt.set(page, Date.now());
    this.watching.set(page, new Set());
    this.board.pageOpened(page.playerId);
    await this.sendFriends(page);
    for (const read of this.feeds.values()) await this.sendFeed(page, read);
  }

  close(page: Page): void {
    const pages = this.pages.get(page.playerId);
    if (!pages?.delete(page)) return;
    if (pages.size === 0) this.pages.delete(page.playerId);
    this.heardAt.delete(page);
    this.follow(page, new Set());
    this.watching.delete(page);
    this.board.pageClosed(page.playerId);
  }

  /** A watched player's presence changed (PresenceBoard). */
  presenceChanged(playerId: string, presence: FriendPresence): void {
    const pages = this.watchers.get(playerId);
    if (!pages) return;
    // Written once for all of them: one change goes to as many pages as the player has friends online.
    const frame = frameOf({ type: 'presence', playerId, presence });
    for (const page of pages) page.write(frame);
  }

  /** These players' friends or requests changed: every process sends their open pages the friends again. */
  async friendsChanged(playerIds: readonly string[]): Promise<void> {
    await this.presence.publish(FRIENDS_TOPIC, playerIds);
  }

  /** Drop the pages that have not said they are there for PAGE_SILENT_MS: their player goes offline as if they had closed. */
  private sweep(): void {
    const since = Date.now() - PAGE_SILENT_MS;
    for (const [page, at] of this.heardAt) {
      if (at >= since) continue;
      this.log.info({ event: 'page-silent', playerId: page.playerId }, 'a page stopped saying it is there: its stream is dropped');
      page.drop();
      this.close(page);
    }
  }

  /** The open pages here of the players a message names (anything else in it names nobody). */
  private *pagesOf(playerIds: unknown): Iterable<Page> {
    if (!Array.isArray(playerIds)) return;
    for (const id of playerIds) if (typeof id === 'string') yield* this.pages.get(id) ?? [];
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
      page.write(frameOf({ type: 'friends', friends }));
    } catch (err) {
      this.log.error({ event: 'friends-send-failed', playerId: page.playerId, err }, "could not send a page its player's friends");
    }
  }

  private async sendFeed(page: Page, read: Feed): Promise<void> {
    try {
      const event = await read(page.playerId);
      if (this.watching.has(page)) page.write(frameOf(event));
    } catch (err) {
      this.log.error({ event: 'feed-send-failed', playerId: page.playerId, err }, 'could not send a page a feed');
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
