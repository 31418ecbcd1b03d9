import { type Action, COLOURS, type Colour, type GameSetup, arrivedCount } from '@flightchess/rules';
import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import { GameController } from '../play/gameController';
import { REPLAY_SPEEDS, ReplayPlayer } from './replayPlayer';
import { ReplaySource } from '../play/sources/replaySource';
import { MoveList } from '../play/moveList';
import { moveRowsOf } from '../play/moveRows';
import type { Named } from '../play/describe';
import { matchPlayers } from '../play/gameView';
import { t } from '../i18n';
import { PixiBoard } from '../render/PixiBoard';
import { ReplayReview } from '../review/replayReview';
import { fill, h } from '../ui/dom';
import { morph } from '../ui/morph';
import { type Route, hashOf } from '../router';
import { realScheduler } from '../util/ports';
import { seatList } from '../play/seatList';
import { standInsView } from '../results/standInsView';

/** One step a second at 1×. */
const STEP_MS = 1000;

/** A finished game's record, to review. */
interface Reviewable {
  readonly setup: GameSetup;
  readonly actions: readonly Action[];
  readonly seats: readonly Named[];
}

/**
 * A loaded replay, (online) the match page to go back to, (a finished game) what to review, and what the
 * record says beside the moves (who took over a seat its player left, and for which steps).
 */
type Loader = () => Promise<{ source: ReplaySource; record?: Route; review?: Reviewable; notes?: () => HTMLElement | null } | null>;

