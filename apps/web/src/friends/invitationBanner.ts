import type { Invitation } from '@flightchess/protocol';
import type { SeatReservation } from 'colyseus.js';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { failureOf } from '../online/netSession';
import { clockOf } from '../ui/timeWords';
import { fill, h } from '../ui/dom';
import { invitationsApi } from './invitationsApi';

/**
 * An invitation to a table, above every page the moment it arrives: who calls, to what, how long it
 * waits; "Join" seats the player there in one tap (or sends them to watch a full table), "Decline"
 * tells the host. The newest pending one shows; it goes when answered or expired.
 */
export function showInvitations(after: HTMLElement, ctx: AppContext): { relabel(): void } {
  const banner = h('div', { class: 'invitation-banner', role: 'alert', hidden: true, data: { testid: 'table-invitation' } });
  after.after(banner);
  let shown: Invitation | null = null;
  let error = '';
  let busy = false;

  const join = async (i: Invitation) => {
    const creds = ctx.net.credentials();
    if (!creds || busy) return;
    busy = true;
    render();
    try {
      const accepted = await invitationsApi.accept(ctx.net, creds, i.id);
      const room = await ctx.net.takeReserved(accepted.seat as SeatReservation, accepted.watching);
      ctx.navigate(accepted.watching ? { name: 'watch', roomId: room.roomId } : { name: 'table', roomId: room.roomId });
      shown = null;
    } catch (e) {
      error = errorMessage(failureOf(e).code);
    }
    busy = false;
    render();
  };
  const decline = async (i: Invitation) => {
    const creds = ctx.net.credentials();
    if (!creds) return;
    try {
      await invitationsApi.decline(ctx.net, creds, i.id);
      shown = null;
    } catch (e) {
      error = errorMessage(failureOf(e).code);
    }
    render();
  };

  const render = () => {
    const i = shown;
    banner.hidden = !i && !error;
    if (!i) return fill(banner, error ? h('span', { text: error }) : null);
    const mode = i.table.teams ? t('friends.mode.teams') : t('friends.mode.players', { n: i.table.size });
    fill(
      banner,
      h(
        'span',
        { class: 'invitation-text' },
        h('strong', {
          text: i.table.seat
            ? t('takeOver.from', { name: i.from.nickname, seat: i.table.seat.name })
            : t('invite.from', { name: i.from.nickname }),
        }),
        h('span', { text: ` · ${mode} · ${clockOf(i.expiresAt - Date.now())}`, data: { testid: 'table-invitation-time' } }),
      ),
      h(
        'span',
        { class: 'invitation-buttons' },
        h('button', {
          class: 'primary small',
          text: i.table.seat ? t('takeOver.join') : t('invite.join'),
          disabled: busy,
          data: { testid: 'table-invitation-join' },
          on: { click: () => void join(i) },
        }),
        h('button', {
          class: 'small',
          text: t('friends.decline'),
          data: { testid: 'table-invitation-decline' },
          on: { click: () => void decline(i) },
        }),
      ),
      error ? h('span', { class: 'invitation-error', text: error }) : null,
    );
  };

  ctx.social.watchInvitations((answer) => {
    const pending = answer.incoming.filter((i) => i.expiresAt > Date.now());
    // A new one shows with no error from before; the one shown stays while it is pending.
    const next = pending.find((i) => i.id === shown?.id) ?? pending[0] ?? null;
    if (next?.id !== shown?.id) error = '';
    shown = next;
    render();
  });
  // The time left counts down; an invitation past its time goes.
  window.setInterval(() => {
    if (shown && shown.expiresAt <= Date.now()) shown = null;
    if (shown || !banner.hidden) render();
  }, 1_000);
  return { relabel: render };
}
