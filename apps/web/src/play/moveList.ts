import type { GameEvent } from '@flightchess/rules';
import { t } from '../i18n';
import { fill, h } from '../ui/dom';
import { type LiveMove, type MoveRow, addMoves, rowsJoined } from './moveRows';
import { rowWords } from './moveWords';
import type { GameSource } from './types';
import './moveList.css';

export interface MoveListOptions {
  /** Open at first (the replay, where the list is a way to move about); closed in play, below the controls. */
  readonly open: boolean;
  /** Rows are buttons that go to their move (the replay). */
  readonly pick?: (position: number) => void;
}

/**
 * The move list (lichess shows one everywhere): who rolled what, which plane, what came of it, newest at
 * the bottom. A collapsible panel in its own box, so that it never pushes the game's buttons down.
 */
export class MoveList {
  readonly el: HTMLDetailsElement;
  private readonly summary = h('summary', { data: { testid: 'move-list-toggle' } });
  private readonly list = h('ol', { class: 'move-rows' });
  private rows: MoveRow[] = [];
  /** The replay's position: the row it shows is marked. */
  private at: number | null = null;
  /** The rows as drawn, each the object its item was made from. */
  private drawn: MoveRow[] = [];
  /** The item marked as the replay's position. */
  private marked: Element | null = null;

  constructor(private readonly options: MoveListOptions) {
    this.el = h('details', { class: 'move-list', data: { testid: 'move-list' } }, this.summary, this.list);
    this.el.open = options.open;
    this.render();
  }

  /**
   * Add each update of a game in play as it comes; a game joined in progress (a watcher, a reload) first
   * gets the moves before, from its stored log. Updates that come meanwhile wait for it, and those it
   * already holds are not added twice.
   */
  follow(source: GameSource): () => void {
    let waiting: LiveMove[] | null = source.history ? [] : null;
    const stop = source.subscribe((update) => {
      const position = update.view.state.version;
      if (waiting) waiting.push({ events: update.events, position });
      else this.add(update.events, position);
    });
    const caughtUp = (history: readonly (readonly GameEvent[])[]) => {
      this.rows = rowsJoined(history, waiting ?? []);
      waiting = null;
      this.draw();
    };
    source.history?.().then(caughtUp, () => caughtUp([]));
    return stop;
  }

  add(events: readonly GameEvent[], position: number): void {
    if (!events.some((e) => e.type === 'rolled' || e.type === 'moved')) return;
    this.rows = addMoves(this.rows, events, position);
    this.draw();
    this.list.scrollTop = this.list.scrollHeight;
  }

  set(rows: readonly MoveRow[]): void {
    this.rows = [...rows];
    this.draw();
  }

  /** Mark the row a replay at `position` shows: the last one played by then. */
  showAt(position: number): void {
    this.at = position;
    this.mark();
  }

  /** Every row again, in the language now chosen. */
  render(): void {
    this.drawn = [];
    this.draw();
  }

  /**
   * Draw the rows that changed since the last draw (a move appends a row or fills in the last), so that a
   * long game or a replay at 16× does not rebuild and lay out hundreds of rows for every step.
   */
  private draw(): void {
    this.summary.textContent = t('moves.show', { n: this.rows.length });
    this.list.setAttribute('aria-label', t('moves.title'));
    if (this.rows.length === 0) {
      this.drawn = [];
      this.marked = null;
      return fill(this.list, h('li', { class: 'empty', text: t('moves.empty') }));
    }
    if (this.drawn.length === 0) this.list.replaceChildren();
    const items = this.list.children;
    this.rows.forEach((row, i) => {
      if (this.drawn[i] === row) return;
      const item = this.item(row);
      if (i < items.length) items[i]!.replaceWith(item);
      else this.list.append(item);
    });
    while (items.length > this.rows.length) items[items.length - 1]!.remove();
    this.drawn = [...this.rows];
    // A row drawn again lost its mark with its old item.
    if (this.marked?.parentNode !== this.list) this.marked = null;
    this.mark();
  }

  private item(row: MoveRow): HTMLLIElement {
    const text = rowWords(row);
    const { pick } = this.options;
    return h(
      'li',
      { class: `colour-${row.seat}`, data: { position: String(row.position) } },
      pick ? h('button', { text, title: t('moves.goTo'), on: { click: () => pick(row.position) } }) : text,
    );
  }

  /** Move the replay's mark to its row, touching only the row it leaves and the one it goes to. */
  private mark(): void {
    const at = this.at;
    const shown = at === null || this.drawn.length === 0 ? -1 : this.rows.filter((row) => row.position <= at).length - 1;
    const item = shown < 0 ? null : (this.list.children[shown] ?? null);
    if (item === this.marked) return;
    if (this.marked) {
      this.marked.classList.remove('current');
      this.marked.querySelector('button')?.removeAttribute('aria-current');
    }
    if (item) {
      item.classList.add('current');
      item.querySelector('button')?.setAttribute('aria-current', 'step');
    }
    this.marked = item;
  }
}
