import type { Notice } from '@flightchess/protocol';
import type { Storage } from '../repositories';

/** Every page asks for the notice; one store read per process this often serves them all. */
const FRESH_MS = 5_000;

/**
 * The operator's notice on every page, kept in the store so that every process shows the
 * same one; a change made here shows at once on this process and within seconds on the others.
 */
export class Notices {
  private cached: { notice: Notice | null; until: number } | null = null;

  constructor(
    private readonly storage: Pick<Storage, 'notice' | 'setNotice'>,
    private readonly now: () => number = Date.now,
  ) {}

  async current(): Promise<Notice | null> {
    if (this.cached && this.cached.until > this.now()) return this.cached.notice;
    const notice = await this.storage.notice();
    this.cached = { notice, until: this.now() + FRESH_MS };
    return notice;
  }

  /** Set the notice (null clears it). */
  async set(text: string | null): Promise<Notice | null> {
    const notice = text === null ? null : { text, at: this.now() };
    await this.storage.setNotice(notice);
    this.cached = { notice, until: this.now() + FRESH_MS };
    return notice;
  }
}
