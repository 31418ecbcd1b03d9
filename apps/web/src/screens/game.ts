import { type Colour, FINISH } from '@flightchess/rules';
import type { AppContext, Screen } from '../app';
import { type Controls, GameController } from '../adapter/controller';
import { describePosition, seatName } from '../adapter/describe';
import type { GameSource, GameView } from '../adapter/types';
import { planeKey } from '../board/placement';
import { t } from '../i18n';
import { PixiBoard } from '../render/PixiBoard';
import { fill, h } from '../ui/dom';

export interface GameScreenOptions {
  readonly source: GameSource;
  /** Leave the game (online: an escape, so the caller confirms first). */
  readonly onLeave: () => void;
}

/**
 * The game screen, the same online and offline: seats with names, connection, 托管 and timer; the Pixi
 * board; prompt, route preview text and buttons. Keys: number keys pick a plane, Enter/Space rolls or
 * confirms, Escape cancels.
 */
export class GameScreen implements Screen {
  readonly el: HTMLElement;
  private readonly seatsEl = h('ul', { class: 'seats', aria: { label: 'seats' } });
  private readonly boardHost = h('div', { class: 'board-host', data: { testid: 'board' } });
  private readonly toast = h('div', { class: 'turn-toast', aria: { hidden: 'true' }, hidden: true });
  private toastKey = '';
  private readonly promptEl = h('p', { class: 'prompt', data: { testid: 'prompt' } });
  private readonly summaryEl = h('p', { class: 'summary', data: { testid: 'summary' } });
  private readonly planesEl = h('div', { class: 'plane-buttons', role: 'group' });
  private readonly buttonsEl = h('div', { class: 'buttons' });
  private readonly answerEl = h('div', { class: 'answer' });
  private readonly extraEl = h('div', { class: 'extra' });
  private controller: GameController | null = null;
  private board: PixiBoard | null = null;
  private controls: Controls | null = null;
  private timer: number | null = null;
  private readonly onKey = (e: KeyboardEvent) => this.key(e);

  constructor(
    private readonly ctx: AppContext,
    private readonly options: GameScreenOptions,
  ) {
    this.el = h(
      'main',
      { class: 'screen game' },
      h('section', { class: 'seat-panel', aria: { label: t('lobby.seat') } }, this.seatsEl),
      h('div', { class: 'board-wrap' }, this.boardHost, this.toast),
      h(
        'section',
        { class: 'controls' },
        this.promptEl,
        this.summaryEl,
        this.planesEl,
        this.buttonsEl,
        this.answerEl,
        h('p', { class: 'hint', text: t('game.keyboardHelp') }),
        this.extraEl,
      ),
    );
  }

  /** Build the Pixi board once the element is in the page (it sizes itself from its host). */
  async mount(): Promise<void> {
    const board = await PixiBoard.create(this.boardHost, { speed: this.ctx.speed });
    this.board = board;
    const controller = new GameController(board, this.options.source, {
      announce: (text) => this.ctx.announce(text),
      changed: (controls) => this.render(controls),
    });
    this.controller = controller;
    board.onPlaneTap = (key) => controller.tapPlane(key);
    board.onDieTap = () => controller.roll();
    document.addEventListener('keydown', this.onKey);
    this.timer = window.setInterval(() => this.renderSeats(), 500);
  }

  /** Space for the results under the board, once the game is over. */
  extra(): HTMLElement {
    return this.extraEl;
  }

  relabel(): void {
    if (this.controls) this.render(this.controls);
  }

