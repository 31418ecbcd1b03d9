/** The "while you were away" line: how long a returning player was gone and what was played for them. */
import type { ServerMessages } from '@flightchess/protocol';
import { t } from '../i18n';
import { fill, h } from '../ui/dom';
import { spanOf } from '../ui/timeWords';

/** How long the "while you were away" line stays (it can be closed before). */
const RETURNED_SHOWN_MS = 30_000;
/** A blip this short, with nothing played meanwhile, is not worth a line: "已重新连接" says enough. */
const BLIP_SECONDS = 10;

/** What the player missed while away, after they took their seat back. */
export class ReturnedNote {
  readonly el = h('div', { class: 'returned', role: 'status', hidden: true, data: { testid: 'returned' } });
  private missed: ServerMessages['returned'] | null = null;
  private hideTimer: number | null = null;

  /** `announce`: the screen reader hears the line too. */
  constructor(private readonly announce: (text: string) => void) {}

  /** The player took their held seat back: say how long they were away and what was played for them. */
  show(missed: ServerMessages['returned']): void {
    if (missed.moves === 0 && missed.seconds < BLIP_SECONDS && !missed.forfeited) return;
    this.missed = missed;
    this.render();
    this.announce(returnedText(missed));
    if (this.hideTimer !== null) window.clearTimeout(this.hideTimer);
    this.hideTimer = window.setTimeout(() => this.clear(), RETURNED_SHOWN_MS);
  }

  /** Redraw in the current language. */
  render(): void {
    const missed = this.missed;
    this.el.hidden = missed === null;
    if (!missed) return fill(this.el);
    fill(
      this.el,
      h('span', { text: returnedText(missed) }),
      h('button', { class: 'dismiss', text: t('game.dismiss'), on: { click: () => this.clear() } }),
    );
  }

  dispose(): void {
    if (this.hideTimer !== null) window.clearTimeout(this.hideTimer);
  }

  /** Gone: closed by the player, timed out, or no longer true. */
  clear(): void {
    this.missed = null;
    this.render();
  }
}

function returnedText(missed: ServerMessages['returned']): string {
  const time = spanOf(missed.seconds);
  if (missed.forfeited) return t('game.returnedForfeited', { time });
  if (missed.moves === 0) return t('game.returnedNone', { time });
  return t(missed.moves === 1 ? 'game.returnedOne' : 'game.returned', { time, n: missed.moves });
}
