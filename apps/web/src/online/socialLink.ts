import type { FriendsAnswer, InvitationsAnswer, SettingsAnswer, SocialEvent, TournamentCall } from '@flightchess/protocol';
import type { NetSession } from '../online/netSession';
import { EventFrames } from './eventFrames';
import { newPageId } from './pageId';

/** How long before the stream is asked for again after it dropped: 0.5 s, doubling up to 8 s. */
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 8_000;
/** The page says it is still there this often (the server drops a page's stream silent for 2 minutes: PAGE_SILENT_MS). */
const HERE_EVERY_MS = 30_000;

/** What the link needs of the page: who the player is, and the server's address. */
export type SocialNet = Pick<NetSession, 'credentials' | 'url'>;

/**
 * This page's live line to its player's friends (POST /api/me/events): the friends, their requests and
 * their presence as the server pushes them. It opens once the device has a player, comes back by
 * itself when it drops, and stops for good when the server refuses the credentials (signed out). It
 * says every 30 s that it is there: a page whose link went silent is then shown offline to the friends.
 */
export class SocialLink {
  private answer: FriendsAnswer | null = null;
  private readonly listeners = new Set<(friends: FriendsAnswer) => void>();
  private calls: InvitationsAnswer | null = null;
  private bell = 0;
  private readonly bellListeners = new Set<(unread: number) => void>();
  private readonly callListeners = new Set<(invitations: InvitationsAnswer) => void>();
  private tables: readonly TournamentCall[] = [];
  private readonly tableListeners = new Set<(tables: readonly TournamentCall[]) => void>();
  private running: { playerId: string; abort: AbortController } | null = null;
  private retryMs = FIRST_RETRY_MS;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private here: ReturnType<typeof setInterval> | undefined;
  private readonly pageId = newPageId();

  constructor(
    private readonly net: SocialNet,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
  ) {}

  /** The friends as last told (null before the stream's first word). */
  get friends(): FriendsAnswer | null {
    return this.answer;
  }

  /** Called with the friends at once (when known) and after each change; the answer stops it. */
  watch(listener: (friends: FriendsAnswer) => void): () => void {
    this.listeners.add(listener);
    if (this.answer) listener(this.answer);
    return () => this.listeners.delete(listener);
  }

  /** The invitations as last told (null before the stream's first word). */
  get invitations(): InvitationsAnswer | null {
    return this.calls;
  }

  /** Called with the invitations at once (when known) and after each change; the answer stops it. */
  watchInvitations(listener: (invitations: InvitationsAnswer) => void): () => void {
    this.callListeners.add(listener);
    if (this.calls) listener(this.calls);
    return () => this.callListeners.delete(listener);
  }

  /** Called with the player's tables of tournament rounds under way at once and after each change; the answer stops it. */
  watchTournamentTables(listener: (tables: readonly TournamentCall[]) => void): () => void {
    this.tableListeners.add(listener);
    listener(this.tables);
    return () => this.tableListeners.delete(listener);
  }

  /** Called with the bell's unread count at once and after each change; the answer stops it. */
  watchUnread(listener: (unread: number) => void): () => void {
    this.bellListeners.add(listener);
    listener(this.bell);
    return () => this.bellListeners.delete(listener);
  }

  /** Open the stream when the device has a player and it is not open for that player already. */
  ensure(): void {
    const creds = this.net.credentials();
    if (this.running && this.running.playerId === creds?.playerId) return;
    this.stop();
    if (!creds) return;
    const abort = new AbortController();
    this.running = { playerId: creds.playerId, abort };
    void this.read(creds.playerId, creds.secret, abort);
    const said = JSON.stringify({ playerId: creds.playerId, secret: creds.secret, page: this.pageId });
    this.here = setInterval(() => {
      // Not heard: the stream is dropped, and the page's own retry opens it again when the link is back.
      this.fetchFn(this.net.url('/api/me/here'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: said }).catch(
        () => undefined,
      );
    }, HERE_EVERY_MS);
  }

  /** An answer of the JSON API that changed the friends or the settings: shown at once (the stream says the same a moment later). */
  told(answer: FriendsAnswer | SettingsAnswer): void {
    if ('friends' in answer) this.set(answer);
    else if (this.answer) this.set({ ...this.answer, settings: answer.settings });
  }

  stop(): void {
    clearTimeout(this.retry);
    clearInterval(this.here);
    this.running?.abort.abort();
    this.running = null;
    this.answer = null;
    this.calls = null;
    this.bell = 0;
    this.tables = [];
    for (const listener of this.bellListeners) listener(0);
    for (const listener of this.tableListeners) listener([]);
  }

  private async read(playerId: string, secret: string, abort: AbortController): Promise<void> {
    let refused = false;
    try {
      const res = await this.fetchFn(this.net.url('/api/me/events'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ playerId, secret, page: this.pageId }),
        signal: abort.signal,
      });
      refused = res.status === 401;
      if (res.ok && res.body) {
        const frames = new EventFrames();
        const decoder = new TextDecoder();
        const reader = res.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          this.retryMs = FIRST_RETRY_MS;
          for (const data of frames.feed(decoder.decode(value, { stream: true }))) this.apply(JSON.parse(data) as SocialEvent);
        }
      }
    } catch {
      // Dropped (or aborted): tried again below unless it was stopped.
    }
    if (abort.signal.aborted || this.running?.abort !== abort) return;
    if (refused) {
      clearInterval(this.here);
      this.running = null;
      return;
    }
    this.retry = setTimeout(() => {
      if (this.running?.abort === abort) void this.read(playerId, secret, abort);
    }, this.retryMs);
    this.retryMs = Math.min(LAST_RETRY_MS, this.retryMs * 2);
  }

  private apply(event: SocialEvent): void {
    if (event.type === 'friends') return this.set(event.friends);
    if (event.type === 'notifications') {
      this.bell = event.unread;
      for (const listener of this.bellListeners) listener(event.unread);
      return;
    }
    if (event.type === 'invitations') {
      this.calls = event.invitations;
      for (const listener of this.callListeners) listener(event.invitations);
      return;
    }
    if (event.type === 'tournamentTables') {
      this.tables = event.tables;
      for (const listener of this.tableListeners) listener(event.tables);
      return;
    }
    if (!this.answer) return;
    if (event.type === 'settings') return this.set({ ...this.answer, settings: event.settings });
    const friends = this.answer.friends.map((f) => (f.playerId === event.playerId ? { ...f, presence: event.presence } : f));
    this.set({ ...this.answer, friends });
  }

  private set(friends: FriendsAnswer): void {
    this.answer = friends;
    for (const listener of this.listeners) listener(friends);
  }
}
