import { type Colour, type GameEvent, type LegalMove, legalMoves, mateOf } from '@flightchess/rules';
import { type BoardLayout, createLayout, pointOf } from '../board/layout';
import { routePath } from '../board/routePath';
import { t } from '../i18n';
import { describePosition, describeRoute, seatName } from './describe';
import { type PlacedPlane, placePlanes, planeKey } from './placement';
import type { BoardRenderer } from './renderer';
import type { GameSource, GameUpdate, GameView } from './types';

/** Updates waiting beyond this many are shown without animation, to catch up. */
const CATCH_UP_AFTER = 3;

/** What the DOM panels show and enable, derived from the view and the selection. */
export interface Controls {
  readonly view: GameView;
  /** An animation is playing: input waits for it. */
  readonly busy: boolean;
  /** The local seat that may act now (roll or move), else null. */
  readonly acting: Colour | null;
  readonly canRoll: boolean;
  /** Planes of the acting seat that can move with the pending roll. */
  readonly movable: readonly number[];
  readonly selected: number | null;
  /** The selected move's route in words. */
  readonly summary: string | null;
  readonly prompt: string;
  /** The local seat that resign / draw / auto-play buttons act for. */
  readonly own: Colour | null;
  readonly canResign: boolean;
  readonly canOfferDraw: boolean;
  /** The seat that offered a draw this client must answer, and the local seat that answers. */
  readonly drawToAnswer: Colour | null;
  readonly drawAnswerer: Colour | null;
  /** The team-mate whose resignation this client must answer, and the local seat that answers. */
  readonly resignToAnswer: Colour | null;
  readonly resignAnswerer: Colour | null;
  readonly autoPlay: boolean;
}

export interface ControllerHooks {
  /** Text for the ARIA live region. */
  announce(text: string): void;
  /** Called whenever the controls change. */
  changed(controls: Controls): void;
}

/**
 * The adapter between a game source (room or local engine) and the board renderer: synced state
 * becomes renderer calls, taps and keys become intents. Updates are played one at a time so each
 * roll and move is animated before the next one is shown.
 */
export class GameController {
  private layout: BoardLayout | null = null;
  private shown: GameView | null = null;
  private selected: number | null = null;
  private busy = false;
  private readonly queue: GameUpdate[] = [];
  private readonly unsubscribe: () => void;

  constructor(
    private readonly renderer: BoardRenderer,
    private readonly source: GameSource,
    private readonly hooks: ControllerHooks,
  ) {
    this.unsubscribe = source.subscribe((update) => this.enqueue(update));
    const first = source.current();
    if (first) this.enqueue({ view: first.view, events: [] });
  }

  dispose(): void {
    this.unsubscribe();
    this.queue.length = 0;
  }

  /** Resolves once every queued update has been shown (tests, screenshots). */
  async settled(): Promise<void> {
    while (this.busy || this.queue.length > 0) await new Promise((r) => setTimeout(r, 10));
  }

  controls(): Controls | null {
    return this.shown ? this.computeControls(this.shown) : null;
  }

  // ---- input ----

  tapPlane(key: string): void {
    const controls = this.controls();
    if (!controls || controls.busy || !controls.acting) return;
    const [colour, index] = key.split(':');
    if (colour !== controls.acting) return;
    const plane = Number(index);
    const move = this.moveOf(plane);
    if (!move) return;
    if (this.selected === plane) this.confirm();
    else this.select(plane);
  }

  roll(): void {
    const controls = this.controls();
    if (!controls?.canRoll) return;
    this.source.send({ type: 'roll' });
  }

  confirm(): void {
    const controls = this.controls();
    if (!controls || controls.busy || this.selected === null || !this.moveOf(this.selected)) return;
    const plane = this.selected;
    this.clearSelection();
    this.source.send({ type: 'move', plane });
  }

  /** Keyboard play: number keys pick a plane, Enter/Space rolls or confirms, Escape clears. Returns true if used. */
  key(key: string): boolean {
    const controls = this.controls();
    if (!controls) return false;
    if (/^[1-9]$/.test(key)) {
      const plane = Number(key) - 1;
      if (!controls.movable.includes(plane) || controls.busy) return false;
      this.select(plane);
      return true;
    }
    if (key === 'Enter' || key === ' ') {
      if (controls.canRoll) this.roll();
      else if (this.selected !== null) this.confirm();
      else if (controls.movable.length > 0 && !controls.busy) this.select(controls.movable[0]!);
      else return false;
      return true;
    }
    if (key === 'Escape' && this.selected !== null) {
      this.clearSelection();
      return true;
    }
    return false;
  }

