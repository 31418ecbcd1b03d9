import { type Action, type GameReview, type GameSetup, MOVE_LABELS, type RuleError, type SeatReview, isError } from '@flightchess/rules';
import { type Named, nameOf } from '../play/describe';
import { type MessageKey, t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { type Child, fill, h } from '../ui/dom';
import { chanceChart } from './chanceChart';
import { chanceSeries, seatSummary, signed } from './reviewModel';
import { runReview } from './reviewRunner';
import './review.css';

type Status =
  | { readonly kind: 'running'; readonly progress: number }
  | { readonly kind: 'done'; readonly review: GameReview }
  | { readonly kind: 'failed'; readonly failure: RuleError | Error };

export interface PanelOptions {
  /** The replay: a tap on the chart jumps there. */
  readonly onPick?: (index: number) => void;
  /** Told once the review is ready (the replay then offers its mistakes). */
  readonly onReady?: (review: GameReview) => void;
}

/**
 * The game review on the match page and in the replay: a progress bar while the worker reviews the
 * game, then the winning-chances chart and each seat's accuracy, move labels and dice luck.
 */
export class ReviewPanel {
  readonly el = h('section', { class: 'card review', data: { testid: 'review' } });
  private status: Status = { kind: 'running', progress: 0 };
  private cursor: number | null = null;
  private readonly detach: () => void;
  private disposed = false;

  constructor(
    setup: GameSetup,
    actions: readonly Action[],
    private readonly seats: readonly Named[],
    private readonly options: PanelOptions = {},
  ) {
    this.teams = setup.teams === true;
    const running = runReview(setup, actions, (progress) => {
      if (this.status.kind !== 'running') return;
      this.status = { kind: 'running', progress };
      this.render();
    });
    this.detach = running.detach;
    running.done.then(
      (review) => {
        this.status = { kind: 'done', review };
        this.render();
        if (!this.disposed) this.options.onReady?.(review);
      },
      (failure: RuleError | Error) => {
        this.status = { kind: 'failed', failure };
        this.render();
      },
    );
    this.render();
  }

  private readonly teams: boolean;

  get review(): GameReview | null {
    return this.status.kind === 'done' ? this.status.review : null;
  }

  /** The replay's position, drawn as a line across the chart. */
  setCursor(position: number | null): void {
    if (position === this.cursor) return;
    this.cursor = position;
    this.render();
  }

  /** Redraw in the current language. */
  render(): void {
    if (this.disposed) return;
    fill(this.el, h('h2', { text: t('review.title') }), ...this.body());
  }

  dispose(): void {
    this.disposed = true;
    this.detach();
  }

  private body(): Child[] {
    const s = this.status;
    if (s.kind === 'failed') {
      // A crashed worker's own text is for developers, not players.
      const reason = s.failure instanceof Error ? t('error.unexpected') : errorMessage(s.failure.code);
      return [h('p', { class: 'error', role: 'alert', text: t('review.failed', { reason }) })];
    }
    if (s.kind === 'running') {
      const percent = Math.floor(100 * s.progress);
      return [
        h('p', { class: 'note', role: 'status', text: t('review.running', { percent }) }),
        h('progress', {
          class: 'review-progress',
          value: String(percent),
          data: { testid: 'review-progress' },
          aria: { label: t('review.running', { percent }) },
        }),
      ];
    }
    const { review } = s;
    const series = chanceSeries(review, this.seats, this.teams);
    const marks = review.moves
      .filter((m) => isError(m.label))
      .map((m) => ({ index: m.index, colour: m.seat, chance: review.chances[m.index]?.[m.seat] ?? 0, label: m.label! }));
    const last = review.chances[review.chances.length - 1] ?? {};
    const label = t('review.chartLabel', { sides: series.map((x) => `${x.name} ${Math.round(100 * (last[x.colour] ?? 0))}%`).join(', ') });
    return [
      h('p', { class: 'note', text: t('review.chartNote') }),
      h(
        'ul',
        { class: 'chance-legend' },
        ...series.map((x) => h('li', { class: `colour-${x.colour}` }, h('span', { class: 'swatch', aria: { hidden: 'true' } }), x.name)),
      ),
      chanceChart(series, { label, marks, cursor: this.cursor, ...(this.options.onPick ? { onPick: this.options.onPick } : {}) }),
      h('ul', { class: 'review-seats', data: { testid: 'review-seats' } }, ...review.seats.map((seat) => this.seatCard(seat))),
      h('p', { class: 'note', text: t('review.accuracyNote') }),
    ];
  }

  private seatCard(seat: SeatReview): HTMLElement {
    const named = this.seats.find((s) => s.colour === seat.colour) ?? { colour: seat.colour, name: '', bot: null };
    const summary = seatSummary(seat);
    const labels = MOVE_LABELS.map((label) => {
      const n = seat.moves.labels[label];
      return h(
        'li',
        { class: `label-${label}`, data: { label } },
        h('span', { class: 'count', text: String(n) }),
        ' ',
        t(`review.${n === 1 ? 'one' : 'label'}.${label}` as MessageKey),
      );
    });
    const verdict =
      seat.verdict && seat.result !== null
        ? t(`review.verdict.${seat.result > seat.start ? 'won' : 'lost'}.${seat.verdict}` as MessageKey)
        : null;
    return h(
      'li',
      { class: `review-seat colour-${seat.colour}`, data: { testid: `review-seat-${seat.colour}` } },
      h('h3', {}, h('span', { class: 'swatch', aria: { hidden: 'true' } }), h('span', { class: 'name', text: nameOf(named) })),
      h(
        'p',
        { class: 'accuracy' },
        h('span', { class: 'figure', data: { testid: 'accuracy' }, text: summary.accuracy }),
        ' ',
        t('review.accuracy', { n: seat.moves.decisions }),
      ),
      h('ul', { class: 'labels' }, ...labels),
      h('p', { class: 'luck', data: { testid: 'luck' }, text: t('review.luck', { luck: summary.luck, dice: signed(seat.dice) }) }),
      summary.adjusted === null
        ? null
        : h('p', { class: 'adjusted', text: t('review.adjusted', { points: summary.adjusted, start: seat.start.toFixed(0) }) }),
      verdict ? h('p', { class: `verdict ${seat.verdict}`, data: { testid: 'verdict' }, text: verdict }) : null,
      seat.autoPlay.decisions > 0
        ? h('p', {
            class: 'auto-play',
            text: t('review.autoPlay', {
              n: seat.autoPlay.decisions,
              accuracy: seat.autoPlay.accuracy === null ? '–' : seat.autoPlay.accuracy.toFixed(1),
            }),
          })
        : null,
      seat.forced > 0 ? h('p', { class: 'forced', text: t('review.forced', { n: seat.forced }) }) : null,
    );
  }
}
