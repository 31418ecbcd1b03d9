import type { TournamentCall } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { fill, h } from '../ui/dom';
import { hashOf } from '../router';

/**
 * The reader's table of a tournament's round under way, above every page but that table's the moment the
 * round opens it (the pages' event stream says so): its game has begun, so one tap takes them to it.
 */
export function showTournamentCalls(after: HTMLElement, ctx: AppContext): { relabel(): void } {
  const banner = h('div', { class: 'invitation-banner', role: 'alert', hidden: true, data: { testid: 'tournament-call' } });
  after.after(banner);
  let calls: readonly TournamentCall[] = [];
  const render = () => {
    const call = calls.find((c) => hashOf({ name: 'table', roomId: c.roomId }) !== location.hash);
    banner.hidden = !call;
    if (!call) return fill(banner);
    fill(
      banner,
      h(
        'span',
        { class: 'invitation-text' },
        h('strong', {
          text:
            call.format === 'arena'
              ? t('tournament.callArena', { name: call.name })
              : t('tournament.call', { name: call.name, round: call.round }),
        }),
      ),
      h('a', {
        class: 'button primary small',
        href: hashOf({ name: 'table', roomId: call.roomId }),
        text: t('tournament.play'),
        data: { testid: 'tournament-call-play' },
      }),
    );
  };
  ctx.social.watchTournamentTables((tables) => {
    calls = tables;
    render();
  });
  window.addEventListener('hashchange', render);
  return { relabel: render };
}
