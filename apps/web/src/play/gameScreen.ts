import type { ServerMessages } from '@flightchess/protocol';
import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import type { Controls } from './controls';
import { EventCaption } from './eventCaption';
import { type Act, actionButtons, answerButtons, planeButtons } from './gameButtons';
import { GameController, type Presented } from './gameController';
import { MoveList } from './moveList';
import { fitBoard } from './boardFit';
import { confirmMovesSetting } from './confirmMovesSetting';
import { ReturnedNote } from './returnedNote';
import { fillSeatPanel } from './seatPanel';
import type { GameSource, GameView } from './types';
import { t } from '../i18n';
import { PixiBoard } from '../render/PixiBoard';
import { cueOf } from './cueOf';
import { Speaker } from '../sound/speaker';
import { fill, h } from '../ui/dom';
import { hashOf } from '../router';
import { ratedBadge } from '../ratings/ratedBadge';

export interface GameScreenOptions {
  readonly source: GameSource;
  /** Leave the game (online: an escape, so the caller confirms first). */
  readonly onLeave: () => void;
}

/**
 * The game screen, the same online and offline: seats with names, connection, 托管 and timer (by team in a
 * team game); the Pixi board; the prompt (a highlighted banner when a local seat is to act), route preview
 * text, buttons and the sound switch. Keys: number keys pick a plane, Enter/Space rolls or confirms,
 * Escape cancels. Everything is drawn from the controls and the current language, so `relabel` redraws all.
 */
export class GameScreen implements Screen {
  readonly el: HTMLElement;
  private readonly seatPanel = h('section', { class: 'seat-panel' });
  private readonly boardHost = h('div', { class: 'board-host', data: { testid: 'board' } });
  private readonly caption = new EventCaption();
  private readonly promptEl = h('p', { class: 'prompt', data: { testid: 'prompt' } });
  /** 托管 is never silent: while the server plays the own seat, this says so and why, with the way back. */
  private readonly autoBanner = h('div', { class: 'auto-banner', role: 'status', hidden: true, data: { testid: 'auto-banner' } });
  private readonly returned: ReturnedNote;
  /** Why auto-play played the own seat at the last look (null: it did not). */
  private autoShown: Controls['autoPlayBy'] = null;
  /** The turn the banner last pulsed for. */
  private pulsedFor = '';
  private readonly summaryEl = h('p', { class: 'summary', data: { testid: 'summary' } });
  private readonly planesEl = h('div', { class: 'plane-buttons', role: 'group' });
  private readonly buttonsEl = h('div', { class: 'buttons' });
  private readonly answerEl = h('div', { class: 'answer' });
  private readonly boardWrap = h('div', { class: 'board-wrap' }, this.boardHost);
  /**
   * Below the prompt, one place for what the player reads or picks: the caption of what just happened, or, while
   * a plane is to be picked, the route preview and the plane buttons in its stead. Its height is the plane row's,
   * kept whatever it shows: nothing below jumps, and the caption never covers the board.
   */
  private readonly pickArea = h('div', { class: 'pick-area' }, this.caption.el, h('div', { class: 'pick' }, this.summaryEl, this.planesEl));
  /** Sizes the board to leave the controls on a phone's first screen (see fitBoard). */
  private readonly refit = fitBoard(this.boardWrap, this.buttonsEl, () => !this.el.classList.contains('over'));
  private readonly refitter = new ResizeObserver(() => this.refit());
  private readonly hintEl = h('p', { class: 'hint' });
  private readonly settingsEl = h('p', { class: 'game-settings' });
  /** Online: whether the table is rated or casual. */
  private readonly kindEl = h('span', { class: 'table-kind' });
  /** The rules of the table's preset, in a new tab: the game stays open here. */
  private readonly rulesLink = Object.assign(h('a', { class: 'rules-link', data: { testid: 'rules-link' } }), {
    target: '_blank',
    rel: 'noopener',
  });
  private readonly soundButton = h('button', { class: 'sound', data: { testid: 'sound' }, on: { click: () => this.toggleSound() } });
  private readonly extraEl = h('div', { class: 'extra' });
  private readonly moves = new MoveList({ open: false });
  private readonly unfollow: () => void;
  /** What is shown under the controls (results), rebuilt on a language switch; `home`: it has its own way home. */
  private below: { build: () => HTMLElement; home: boolean } | null = null;
  private readonly speaker: Speaker;
  /** Browsers allow sound only after a user gesture. */
  private readonly unlockSound = () => this.speaker.unlock();
  private controller: GameController | null = null;
  private board: PixiBoard | null = null;
  private controls: Controls | null = null;
  private timer: number | null = null;
  private readonly onKey = (e: KeyboardEvent) => this.key(e);

