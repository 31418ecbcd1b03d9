import type { Notice, NoticeAnswer } from '@flightchess/protocol';
import './admin.css';
import { t } from '../i18n';
import type { NetSession } from '../online/netSession';
import { h } from '../ui/dom';

/** Without the stream (a proxy that cuts it, a browser without EventSource), how often a page asks. */
const POLL_MS = 30_000;

/**
 * The operator's notice ("维护：10 分钟后重启"), above every page, as the server has it: pushed to the
 * page as the operator changes it (GET /api/notice/stream), asked for on every navigation as well.
 * Offline, or on a server without one, nothing shows.
 */
export function showNotices(after: HTMLElement, net: Pick<NetSession, 'api' | 'url'>): { relabel(): void } {
  const label = h('span', { class: 'notice-label' });
  const text = h('span', { data: { testid: 'notice-text' } });
  const banner = h('div', { class: 'notice-banner', role: 'status', hidden: true, data: { testid: 'notice' } }, label, text);
  after.after(banner);
  const relabel = () => (label.textContent = t('admin.noticeLabel'));
  const show = (notice: Notice | null) => {
    banner.hidden = !notice;
    text.textContent = notice?.text ?? '';
  };
  // A static copy of the client (no game server) answers with its page, not JSON (null here): no notice then.
  const check = () =>
    net.api<NoticeAnswer | null>('/api/notice').then(
      (answer) => {
        show(answer?.notice ?? null);
        return answer ? ('served' as const) : ('static' as const);
      },
      () => 'unreachable' as const,
    );
  let polling = 0;
  const poll = () => (polling ||= window.setInterval(() => void check(), POLL_MS));
  const stream = () => {
    const events = new EventSource(net.url('/api/notice/stream'));
    events.onmessage = (event: MessageEvent<string>) => {
      window.clearInterval(polling);
      polling = 0;
      show((JSON.parse(event.data) as NoticeAnswer).notice);
    };
    // EventSource retries a dropped stream by itself; one refused for good is CLOSED.
    events.onerror = () => void (events.readyState === EventSource.CLOSED && poll());
  };
  relabel();
  // The stream is opened only where a game server answered: a static copy would refuse it with an error in the console.
  void check().then((found) => {
    if (found === 'served' && typeof EventSource === 'function') stream();
    else if (found === 'unreachable') poll();
  });
  window.addEventListener('hashchange', () => void check());
  return { relabel };
}
