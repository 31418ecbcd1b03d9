import type { FriendsAnswer, Invitation, InvitationsAnswer } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { failureOf } from '../online/netSession';
import { fill, h } from '../ui/dom';
import { invitationsApi } from './invitationsApi';

/** What the host is shown of an invitation sent to this table. */
const statusWords = (i: Invitation) => t(`invite.status.${i.status}`);

/**
 * At the table the player sits at, before its game: the friends who are on the site (not at this table),
 * each invited in one tap — the invitation carries the right to sit, no code needed — and what became of
 * each invitation sent to this table (waiting, accepted, declined, expired). Live: friends come and go,
 * answers arrive.
 */
export function invitePanel(ctx: AppContext, roomId: string): { readonly el: HTMLElement; relabel(): void; dispose(): void } {
  const el = h('section', {
    class: 'card friends-panel invite-panel',
    aria: { label: t('invite.title') },
    data: { testid: 'invite-panel' },
  });
  const said = h('p', { class: 'friends-said', role: 'status' });
  let friends: FriendsAnswer | null = ctx.social.friends;
  let sent: InvitationsAnswer | null = ctx.social.invitations;

  const invite = async (playerId: string) => {
    const creds = ctx.net.credentials();
    if (!creds) return;
    try {
      await invitationsApi.invite(ctx.net, creds, playerId, roomId);
      said.textContent = '';
    } catch (error) {
      said.textContent = errorMessage(failureOf(error).code);
    }
  };

  const render = () => {
    const here = (sent?.outgoing ?? []).filter((i) => i.roomId === roomId);
    const latest = new Map<string, Invitation>();
    for (const i of here) if (!latest.has(i.to.playerId)) latest.set(i.to.playerId, i);
    const online = (friends?.friends ?? []).filter((f) => f.presence.state !== 'offline' && f.presence.table?.roomId !== roomId);
    fill(
      el,
      h('h2', { text: t('invite.title') }),
      online.length === 0
        ? h('p', { class: 'muted', text: t('invite.none') })
        : h(
            'ul',
            { class: 'friend-list' },
            ...online.map((f) => {
              const last = latest.get(f.playerId);
              return h(
                'li',
                { class: `friend ${f.presence.state}`, data: { testid: 'invite-friend' } },
                h('span', { class: 'presence-dot', aria: { hidden: 'true' } }),
                h(
                  'span',
                  { class: 'friend-text' },
                  h('span', { class: 'friend-name', text: f.nickname }),
                  last ? h('span', { class: 'friend-state', text: statusWords(last), data: { testid: 'invite-status' } }) : null,
                ),
                last?.status === 'pending'
                  ? null
                  : h('button', {
                      class: 'small primary',
                      text: t('invite.button'),
                      data: { testid: 'invite-button' },
                      on: { click: () => void invite(f.playerId) },
                    }),
              );
            }),
          ),
      said,
    );
  };
  const stops = [
    ctx.social.watch((answer) => {
      friends = answer;
      render();
    }),
    ctx.social.watchInvitations((answer) => {
      sent = answer;
      render();
    }),
  ];
  render();
  return { el, relabel: render, dispose: () => stops.forEach((stop) => stop()) };
}