  constructor(
    private readonly ctx: AppContext,
    private readonly options: GameScreenOptions,
  ) {
    this.speaker = new Speaker(ctx.prefs);
    this.unfollow = this.moves.follow(options.source);
    this.returned = new ReturnedNote((text) => ctx.announce(text));
    this.el = h(
      'main',
      { class: 'screen game' },
      this.seatPanel,
      this.boardWrap,
      h(
        'section',
        { class: 'controls' },
        this.autoBanner,
        this.returned.el,
        h('div', { class: 'prompt-row' }, this.promptEl, this.soundButton),
        this.pickArea,
        this.buttonsEl,
        this.answerEl,
        this.moves.el,
        this.hintEl,
        h('div', { class: 'game-extras' }, this.kindEl, this.settingsEl, this.rulesLink),
        this.extraEl,
      ),
    );
    for (const type of ['pointerdown', 'keydown'] as const) document.addEventListener(type, this.unlockSound, true);
    this.relabelStatic();
  }

  /** Build the Pixi board once the element is in the page (it sizes itself from its host). */
  async mount(): Promise<void> {
    const board = await PixiBoard.create(this.boardHost, { speed: this.ctx.speed });
    this.board = board;
    const controller = new GameController(board, this.options.source, {
      announce: (text) => this.ctx.announce(text),
      changed: (controls) => this.render(controls),
      presented: (presented, view) => {
        this.caption.present(presented, view);
        this.sound(presented, view);
      },
      // The version the board shows (tests compare it with the server's, as the panel's data-version).
      placed: (view) => (this.boardHost.dataset.version = String(view.state.version)),
      confirmMoves: () => this.ctx.prefs.confirmMoves,
    });
    this.controller = controller;
    board.onPlaneTap = (key) => controller.tapPlane(key);
    board.onDieTap = () => controller.roll();
    document.addEventListener('keydown', this.onKey);
    // What is above and below the board changes height (a notice, names, a language): the board follows.
    this.refitter.observe(document.body);
    this.timer = window.setInterval(() => this.renderSeats(), 500);
  }

  /**
   * Show the results (or a note while they are recorded) under the controls; `build` runs again after a
   * language switch. `home`: it has its own button home, so the panel's leave button goes.
   */
  showBelow(build: () => HTMLElement, home: boolean): void {
    this.below = { build, home };
    fill(this.extraEl, build());
    if (this.controls) this.render(this.controls);
  }

  /** Nothing below the board any more. */
  clearBelow(): void {
    this.below = null;
    fill(this.extraEl);
    if (this.controls) this.render(this.controls);
  }

  /** The player took their held seat back: say how long they were away and what was played for them (the screen reader hears it too). */
  showReturned(missed: ServerMessages['returned']): void {
    this.returned.show(missed);
  }

  /**
   * Scroll what is shown below into view: all of it when it fits the screen, else from its top (the
   * results' verdict first), not its bottom, where the nearest edge of a tall panel would leave a phone.
   */
  revealBelow(): void {
    const taller = this.extraEl.getBoundingClientRect().height > window.innerHeight;
    this.extraEl.scrollIntoView({ behavior: 'smooth', block: taller ? 'start' : 'nearest' });
  }

  relabel(): void {
    this.relabelStatic();
    this.returned.render();
    this.caption.render();
    this.moves.render();
    if (this.below) fill(this.extraEl, this.below.build());
    // The prompt and summary are words: ask the controller again rather than redraw the old ones.
    const controls = this.controller?.controls() ?? this.controls;
    if (controls) this.render(controls);
  }

  /** The texts that do not follow the game: the panel's name, the keyboard hint, the sound switch. */
  private relabelStatic(): void {
    this.seatPanel.setAttribute('aria-label', t('lobby.seat'));
    this.hintEl.textContent = t('game.keyboardHelp');
    fill(this.settingsEl, confirmMovesSetting(this.ctx.prefs));
    this.rulesLink.textContent = t('game.rules');
    const muted = this.speaker.muted;
    this.soundButton.textContent = muted ? t('sound.off') : t('sound.on');
    this.soundButton.classList.toggle('on', !muted);
    this.soundButton.setAttribute('aria-pressed', String(!muted));
  }

  dispose(): void {
    document.removeEventListener('keydown', this.onKey);
    this.refitter.disconnect();
    for (const type of ['pointerdown', 'keydown'] as const) document.removeEventListener(type, this.unlockSound, true);
    this.speaker.dispose();
    if (this.timer !== null) window.clearInterval(this.timer);
    this.returned.dispose();
    this.unfollow();
    this.controller?.dispose();
    this.board?.destroy();
  }

