import type { Notification, NotificationsAnswer } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { failureOf } from '../online/netSession';
import { hashOf } from '../router';
import { fill, h } from '../ui/dom';
import { agoWords } from './presenceWords';

/** A bell drawn (an emoji would need a font the device may not have). */
function bellIcon(): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '20');
  svg.setAttribute('height', '20');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute(
    'd',
    'M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1z',
  );
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return svg;
}

/** What a notice says, and where it leads. */
function noticeLine(n: Notification): { text: string; href: string } {
  const name = n.from.nickname;
  if (n.kind === 'friend-request') return { text: t('bell.friendRequest', { name }), href: hashOf({ name: 'friends' }) };
  if (n.kind === 'friend-accepted') return { text: t('bell.friendAccepted', { name }), href: hashOf({ name: 'friends' }) };
  // A friend's game: watched in one tap when its table may be watched.
  if (n.kind === 'friend-playing')
    return { text: t('bell.friendPlaying', { name }), href: hashOf(n.roomId ? { name: 'watch', roomId: n.roomId } : { name: 'friends' }) };
  return { text: t('bell.invitation', { name }), href: hashOf({ name: 'friends' }) };
}

/**
 * The bell in the top bar, on every page: the unread count as the server pushes it (any device's reads
 * count), and the latest notices when tapped — opening them reads them all.
 */
export function showBell(before: HTMLElement, ctx: AppContext): { relabel(): void } {
  const count = h('span', { class: 'bell-count', data: { testid: 'bell-count' } });
  const button = h('button', { type: 'button', class: 'bell', data: { testid: 'bell' } }, bellIcon(), count);
  const list = h('div', { class: 'bell-list card', role: 'dialog', hidden: true, data: { testid: 'bell-list' } });
  before.before(button);
  button.after(list);
  let unread = 0;
  const relabel = () => {
    // A device with no player yet has no notices: the bell comes with the player.
    button.hidden = ctx.net.credentials() === null;
    count.textContent = unread > 0 ? String(unread) : '';
    count.hidden = unread === 0;
    button.setAttribute('aria-label', unread > 0 ? t('bell.unread', { n: unread }) : t('bell.label'));
  };
  const show = (answer: NotificationsAnswer) =>
    fill(
      list,
      h('h2', { text: t('bell.title') }),
      answer.notifications.length === 0
        ? h('p', { class: 'muted', text: t('bell.none') })
        : h(
            'ul',
            {},
            ...answer.notifications.map((n) => {
              const { text, href } = noticeLine(n);
              return h(
                'li',
                { class: n.read ? 'read' : 'unread', data: { testid: 'bell-item' } },
                h('a', { href, text, on: { click: () => (list.hidden = true) } }),
                h('span', { class: 'when', text: agoWords(Date.now() - n.at) }),
              );
            }),
          ),
    );
  button.addEventListener('click', () => {
    const creds = ctx.net.credentials();
    if (!list.hidden || !creds) return void (list.hidden = true);
    list.hidden = false;
    fill(list, h('p', { text: t('bell.loading') }));
    // Opened: every notice is read (the other pages' bells hear it too).
    void ctx.net
      .postAs<NotificationsAnswer>('/api/notifications/read', creds)
      .then(show, (error: unknown) => fill(list, h('p', { class: 'error', text: errorMessage(failureOf(error).code) })));
  });
  ctx.social.watchUnread((n) => {
    unread = n;
    relabel();
  });
  window.addEventListener('hashchange', () => {
    list.hidden = true;
    relabel();
  });
  return { relabel };
}
