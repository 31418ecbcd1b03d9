import type { NoticeAnswer } from '@flightchess/protocol';
import './admin.css';
import { t } from '../i18n';
import type { NetSession } from '../net/netSession';
import { h } from '../ui/dom';

/** How often a page asks whether the operator's notice changed. */
const POLL_MS = 30_000;

/**
 * The operator's notice ("维护：10 分钟后重启"), above every page, as the server has it
 * (GET /api/notice): asked when the page opens, on every navigation and every half minute. Offline, or
 * on a server without one, nothing shows.
 */
export function showNotices(after: HTMLElement, net: Pick<NetSession, 'api'>): { relabel(): void } {
  const label = h('span', { class: 'notice-label' });
  const text = h('span', { data: { testid: 'notice-text' } });
  const banner = h('div', { class: 'notice-banner', role: 'status', hidden: true, data: { testid: 'notice' } }, label, text);
  after.after(banner);
  const relabel = () => (label.textContent = t('admin.noticeLabel'));
  // A static copy of the client (no game server) answers with its page, not JSON: no notice then.
  const check = () =>
    net
      .api<NoticeAnswer | null>('/api/notice')
      .then((answer) => {
        const notice = answer?.notice ?? null;
        banner.hidden = !notice;
        text.textContent = notice?.text ?? '';
      })
      .catch(() => undefined);
  relabel();
  void check();
  window.setInterval(() => void check(), POLL_MS);
  window.addEventListener('hashchange', () => void check());
  return { relabel };
}
