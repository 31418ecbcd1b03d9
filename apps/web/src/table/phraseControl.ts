import { QUICK_PHRASES, type QuickPhrase, type SeatFacts, type ServerMessages } from '@flightchess/protocol';
import type { Prefs } from '../ui/prefs';
import { t } from '../i18n';
import { fill, h } from '../ui/dom';
import type { BlockList } from '../online/blocks';
import { errorMessage } from '../i18n/errorMessages';
import { failureOf } from '../online/netSession';

/** How long a phrase stays by its speaker's seat. */
export const BUBBLE_MS = 4000;

export interface PhraseDeps {
  readonly prefs: Prefs;
  /** The seats as they are now, and the player this client is. */
  seats(): readonly SeatFacts[];
  me(): string;
  /** A watcher hears the phrases but says none (the server refuses them). */
  canSay(): boolean;
  say(phrase: QuickPhrase): void;
  announce(text: string): void;
  /** The players this one blocked (their phrases hidden, never quick-matched together), and blocking. */
  readonly blocks: BlockList;
}

export interface PhraseControl {
  /** The top-bar button with its menu and the bubbles. */
  readonly el: HTMLElement;
  show(said: ServerMessages['phrase']): void;
  /** The server refused a phrase for coming too fast. */
  tooFast(): void;
  relabel(): void;
  dispose(): void;
}

/**
 * Quick phrases at a table: a menu of the fixed phrases and of the other players to mute (remembered in
 * the browser) or block (kept by the server: quick play never seats them together either), and each
 * phrase said shown for a moment by the speaker's seat, wherever the lobby or the game screen draws it.
 */
export function phraseControl(deps: PhraseDeps): PhraseControl {
  const el = h('span', { class: 'phrases' });
  const toggle = h('button', { type: 'button', class: 'tool', data: { testid: 'phrases' }, on: { click: () => setOpen(menu.hidden) } });
  const menu = h('div', { class: 'phrase-menu', hidden: true, role: 'dialog', data: { testid: 'phrase-menu' } });
  const note = h('p', { class: 'phrase-note', role: 'status' });
  const bubbles = h('div', { class: 'phrase-bubbles' });
  const timers = new Set<number>();
  el.append(toggle, menu, bubbles);

  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (!open) return;
    note.textContent = '';
    render();
  };

  const render = () => {
    toggle.textContent = t('phrase.open');
    toggle.hidden = !deps.canSay();
    const muted = new Set(deps.prefs.mutedPlayers);
    const others = deps.seats().filter((s) => s.kind === 'human' && s.playerId !== deps.me());
    fill(
      menu,
      h(
        'div',
        { class: 'phrase-list' },
        ...QUICK_PHRASES.map((p) =>
          h('button', {
            type: 'button',
            text: t(`phrase.${p}`),
            data: { testid: `phrase-${p}` },
            on: {
              click: () => {
                deps.say(p);
                setOpen(false);
              },
            },
          }),
        ),
      ),
      others.length > 0
        ? h(
            'div',
            { class: 'phrase-mutes' },
            ...others.map((s) => {
              const off = muted.has(s.playerId);
              const blocked = deps.blocks.has(s.playerId);
              return h(
                'div',
                { class: 'phrase-player' },
                h('button', {
                  type: 'button',
                  class: off ? 'on' : '',
                  text: t(off ? 'phrase.unmute' : 'phrase.mute', { name: s.name }),
                  aria: { pressed: String(off) },
                  data: { testid: `mute-${s.colour}` },
                  on: {
                    click: () => {
                      deps.prefs.setMuted(s.playerId, !off);
                      render();
                    },
                  },
                }),
                h('button', {
                  type: 'button',
                  class: blocked ? 'on' : '',
                  text: t(blocked ? 'block.unblock' : 'block.block', { name: s.name }),
                  title: t('block.hint'),
                  aria: { pressed: String(blocked) },
                  data: { testid: `block-${s.colour}` },
                  on: { click: () => block(s.playerId, !blocked) },
                }),
              );
            }),
          )
        : null,
      note,
    );
  };

  const block = (playerId: string, on: boolean) =>
    deps.blocks.set(playerId, on).then(render, (e: unknown) => {
      note.textContent = t('block.failed', { reason: errorMessage(failureOf(e).code) });
    });

  const later = (ms: number, then: () => void) => {
    const id = window.setTimeout(() => {
      timers.delete(id);
      then();
    }, ms);
    timers.add(id);
  };

  const show = (said: ServerMessages['phrase']) => {
    if (deps.prefs.mutedPlayers.includes(said.playerId) || deps.blocks.has(said.playerId)) return;
    const speaker = deps.seats().find((s) => s.colour === said.seat);
    const text = t(`phrase.${said.phrase}`);
    deps.announce(t('phrase.said', { name: speaker?.name ?? '', phrase: text }));
    // By the seat in whichever view shows the seats now (lobby rows or the game's seat list).
    const seat = document.querySelector(`.lobby-seat[data-colour="${said.seat}"], .seats .seat[data-colour="${said.seat}"]`);
    const at = seat?.getBoundingClientRect();
    // In the game, under the whole seat panel (over the board's edge), in line with the speaker's chip:
    // just under the chip it would cover the name of the seat in the row below.
    const panel = seat?.closest('.seat-panel')?.getBoundingClientRect();
    const top = panel ? panel.bottom + 2 : at ? at.bottom - 6 : 56;
    for (const old of bubbles.querySelectorAll(`[data-colour="${said.seat}"]`)) old.remove();
    const bubble = h('div', {
      class: `phrase-bubble colour-${said.seat}`,
      text,
      role: 'status',
      data: { testid: 'phrase-bubble', colour: said.seat },
    });
    // Through the CSSOM: the page's Content-Security-Policy refuses inline style attributes.
    bubble.style.left = at ? `${Math.max(4, Math.min(at.left + 8, window.innerWidth - 180))}px` : '8px';
    bubble.style.top = `${top}px`;
    bubbles.append(bubble);
    later(BUBBLE_MS, () => bubble.remove());
  };

  const onOutside = (e: Event) => {
    if (!menu.hidden && !el.contains(e.target as Node)) setOpen(false);
  };
  document.addEventListener('click', onOutside);
  setOpen(false);
  render();

  return {
    el,
    show,
    tooFast() {
      setOpen(true);
      note.textContent = t('phrase.tooFast');
    },
    relabel: render,
    dispose() {
      document.removeEventListener('click', onOutside);
      for (const id of timers) window.clearTimeout(id);
      el.remove();
    },
  };
}
