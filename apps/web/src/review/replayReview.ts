import { type Action, type GameSetup, type GameState, type MoveReview, type Route, isError, legalMoves } from '@flightchess/rules';
import { planeNumber } from '../board/planeNumber';
import { type Named, describeRoute, nameOf } from '../play/describe';
import { type MessageKey, t } from '../i18n';
import { fill, h } from '../ui/dom';
import { ReviewPanel } from './reviewPanel';
import { mistakes, moveAt, nextMistake, previousMistake } from './reviewModel';

export interface ReplayHooks {
  /** Go to a replay position (the replay's player). */
  readonly jump: (position: number) => void;
  /** Draw a route on the board, or clear it (null). */
  readonly hint: (route: Route | null) => void;
}

/**
 * The review inside the replay: the move at the current step with its label, for a mistake the best
 * move in words and drawn on the board as a route preview, "previous / next mistake", and below the
 * controls the chart (a tap jumps there) with each seat's accuracy and luck.
 */
export class ReplayReview {
  readonly bar = h('div', { class: 'review-bar', data: { testid: 'review-bar' } });
  readonly panel: ReviewPanel;
  private position = 0;
  private state: GameState | null = null;

  constructor(
    setup: GameSetup,
    actions: readonly Action[],
    private readonly seats: readonly Named[],
    private readonly hooks: ReplayHooks,
  ) {
    this.panel = new ReviewPanel(setup, actions, seats, {
      onPick: (index) => hooks.jump(index),
      onReady: () => this.render(this.position, this.state),
    });
  }

  /** Show the review of replay position `position`, whose state is `state`. */
  render(position: number, state: GameState | null): void {
    this.position = position;
    this.state = state;
    this.panel.setCursor(position);
    const review = this.panel.review;
    if (!review) {
      this.hooks.hint(null);
      fill(this.bar, h('p', { class: 'note', text: t('review.waiting') }));
      return;
    }
    const move = moveAt(review, position);
    const pending = move !== null && move.index === position;
    // At a decision that gave points away the board shows the position before it: draw the best move there.
    const best = move && pending && state && isError(move.label) ? bestRoute(state, move) : null;
    this.hooks.hint(best);
    const prev = previousMistake(review, position);
    const next = nextMistake(review, position);
    const button = (text: string, target: MoveReview | null, testid: string) =>
      h('button', { text, disabled: !target, data: { testid }, on: { click: () => target && this.hooks.jump(target.index) } });
    fill(
      this.bar,
      move ? this.moveLine(move, pending) : h('p', { class: 'move-line note', text: t('review.noMove') }),
      best && move
        ? h('p', {
            class: 'best-line',
            data: { testid: 'review-best' },
            text: t('review.bestLine', {
              plane: planeNumber(move.best),
              summary: describeRoute(best),
              best: pct(move.bestChance),
              chosen: pct(move.chance),
            }),
          })
        : null,
      h(
        'div',
        { class: 'buttons' },
        button(t('review.prevMistake'), prev, 'review-prev-mistake'),
        button(t('review.nextMistake'), next, 'review-next-mistake'),
      ),
      mistakes(review).length === 0 ? h('p', { class: 'note', text: t('review.noMistakes') }) : null,
    );
  }

  /** Redraw the chart and seats in the current language (`render` redraws the bar). */
  relabel(): void {
    this.panel.render();
  }

  dispose(): void {
    this.panel.dispose();
  }

  private moveLine(move: MoveReview, pending: boolean): HTMLElement {
    const seat = nameOf(this.seats.find((s) => s.colour === move.seat) ?? { colour: move.seat, name: '', bot: null });
    const who =
      t(pending ? 'review.toPlay' : 'review.played', { seat, plane: planeNumber(move.plane) }) +
      (move.by === 'auto-play' ? t('review.byAutoPlay') : '');
    if (!move.label)
      return h('p', { class: 'move-line', data: { testid: 'review-move', label: 'forced' } }, who, ' · ', t('review.forcedMove'));
    return h(
      'p',
      { class: `move-line label-${move.label}`, data: { testid: 'review-move', label: move.label } },
      who,
      ' · ',
      h('strong', { class: 'label', text: t(`review.move.${move.label}` as MessageKey) }),
      move.loss >= 0.05 ? ` (${t('review.loss', { points: move.loss.toFixed(1) })})` : '',
    );
  }
}

const pct = (chance: number | null): string => (chance === null ? '–' : `${Math.round(100 * chance)}%`);

/** The best choice's route from the position of the decision. */
function bestRoute(state: GameState, move: MoveReview): Route | null {
  return legalMoves(state).find((m) => m.plane === move.best)?.route ?? null;
}