  setAutoPlay(on: boolean): void {
    const seat = this.controls()?.own;
    if (seat) this.source.send({ type: 'auto-play', seat, on });
  }

  resign(): void {
    const controls = this.controls();
    if (controls?.canResign && controls.own) this.source.send({ type: 'resign', seat: controls.own });
  }

  offerDraw(): void {
    const controls = this.controls();
    if (controls?.canOfferDraw && controls.own) this.source.send({ type: 'offer-draw', seat: controls.own });
  }

  answerDraw(accept: boolean): void {
    const seat = this.controls()?.drawAnswerer;
    if (seat) this.source.send({ type: 'answer-draw', seat, accept });
  }

  answerResign(accept: boolean): void {
    const seat = this.controls()?.resignAnswerer;
    if (seat) this.source.send({ type: 'answer-resign', seat, accept });
  }

  // ---- selection ----

  private moveOf(plane: number): LegalMove | undefined {
    const view = this.shown;
    if (!view || !this.actingSeat(view)) return undefined;
    return legalMoves(view.state).find((m) => m.plane === plane);
  }

  private select(plane: number): void {
    const move = this.moveOf(plane);
    if (!move || !this.layout) return;
    this.selected = plane;
    this.renderer.showPreview(routePath(this.layout, move.route));
    this.refreshSelection();
    this.hooks.announce(t('announce.selected', { plane: plane + 1, summary: describeRoute(move.route) }));
  }

  private clearSelection(): void {
    if (this.selected === null) return;
    this.selected = null;
    this.renderer.showPreview(null);
    this.refreshSelection();
  }

  private refreshSelection(): void {
    const controls = this.controls();
    if (!controls) return;
    const colour = controls.acting;
    const keys = colour ? controls.movable.map((plane) => planeKey({ colour, plane })) : [];
    const selected = colour && this.selected !== null ? planeKey({ colour, plane: this.selected }) : null;
    this.renderer.setSelectable(keys, selected);
    this.hooks.changed(controls);
  }

  // ---- updates ----

  private enqueue(update: GameUpdate): void {
    this.queue.push(update);
    if (!this.busy) void this.drain();
  }

  private async drain(): Promise<void> {
    this.busy = true;
    this.clearSelection();
    if (this.shown) this.hooks.changed(this.computeControls(this.shown));
    try {
      while (this.queue.length > 0) {
        // Far behind (a slow device, a background tab, a reconnect): show the older updates at once.
        const animate = this.queue.length <= CATCH_UP_AFTER;
        await this.play(this.queue.shift()!, animate);
      }
    } finally {
      this.busy = false;
    }
    if (this.shown) this.settle(this.shown);
  }

  private async play(update: GameUpdate, animate: boolean): Promise<void> {
    const { view } = update;
    const viewer = view.viewer ?? 'red';
    if (!this.layout || this.layout.bottom !== viewer || !this.shown) {
      this.layout = createLayout(viewer);
      const { config } = view.state;
      this.renderer.drawBoard(this.layout, {
        seats: view.state.seats,
        stars: config.safeSquares,
        jumps: config.jump,
        flights: config.flight,
      });
      this.renderer.placePlanes(placePlanes(this.layout, view.state));
    }
    if (animate) for (const event of update.events) await this.playEvent(view, event);
    this.shown = view;
    this.renderer.placePlanes(placePlanes(this.layout, view.state));
    this.renderer.setTurn(view.state.phase === 'over' ? null : view.state.current);
    this.renderer.showDie(view.state.phase === 'over' ? null : view.state.current, view.state.roll);
  }

