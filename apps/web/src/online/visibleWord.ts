import { VISIBLE_RENEW_MS } from '@flightchess/protocol';
import type { NetSession } from './netSession';
import { newPageId } from './pageId';

type Net = Pick<NetSession, 'credentials' | 'api' | 'url'>;

/** Posts a JSON body that outlives the page (a page being closed is let go before a fetch of its would go out). */
export type Beacon = (url: string, body: string) => void;

const sendBeacon: Beacon = (url, body) => void navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));

/**
 * This page tells the server whether it is visible (POST /api/push/visible): nothing is pushed to a player
 * who looks at a page of theirs. Said when it changes and every 30 s while it stays visible — but not
 * again while the server says the player has no device to push to, until `wake` (a device opted in).
 */
export class VisibleWord {
  private readonly page = newPageId();
  private wanted = true;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saidVisible = false;

  constructor(
    private readonly net: Net,
    private readonly doc: Pick<Document, 'visibilityState' | 'addEventListener'> = document,
    private readonly beacon: Beacon = sendBeacon,
  ) {}

  start(): void {
    this.doc.addEventListener('visibilitychange', () => this.say());
    // A page closed or left may not say it is hidden first (a tab closed in some browsers).
    this.doc.addEventListener('pagehide', () => this.say(false));
    this.say();
  }

  /** The player has a device to push to now (this page subscribed it): say again. */
  wake(): void {
    this.wanted = true;
    this.say();
  }

  private say(shown = this.doc.visibilityState === 'visible'): void {
    clearTimeout(this.timer);
    const creds = this.net.credentials();
    // Hidden is said only after visible was (the server holds nothing else for this page).
    if (!creds || (shown ? !this.wanted : !this.saidVisible)) return;
    this.saidVisible = shown;
    const body = JSON.stringify({ playerId: creds.playerId, secret: creds.secret, page: this.page, visible: shown });
    // Hidden may be the last word of a page going away: a beacon, which needs no answer.
    if (!shown) return this.beacon(this.net.url('/api/push/visible'), body);
    void this.net.api<{ wanted: boolean }>('/api/push/visible', { method: 'POST', body }).then(
      (answer) => {
        this.wanted = answer.wanted;
        if (answer.wanted) this.timer = setTimeout(() => this.say(), VISIBLE_RENEW_MS);
      },
      // The link is down: said again a little later.
      () => (this.timer = setTimeout(() => this.say(), VISIBLE_RENEW_MS)),
    );
  }
}
