import type { FriendsAnswer, Invitation, InvitationsAnswer } from '@flightchess/protocol';
import type { OfferedSeat } from '../play/gameView';
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
 * answers arrive. With `seat`, during the game: the seat its player left, offered to them to take over
 * (the first to accept plays on in it).
 */
export function invitePanel(
  ctx: AppContext,
  roomId: string,
  seat?: OfferedSeat,
): { readonly el: HTMLElement; relabel(): void; dispose(): void } {
  const title = () => (seat ? t('takeOver.title', { name: seat.name }) : t('invite.title'));
  const el = h('section', {
    class: 'card friends-panel invite-panel',
    aria: { label: title() },
    data: { testid: seat ? 'take-over-panel' : 'invite-panel' },
  });
  const said = h('p', { class: 'friends-said', role: 'status' });
  let friends: FriendsAnswer | null = ctx.social.friends;
  let sent: InvitationsAnswer | null = ctx.social.invitations;

  const invite = async (playerId: string) => {
    const creds = ctx.net.credentials();
    if (!creds) return;
    try {
      await invitationsApi.invite(ctx.net, creds, playerId, roomId, seat?.colour);
      said.textContent = '';
    } catch (error) {
      said.textContent = errorMessage(failureOf(error).code);
    }
  };

  const render = () => {
    const here = (sent?.outgoing ?? []).filter((i) => i.roomId === roomId && i.table.seat?.colour === seat?.colour);
    const latest = new Map<string, Invitation>();
    for (const i of here) if (!latest.has(i.to.playerId)) latest.set(i.to.playerId, i);
    const online = (friends?.friends ?? []).filter(
      // Not those who play here; those who watch may be asked (to sit, or to take a seat over).
      (f) =>
        f.presence.state !== 'offline' &&
        (f.presence.table?.roomId !== roomId || f.presence.state === 'watching') &&
        f.playerId !== seat?.leftBy,
    );
    fill(
      el,
      h('h2', { text: title() }),
      seat ? h('p', { class: 'muted', text: t('takeOver.explain') }) : null,
      online.length === 0
        ? h('p', { class: 'muted', text: t(seat ? 'takeOver.none' : 'invite.none') })
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
