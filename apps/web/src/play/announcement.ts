/** The words for the ARIA live region that say what an update's events were, as soon as they happened. */
import { eventLines } from './eventWords';
import type { GameUpdate } from './types';

/** What happened, in one line for the screen reader (the caption's words); null when nothing worth saying did. */
export function announcementOf(update: GameUpdate): string | null {
  const lines = eventLines(update.events, update.view);
  return lines.length > 0 ? lines.join(' ') : null;
}
