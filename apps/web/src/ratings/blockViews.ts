import type { BlockedPlayer } from '@flightchess/protocol';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import type { BlockList } from '../online/blocks';
import { failureOf } from '../online/netSession';
import { h } from '../ui/dom';
import { hashOf } from '../router';

/** Block or unblock, then `done` (a redraw); a refusal is said under the button. */
function toggle(blocks: BlockList, player: BlockedPlayer, note: HTMLElement, done: () => void): void {
  const on = !blocks.has(player.playerId);
  blocks.set(player.playerId, on).then(done, (e: unknown) => {
    note.textContent = t('block.failed', { reason: errorMessage(failureOf(e).code) });
  });
}

/** Another player's profile: block them (or unblock), with what it does. */
export function blockButton(blocks: BlockList, player: BlockedPlayer, redraw: () => void): HTMLElement {
  const note = h('p', { class: 'note', role: 'status', text: t('block.hint') });
  const blocked = blocks.has(player.playerId);
  return h(
    'section',
    { class: 'card block-card' },
    h('button', {
      class: blocked ? 'on' : '',
      text: t(blocked ? 'block.unblock' : 'block.block', { name: player.nickname }),
      aria: { pressed: String(blocked) },
      data: { testid: 'block-player' },
      on: { click: () => toggle(blocks, player, note, redraw) },
    }),
    note,
  );
}

/** The own profile: the players blocked, each with unblock. */
export function blockedList(blocks: BlockList, blocked: readonly BlockedPlayer[], redraw: () => void): HTMLElement {
  const note = h('p', { class: 'note', role: 'status' });
  const still = blocked.filter((b) => blocks.has(b.playerId));
  return h(
    'section',
    { class: 'card', data: { testid: 'blocked-players' } },
    h('h2', { text: t('block.title') }),
    still.length === 0
      ? h('p', { class: 'note', text: t('block.none') })
      : h(
          'ul',
          { class: 'blocked-list' },
          ...still.map((b) =>
            h(
              'li',
              {},
              h('a', { href: hashOf({ name: 'profile', playerId: b.playerId }), text: b.nickname }),
              h('button', {
                text: t('block.unblock', { name: b.nickname }),
                data: { testid: `unblock-${b.playerId}` },
                on: { click: () => toggle(blocks, b, note, redraw) },
              }),
            ),
          ),
        ),
    note,
  );
}
