import type { PushPayload } from '@flightchess/protocol';

/** A push's words in each language the page speaks (the service worker has no page to ask). */
export const PUSH_WORDS = {
  'zh-CN': {
    title: '飞行棋',
    'friend-request': '{from} 想加你为好友',
    'friend-accepted': '{from} 接受了你的好友请求',
    invitation: '{from} 邀请你入座，2 分钟内有效',
    'friend-playing': '{from} 开始下棋了',
    summary: '你休息时来了 {n} 条通知',
  },
  en: {
    title: 'Flight Chess',
    'friend-request': '{from} wants to be your friend',
    'friend-accepted': '{from} accepted your friend request',
    invitation: '{from} invited you to a table (for 2 minutes)',
    'friend-playing': '{from} started a game',
    summary: '{n} notifications came while you slept',
  },
} as const;

export type PushWords = typeof PUSH_WORDS;

/**
 * The notification a push shows. Self-contained (it reads only its arguments): the service worker is
 * built with its source, beside PUSH_WORDS.
 */
export function pushText(words: PushWords, payload: PushPayload): { title: string; body: string } {
  const w = words[payload.lang === 'en' ? 'en' : 'zh-CN'];
  if (payload.kind === 'summary') {
    let n = 0;
    for (const count of Object.values(payload.counts)) n += count ?? 0;
    return { title: w.title, body: w.summary.replace('{n}', String(n)) };
  }
  return { title: w.title, body: w[payload.kind].replace('{from}', payload.from) };
}