/** Step through a finished match from its record: online by match id, or the last offline game. */
function replayScreen(ctx: AppContext, load: Loader): Screen {
  const boardHost = h('div', { class: 'board-host' });
  const seatsEl = h('div', { class: 'seat-panel' });
  const stepEl = h('p', { class: 'step', role: 'status', data: { testid: 'replay-step' } });
  // The slider stays the same element while it is dragged: only its value and label change.
  const slider = h('input', { type: 'range', class: 'replay-slider', value: '0', data: { testid: 'replay-slider' } });
  const buttons = h('div', { class: 'buttons replay-transport' });
  const speeds = h('div', { class: 'speeds', role: 'group' });
  const links = h('div', { class: 'buttons' });
  const reviewBar = h('div', { class: 'review-slot' });
  const reviewPanel = h('div', { class: 'review-slot' });
  const notes = h('div', { class: 'replay-notes' });
  let noted: (() => HTMLElement | null) | undefined;
  const title = h('h1', { text: t('replay.title') });
  // Tapping a move steps the replay there.
  const moves = new MoveList({
    open: true,
    pick: (position) => {
      if (player?.playing) player.pause();
      player?.jump(position);
    },
  });
  // The way out sits beside the title, so that on a phone the board and every control fit on one screen.
  const el = h(
    'main',
    { class: 'screen replay' },
    h('div', { class: 'replay-head' }, title, links),
    seatsEl,
    h('div', { class: 'board-wrap' }, boardHost),
    h('section', { class: 'replay-controls' }, stepEl, slider, buttons, speeds, reviewBar),
    moves.el,
    notes,
    reviewPanel,
  );
  let board: PixiBoard | null = null;
  let controller: GameController | null = null;
  let source: ReplaySource | null = null;
  let player: ReplayPlayer | null = null;
  let record: Route | undefined;
  let review: ReplayReview | null = null;
  const home = () => h('a', { class: 'button', href: hashOf({ name: 'home' }), text: t('results.home'), data: { testid: 'replay-home' } });

  // The controls are made once; a step changes only their words and states, so that playing at 16× lays out little.
  const control = (testid: string, click: () => void, cls = '') => h('button', { class: cls, data: { testid }, on: { click } });
  const prev = control('replay-prev', () => player?.step(-1));
  const play = control('replay-play', () => player?.toggle(), 'primary');
  const next = control('replay-next', () => player?.step(1));
  const speedLabel = h('span');
  const speedButtons = REPLAY_SPEEDS.map((speed) =>
    h('button', {
      class: 'speed',
      text: `${speed}×`,
      data: { testid: `replay-speed-${speed}` },
      on: { click: () => player?.setSpeed(speed) },
    }),
  );
  const drawLinks = () =>
    fill(
      links,
      record ? h('a', { class: 'button', href: hashOf(record), text: t('replay.back'), data: { testid: 'replay-record' } }) : null,
      home(),
    );

  const render = () => {
    title.textContent = t('replay.title');
    if (!source || !player) return;
    const s = source;
    const p = player;
    const { view } = s.current();
    const { state } = view;
    const arrived = (c: Colour) => t('game.arrived', { n: arrivedCount(state, c), total: state.config.planes });
    morph(seatsEl, [seatList(view.seats, state.phase === 'over' ? null : state.current, arrived, state.out, state.left)]);
    stepEl.textContent = t('replay.step', { i: s.position, n: s.steps });
    slider.max = String(s.steps);
    slider.value = String(s.position);
    slider.setAttribute('aria-label', t('replay.jump'));
    slider.setAttribute('aria-valuetext', stepEl.textContent);
    prev.textContent = t('replay.prev');
    play.textContent = p.playing ? t('replay.pause') : t('replay.play');
    next.textContent = t('replay.next');
    speeds.setAttribute('aria-label', t('replay.speed'));
    speedLabel.textContent = t('replay.speed');
    speedButtons.forEach((button, i) => button.setAttribute('aria-pressed', String(p.speed === REPLAY_SPEEDS[i])));
    moves.showAt(s.position);
    review?.render(s.position, state);
  };
  slider.addEventListener('input', () => player?.jump(Number(slider.value)));

  return {
    el,
    async mount() {
      const loaded = await load();
      if (!loaded) {
        stepEl.textContent = t('replay.notFound');
        fill(links, home());
        return;
      }
      source = loaded.source;
      record = loaded.record;
      noted = loaded.notes;
      fill(notes, noted?.());
      moves.set(moveRowsOf(source.actionEvents));
      board = await PixiBoard.create(boardHost, { speed: ctx.speed });
      controller = new GameController(board, source, { announce: (text) => ctx.announce(text), changed: () => undefined });
      player = new ReplayPlayer(source, realScheduler, STEP_MS * ctx.speed, render);
      fill(buttons, prev, play, next);
      fill(speeds, speedLabel, ...speedButtons);
      drawLinks();
      if (loaded.review) {
        const c = controller;
        const p = player;
        review = new ReplayReview(loaded.review.setup, loaded.review.actions, loaded.review.seats, {
          jump: (position) => {
            if (p.playing) p.pause();
            p.jump(position);
          },
          hint: (route) => c.showHint(route),
        });
        fill(reviewBar, review.bar);
        fill(reviewPanel, review.panel.el);
      }
      render();
    },
    relabel: () => {
      fill(notes, noted?.());
      review?.relabel();
      moves.render();
      if (source) drawLinks();
      render();
    },
    dispose() {
      review?.dispose();
      player?.dispose();
      controller?.dispose();
      board?.destroy();
    },
  };
}

export function onlineReplayScreen(ctx: AppContext, matchId: string): Screen {
  return replayScreen(ctx, async () => {
    const match = await ctx.net.match(matchId).catch(() => null);
    if (!match) return null;
    const seats = matchPlayers(match);
    const source = ReplaySource.of(match.setup, match.actions, seats);
    if (!source) return null;
    // A game still being played is not reviewed: the review would tell its players the best moves.
    return {
      source,
      record: { name: 'match', matchId },
      notes: () => standInsView(match),
      ...(match.status === 'finished' ? { review: { setup: match.setup, actions: match.actions, seats } } : {}),
    };
  });
}

export function offlineReplayScreen(ctx: AppContext): Screen {
  return replayScreen(ctx, async () => {
    const last = ctx.offline.lastFinished();
    if (!last) return null;
    const { setup, actions, names, players } = last.saved;
    const seats = COLOURS.flatMap((colour) => {
      const p = players[colour];
      return p ? [{ colour, name: names[colour] ?? '', bot: p === 'human' ? null : p }] : [];
    });
    const source = ReplaySource.of(setup, actions, seats);
    return source ? { source, review: { setup, actions, seats } } : null;
  });
}
