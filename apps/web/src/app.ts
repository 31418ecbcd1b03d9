import type { OfflineStore } from './saves/offlineStore';
import type { Route } from './router';
import type { Prefs } from './ui/prefs';
import type { NetSession } from './online/netSession';
import type { SocialLink } from './online/socialLink';
import type { VisibleWord } from './online/visibleWord';

/** What every screen may use: navigation, announcements, the status banner, stored settings, the network. */
export interface AppContext {
  navigate(route: Route): void;
  /** Speak through the ARIA live region. */
  announce(text: string): void;
  /** The banner above the screen (connection trouble); null hides it. */
  status(text: string | null, tone?: 'info' | 'warn'): void;
  readonly prefs: Prefs;
  readonly offline: OfflineStore;
  readonly net: NetSession;
  /** The player's friends and their presence, live while the page is open. */
  readonly social: SocialLink;
  /** Tells the server whether this page is visible (no push while it is); woken when a device opts in. */
  readonly visible: Pick<VisibleWord, 'wake'>;
  /** A place in the top bar for the current screen's own buttons (emptied when the screen changes). */
  readonly tools: HTMLElement;
  /** Animation duration multiplier (`?fast=1` in tests). */
  readonly speed: number;
  /** Pause before offline bots act. */
  readonly botDelayMs: number;
}