  settled(): Promise<void> {
    return this.controller?.settled() ?? Promise.resolve();
  }

  private key(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
    // A focused button handles its own Enter/Space.
    if (target?.tagName === 'BUTTON' && (e.key === 'Enter' || e.key === ' ')) return;
    if (this.controller?.key(e.key)) e.preventDefault();
  }

  private render(controls: Controls): void {
    this.controls = controls;
    const { view } = controls;
    const { state } = view;
    this.renderSeats();
    const over = state.phase === 'over';
    // Online without a seat: a watcher, who has nothing to press (docs/decisions/010-watchers-see-what-players-see.md).
    const watching = view.mode === 'online' && view.viewer === null;
    this.hintEl.hidden = watching;
    this.settingsEl.hidden = watching;
    this.rulesLink.href = hashOf({ name: 'rules', preset: state.preset });
    fill(this.kindEl, view.rated === undefined ? null : ratedBadge(view.rated));
    this.renderPrompt(controls);
    this.renderAutoBanner(controls, over);
    this.summaryEl.textContent = controls.summary ?? '';
    this.el.classList.toggle('my-turn', controls.acting !== null);
    this.el.classList.toggle('over', over);
    // The engine state version on screen (tests wait on it; it also tells a bug report where the game was).
    this.el.dataset.version = String(state.version);

    // Handlers look the controller up when clicked: the first render comes from the controller's constructor.
    const act: Act = (f) => () => {
      if (this.controller) f(this.controller);
    };
    const planes = planeButtons(controls, act);
    fill(this.planesEl, ...planes);
    this.pickArea.classList.toggle('picking', planes.length > 0);
    fill(
      this.buttonsEl,
      ...actionButtons(controls, { act, watching, belowHasHome: this.below?.home === true, onLeave: () => this.options.onLeave() }),
    );
    fill(this.answerEl, ...answerButtons(controls, act));
    this.refit();
  }

  /**
   * The prompt. While a local seat is to act it is a banner in that seat's colour beside (never over) the
   * board, and it pulses once when a new turn begins.
   */
  private renderPrompt(controls: Controls): void {
    const { state } = controls.view;
    this.promptEl.textContent = controls.prompt;
    this.promptEl.classList.toggle('banner', controls.acting !== null);
    if (controls.acting) this.promptEl.dataset.colour = controls.acting;
    else delete this.promptEl.dataset.colour;
    const turn = controls.acting && state.phase === 'roll' ? `${state.current}:${state.rolls}` : '';
    if (!turn || turn === this.pulsedFor) return;
    this.pulsedFor = turn;
    this.promptEl.classList.remove('pulse');
    void this.promptEl.offsetWidth;
    this.promptEl.classList.add('pulse');
  }

  /** While the server plays the own seat: why (the player chose it, their turn timed out, they were away) and one tap back. */
  private renderAutoBanner(controls: Controls, over: boolean): void {
    const reason = over ? null : controls.autoPlayBy;
    // Auto-play taking the seat over again (a turn timed out since): the note of the last absence no longer applies.
    if (reason !== null && reason !== this.autoShown) this.returned.clear();
    this.autoShown = reason;
    this.autoBanner.hidden = reason === null;
    this.el.classList.toggle('auto-playing', reason !== null);
    if (reason === null) return fill(this.autoBanner);
    fill(
      this.autoBanner,
      h('span', { class: 'why', text: t(`game.autoBanner.${reason}`) }),
      // A seat its player left plays on without them: nothing to take back.
      reason !== 'left' &&
        h('button', {
          class: 'on', // (the toggle, on)
          text: t('game.autoOff'),
          disabled: !controls.linked,
          data: { testid: 'auto' },
          on: { click: () => this.controller?.toggleAutoPlay() },
        }),
    );
  }

  private toggleSound(): void {
    this.speaker.muted = !this.speaker.muted;
    this.relabelStatic();
  }

  /** Sound what the board presents; the page keeps count of the cues (tests read `data-cues`). */
  private sound(presented: Presented, view: GameView): void {
    const cue = cueOf(presented, (c) => view.seats.some((s) => s.colour === c && s.local));
    if (cue && this.speaker.play(cue)) this.el.dataset.cues = JSON.stringify(this.speaker.played);
  }

  /** The seats in turn order; in a team game, under each team's name. */
  private renderSeats(): void {
    if (this.controls) fillSeatPanel(this.seatPanel, this.controls.view);
  }
}
