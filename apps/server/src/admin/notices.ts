import type { Presence } from '@colyseus/core';
import type { Notice } from '@flightchess/protocol';
import type { AdminStorage } from './adminRepository';

/** A page that asks for the notice without its stream: one store read per process this often serves them all. */
const FRESH_MS = 5_000;
/** Every process hears a change on this topic (Redis across a cluster), its own included. */
const TOPIC = 'notice';

/** An open page's stream: told each change, ended when the process stops. */
export interface NoticeWatcher {
  changed(notice: Notice | null): void;
  end(): void;
}

/**
 * The operator's notice on every page, kept in the store so that every process shows the same one.
 * A change is published to every process, which pushes it to the pages it streams to
 * (`GET /api/notice/stream`): an open page shows it within a moment, whichever process it reads from.
 */
export class Notices {
  private cached: { notice: Notice | null; until: number } | null = null;
  private readonly watchers = new Set<NoticeWatcher>();
  private readonly heard = (notice: Notice | null) => {
    this.cached = { notice, until: this.now() + FRESH_MS };
    for (const w of this.watchers) w.changed(notice);
  };

  constructor(
    private readonly storage: Pick<AdminStorage, 'notice' | 'setNotice'>,
    private readonly presence: Pick<Presence, 'publish' | 'subscribe' | 'unsubscribe'>,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    await this.presence.subscribe(TOPIC, this.heard);
  }

  /** No more changes heard; every stream ends (the pages' EventSource reconnects to another process). */
  stop(): void {
    void Promise.resolve(this.presence.unsubscribe(TOPIC, this.heard)).catch(() => undefined);
    for (const w of this.watchers) w.end();
    this.watchers.clear();
  }

  async current(): Promise<Notice | null> {
    if (this.cached && this.cached.until > this.now()) return this.cached.notice;
    const notice = await this.storage.notice();
    this.cached = { notice, until: this.now() + FRESH_MS };
    return notice;
  }

  /** Set the notice (null clears it), and tell every process. */
  async set(text: string | null): Promise<Notice | null> {
    const notice = text === null ? null : { text, at: this.now() };
    await this.storage.setNotice(notice);
    this.cached = { notice, until: this.now() + FRESH_MS };
    await this.presence.publish(TOPIC, notice);
    return notice;
  }

  /** Follow the changes until the returned function is called. */
  watch(watcher: NoticeWatcher): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }
}
