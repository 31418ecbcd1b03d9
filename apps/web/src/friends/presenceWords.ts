import type { FriendPresence, FriendRequestAnswer, PresenceTable } from '@flightchess/protocol';
import { t } from '../i18n';

const MINUTE = 60_000;

/** How long ago, roughly: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function agoWords(ms: number): string {
  if (ms < MINUTE) return t('friends.ago.now');
  if (ms < 60 * MINUTE) return t('friends.ago.minutes', { n: Math.floor(ms / MINUTE) });
  if (ms < 48 * 60 * MINUTE) return t('friends.ago.hours', { n: Math.floor(ms / (60 * MINUTE)) });
  return t('friends.ago.days', { n: Math.floor(ms / (24 * 60 * MINUTE)) });
}

const modeOf = (table: PresenceTable) => (table.teams ? t('friends.mode.teams') : t('friends.mode.players', { n: table.size }));

/** What a friend is doing, in words: "Playing · 4 players · 25% home", "Offline · seen 5 min ago". */
export function presenceWords(presence: FriendPresence, now: number): string {
  const { state, table } = presence;
  if (state === 'playing' && table) return t('friends.state.playing', { mode: modeOf(table), percent: Math.round(table.progress * 100) });
  if (state === 'waiting' && table) return t('friends.state.waiting', { mode: modeOf(table) });
  if (state === 'watching') return t('friends.state.watching');
  if (state === 'offline')
    return presence.since > 0 ? t('friends.state.lastSeen', { when: agoWords(now - presence.since) }) : t('friends.state.offline');
  return t('friends.state.online');
}

/** What a friend request came to: sent to whom, or friends already (the other had asked first). */
export function requestWords(answer: FriendRequestAnswer): string {
  if (answer.outcome === 'requested') return t('friends.sent', { name: answer.outgoing[0]?.nickname ?? '' });
  // The newest friend: the one just asked.
  const newest = [...answer.friends].sort((x, y) => y.since - x.since)[0];
  return t('friends.nowFriends', { name: newest?.nickname ?? '' });
}
