import type { FriendPresence, FriendsAnswer, SocialEvent } from '@flightchess/protocol';
import { waitFor } from './players';

/** A player's open page as the server sees it: its event stream (POST /api/me/events), read as a browser reads it. */
export class PageEvents {
  readonly events: SocialEvent[] = [];
  private readonly controller = new AbortController();
  /** Resolves when the stream ends (the server closed it, or `close`). */
  readonly ended: Promise<void>;
  status = 0;

  constructor(baseUrl: string, credentials: { playerId: string; secret: string }) {
    this.ended = (async () => {
      try {
        const res = await fetch(`${baseUrl}/api/me/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(credentials),
          signal: this.controller.signal,
        });
        this.status = res.status;
        if (!res.ok || !res.body) return;
        const decoder = new TextDecoder();
        let buffered = '';
        for await (const chunk of res.body) {
          buffered += decoder.decode(chunk as Uint8Array, { stream: true });
          let end: number;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const frame = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            for (const line of frame.split('\n')) if (line.startsWith('data: ')) this.events.push(JSON.parse(line.slice(6)) as SocialEvent);
          }
        }
      } catch (error) {
        if (!this.controller.signal.aborted) throw error;
      }
    })();
  }

  /** The friends as last sent. */
  get friends(): FriendsAnswer | null {
    const last = this.events.filter((e) => e.type === 'friends').at(-1);
    return last?.type === 'friends' ? last.friends : null;
  }

  /** A friend's presence as the page knows it now: the last presence event, else the last list. */
  presenceOf(playerId: string): FriendPresence | null {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i]!;
      if (e.type === 'presence' && e.playerId === playerId) return e.presence;
      if (e.type === 'friends') return e.friends.friends.find((f) => f.playerId === playerId)?.presence ?? null;
    }
    return null;
  }

  /** Wait until the page shows the friend in this state; answers how long it took. */
  async seesState(playerId: string, state: FriendPresence['state'], timeoutMs = 10_000): Promise<number> {
    const started = Date.now();
    await waitFor(() => this.presenceOf(playerId)?.state === state, `${playerId} shown ${state}`, timeoutMs);
    return Date.now() - started;
  }

  close(): Promise<void> {
    this.controller.abort();
    return this.ended;
  }
}