  private async playEvent(after: GameView, event: GameEvent): Promise<void> {
    const layout = this.layout!;
    const name = (c: Colour) => seatName(after, c);
    switch (event.type) {
      case 'rolled':
        this.renderer.setTurn(event.seat);
        this.hooks.announce(t('announce.rolled', { name: name(event.seat), roll: event.value }));
        await this.renderer.rollDie(event.seat, event.value);
        break;
      case 'no-move':
        this.hooks.announce(t('game.noMove', { name: name(event.seat), roll: event.value }));
        break;
      case 'moved': {
        const victims: PlacedPlane[] = event.route.captures.flatMap((c) =>
          c.victims.map((v) => ({
            key: planeKey(v),
            colour: v.colour,
            plane: v.plane,
            point: pointOf(layout, v.colour, 'hangar', v.plane),
            count: 1,
            top: true,
            heading: 0,
          })),
        );
        this.renderer.showPreview(null);
        await this.renderer.animateRoute(routePath(layout, event.route), victims);
        this.hooks.announce(
          t('announce.moved', { name: name(event.seat), plane: event.plane + 1, where: describePosition(event.route.final) }),
        );
        break;
      }
      case 'captured':
        this.hooks.announce(t('announce.captured', { name: name(event.seat), n: event.capture.victims.length }));
        break;
      case 'arrived':
        this.hooks.announce(t('announce.arrived', { name: name(event.seat) }));
        break;
      case 'extra-roll':
        this.hooks.announce(t('announce.extra', { name: name(event.seat) }));
        break;
      case 'turn':
        this.hooks.announce(t('announce.turn', { name: name(event.seat) }));
        break;
      case 'draw-offered':
        this.hooks.announce(t('game.drawOffered', { name: name(event.seat) }));
        break;
      case 'game-over':
        this.hooks.announce(
          event.result.winner ? t('announce.over', { name: name(event.result.winner) }) : t('announce.draw'),
        );
        break;
      default:
        break;
    }
  }

  /** After the animations: highlight what the local player can do now. */
  private settle(view: GameView): void {
    const controls = this.computeControls(view);
    // One legal move: show its route straight away; it still needs a confirmation.
    if (controls.movable.length === 1 && this.selected === null) {
      this.select(controls.movable[0]!);
      return;
    }
    this.refreshSelection();
  }

  // ---- derived controls ----

  /** The local seat whose turn it is, if any. */
  private actingSeat(view: GameView): Colour | null {
    const { state } = view;
    if (state.phase === 'over') return null;
    const seat = view.seats.find((s) => s.colour === state.current);
    return seat?.local && !seat.autoPlay ? state.current : null;
  }

  /** The local seat that resign, draw and auto-play act for: the own seat online, the current human seat in hot-seat. */
  private ownSeat(view: GameView): Colour | null {
    const locals = view.seats.filter((s) => s.local && !view.state.out[s.colour]);
    if (view.mode === 'online' || locals.length <= 1) return locals[0]?.colour ?? null;
    return locals.find((s) => s.colour === view.state.current)?.colour ?? null;
  }

  private computeControls(view: GameView): Controls {
    const { state } = view;
    const acting = this.busy ? null : this.actingSeat(view);
    const movable = acting && state.phase === 'move' ? legalMoves(state).map((m) => m.plane) : [];
    const selectedMove = this.selected !== null ? legalMoves(state).find((m) => m.plane === this.selected) : undefined;
    const own = this.ownSeat(view);
    const playing = state.phase !== 'over';
    const isLocal = (c: Colour | null) => c !== null && view.seats.some((s) => s.colour === c && s.local);
    const drawAnswerer = state.drawOffer ? state.seats.find((c) => c !== state.drawOffer && !state.out[c]) ?? null : null;
    const resignAnswerer = state.pendingResign ? mateOf(state, state.pendingResign) : null;
    const answerDraw = playing && isLocal(drawAnswerer);
    const answerResign = playing && isLocal(resignAnswerer);
    const currentName = seatName(view, state.current);
    let prompt: string;
    // Hot-seat with several people: name the one whose turn it is.
    const people = view.seats.filter((s) => s.local && s.kind === 'human').length;
    const yours = people > 1 ? t('game.turnOf', { name: currentName }) : t('game.yourTurn');
    if (!playing) prompt = '';
    else if (acting && state.phase === 'roll') prompt = `${yours} · ${t('game.rollPrompt')}`;
    else if (acting && state.phase === 'move')
      prompt = this.selected !== null ? t('game.confirmPrompt') : t('game.movePrompt', { roll: state.roll ?? 0 });
    else prompt = t('game.turnOf', { name: currentName });
    return {
      view,
      busy: this.busy,
      acting,
      canRoll: acting !== null && state.phase === 'roll',
      movable,
      selected: selectedMove ? this.selected : null,
      summary: selectedMove ? describeRoute(selectedMove.route) : null,
      prompt,
      own,
      canResign: playing && own !== null && state.rolls >= state.config.resignAfterRolls && state.pendingResign === null,
      canOfferDraw: playing && own !== null && state.config.drawByAgreement && state.drawOffer === null,
      drawToAnswer: answerDraw ? state.drawOffer : null,
      drawAnswerer: answerDraw ? drawAnswerer : null,
      resignToAnswer: answerResign ? state.pendingResign : null,
      resignAnswerer: answerResign ? resignAnswerer : null,
      autoPlay: own !== null && view.seats.some((s) => s.colour === own && s.autoPlay),
    };
  }
}