  dispose(): void {
    document.removeEventListener('keydown', this.onKey);
    if (this.timer !== null) window.clearInterval(this.timer);
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
    this.promptEl.textContent = controls.prompt;
    this.summaryEl.textContent = controls.summary ?? '';
    this.el.classList.toggle('my-turn', controls.acting !== null);
    // The engine state version on screen (tests wait on it; it also tells a bug report where the game was).
    this.el.dataset.version = String(state.version);

    this.showToast(controls);

    // Plane buttons for the seat to move: the keyboard-free, screen-reader way to pick a plane.
    const acting = controls.acting;
    if (acting && state.phase === 'move') {
      const planes = state.planes[acting] ?? [];
      fill(
        this.planesEl,
        ...planes.map((position, plane) =>
          h(
            'button',
            {
              class: `plane-button colour-${acting}`,
              disabled: !controls.movable.includes(plane),
              aria: { pressed: String(controls.selected === plane), label: `${plane + 1} · ${describePosition(position)}` },
              data: { plane: String(plane), position: String(position) },
              on: { click: () => this.controller?.tapPlane(planeKey({ colour: acting, plane })) },
            },
            h('span', { class: 'plane-no', text: String(plane + 1) }),
            h('span', { class: 'plane-where', text: position === FINISH ? '✓' : describePosition(position) }),
          ),
        ),
      );
    } else {
      fill(this.planesEl);
    }

    // Handlers look the controller up when clicked: the first render comes from the controller's constructor.
    const act = (f: (c: GameController) => void) => () => {
      if (this.controller) f(this.controller);
    };
    const button = (label: string, onClick: () => void, enabled: boolean, cls = '', testid = '') =>
      h('button', { class: cls, text: label, disabled: !enabled, on: { click: onClick }, data: testid ? { testid } : {} });
    fill(
      this.buttonsEl,
      over ? null : button(t('game.roll'), act((c) => c.roll()), controls.canRoll, 'primary roll', 'roll'),
      over ? null : button(t('game.confirm'), act((c) => c.confirm()), controls.selected !== null, 'primary', 'confirm'),
      controls.own && !over
        ? button(controls.autoPlay ? t('game.autoOff') : t('game.autoOn'), act((c) => c.toggleAutoPlay()), true, controls.autoPlay ? 'on' : '', 'auto')
        : null,
      controls.own && !over
        ? button(
            // Not yet allowed: say when it will be.
            controls.rollsBeforeResign > 0 ? t('game.resignAfter', { n: state.config.resignAfterRolls, left: controls.rollsBeforeResign }) : t('game.resign'),
            act((c) => {
              if (window.confirm(t('game.resignConfirm'))) c.resign();
            }),
            controls.canResign,
            '',
            'resign',
          )
        : null,
      state.config.drawByAgreement && !over ? button(t('game.offerDraw'), act((c) => c.offerDraw()), controls.canOfferDraw, '', 'draw') : null,
      button(over ? t('results.home') : t('game.leave'), () => this.options.onLeave(), true, 'leave', 'leave'),
    );

    fill(this.answerEl);
    if (controls.drawToAnswer) {
      this.answerEl.append(
        h('p', { text: t('game.drawOffered', { name: seatName(view, controls.drawToAnswer) }) }),
        button(t('game.acceptDraw'), act((c) => c.answerDraw(true)), true, 'primary'),
        button(t('game.declineDraw'), act((c) => c.answerDraw(false)), true),
      );
    }
    if (controls.resignToAnswer) {
      this.answerEl.append(
        h('p', { text: t('game.resignAsked', { name: seatName(view, controls.resignToAnswer) }) }),
        button(t('game.accept'), act((c) => c.answerResign(true)), true, 'primary'),
        button(t('game.decline'), act((c) => c.answerResign(false)), true),
      );
    }
  }

  /** "轮到你了！" pops up over the board when a local seat is to roll. */
  private showToast(controls: Controls): void {
    const { state } = controls.view;
    const key = controls.acting && state.phase === 'roll' ? `${state.current}:${state.rolls}` : '';
    if (!key) {
      // The player has rolled (or it is not their turn): the pop-up must not cover the board.
      this.toast.classList.remove('show');
      this.toast.hidden = true;
      return;
    }
    if (key === this.toastKey) return;
    this.toastKey = key;
    // Hot-seat with several people: say whose hands the device goes to.
    const people = controls.view.seats.filter((s) => s.local && s.kind === 'human').length;
    this.toast.textContent = people > 1 ? t('game.passDevice', { name: seatName(controls.view, state.current) }) : t('game.yourTurn');
    this.toast.dataset.colour = state.current;
    this.toast.hidden = false;
    // Restart the fade-out animation.
    this.toast.classList.remove('show');
    void this.toast.offsetWidth;
    this.toast.classList.add('show');
  }

  private renderSeats(): void {
    const controls = this.controls;
    if (!controls) return;
    const { view } = controls;
    fill(this.seatsEl, ...view.state.seats.map((colour) => this.seatChip(view, colour)));
  }

  private seatChip(view: GameView, colour: Colour): HTMLElement {
    const { state } = view;
    const seat = view.seats.find((s) => s.colour === colour);
    const isTurn = state.phase !== 'over' && state.current === colour;
    const out = state.out[colour];
    const arrived = (state.planes[colour] ?? []).filter((p) => p === FINISH).length;
    const badges: HTMLElement[] = [];
    if (seat?.local && view.mode === 'online') badges.push(h('span', { class: 'badge you', text: t('lobby.you') }));
    if (seat?.autoPlay) badges.push(h('span', { class: 'badge auto', text: t('game.autoPlaying') }));
    if (out) badges.push(h('span', { class: 'badge out', text: t('game.out') }));
    if (view.mode === 'online' && seat?.kind === 'human') {
      badges.push(
        h('span', {
          class: `conn ${seat.connected ? 'up' : 'down'}`,
          title: seat.connected ? t('game.online') : t('game.offline'),
          text: seat.connected ? t('game.online') : t('game.offline'),
        }),
      );
    }
    let timer: HTMLElement | null = null;
    if (isTurn && view.turnDeadline) {
      const left = Math.max(0, Math.ceil((view.turnDeadline - Date.now()) / 1000));
      timer = h('span', { class: `timer${left <= 5 ? ' low' : ''}`, text: t('game.timer', { s: left }), data: { testid: 'timer' } });
    }
    return h(
      'li',
      {
        class: `seat colour-${colour}${isTurn ? ' current' : ''}${out ? ' is-out' : ''}`,
        aria: isTurn ? { current: 'true' } : {},
        data: { colour },
      },
      h('span', { class: 'swatch', aria: { hidden: 'true' }, text: isTurn ? '▶' : '' }),
      h('span', { class: 'name', text: seatName(view, colour) }),
      ...badges,
      h('span', { class: 'arrived', text: t('game.arrived', { n: arrived, total: state.config.planes }) }),
      timer,
    );
  }
}
