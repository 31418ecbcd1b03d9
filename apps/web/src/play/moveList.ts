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
      this.render();
    };
    source.history?.().then(caughtUp, () => caughtUp([]));
    return stop;
  }

  add(events: readonly GameEvent[], position: number): void {
    if (!events.some((e) => e.type === 'rolled' || e.type === 'moved')) return;
    this.rows = addMoves(this.rows, events, position);
    this.render();
    this.list.scrollTop = this.list.scrollHeight;
  }

  set(rows: readonly MoveRow[]): void {
    this.rows = [...rows];
    this.render();
  }

  /** Mark the row a replay at `position` shows: the last one played by then. */
  showAt(position: number): void {
    this.at = position;
    this.render();
  }

  render(): void {
    this.summary.textContent = t('moves.show', { n: this.rows.length });
    this.list.setAttribute('aria-label', t('moves.title'));
    if (this.rows.length === 0) return fill(this.list, h('li', { class: 'empty', text: t('moves.empty') }));
    const at = this.at;
    const shown = at === null ? -1 : this.rows.filter((row) => row.position <= at).length - 1;
    const { pick } = this.options;
    fill(
      this.list,
      ...this.rows.map((row, i) => {
        const text = rowWords(row);
        const cls = `colour-${row.seat}${i === shown ? ' current' : ''}`;
        const data = { position: String(row.position) };
        return h(
          'li',
          { class: cls, data },
          pick
            ? h('button', {
                text,
                title: t('moves.goTo'),
                aria: i === shown ? { current: 'step' } : {},
                on: { click: () => pick(row.position) },
              })
            : text,
        );
      }),
    );
  }
}
