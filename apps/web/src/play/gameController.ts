import { type GameEvent, type GameState, type LegalMove, type Route, legalMoves } from '@flightchess/rules';
import { type BoardLayout, createLayout, pointOf } from '../board/layout';
import { type PlacedPlane, arrivedCounts, placePlanes, planeKey, planeOfKey } from '../board/placement';
import { planeNumber } from '../board/planeNumber';
import { routePath } from '../board/routePath';
import { t } from '../i18n';
import type { BoardRenderer, RouteMoment } from '../render/boardRenderer';
import { type Controls, controlsOf } from './controls';
import { describeRoute } from './describe';
import { announcementOf } from './eventWords';
import type { GameSource, GameUpdate, GameView } from './types';

/** The controls are computed in ./controls; importers of the controller find their type here too. */
export type { Controls } from './controls';

/** What the board presents, when it presents it: a game event as its animation starts, or a moment within a move's animation. */
export type Presented = GameEvent | RouteMoment;

export interface ControllerHooks {
  /** Text for the ARIA live region. */
  announce(text: string): void;
  /** Called whenever the controls change. */
  changed(controls: Controls): void;
  /** The board presents an event (as its animation starts) or a moment of a move; `view` is the update's. */
  presented?(presented: Presented, view: GameView): void;
  /** The board shows this view, its animations done. */
  placed?(view: GameView): void;
  /** The player's setting: a tapped plane is selected first and moves on a second tap or confirm (default: one tap moves it). */
  confirmMoves?(): boolean;
}

/**
 * The adapter between a game source (room or local engine) and the board renderer (docs/decisions/002-game-as-action-stream.md): truth
 * first, animation second. Every update is shown in the panels the moment it arrives (`changed`), and
 * input acts on it; the board animates the updates after it, and when it falls behind by more than one
 * it hurries the animation in hand and jumps to the state before the newest, so it never trails the
 * game by more than about one animation.
 */
export class GameController {
  private layout: BoardLayout | null = null;
  private latest: GameView | null = null;
  private selected: number | null = null;
  /** The state the last move was sent on. */
  private movedOn: GameState | null = null;
  private readonly queue: GameUpdate[] = [];
  private animating = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly renderer: BoardRenderer,
    private readonly source: GameSource,
    private readonly hooks: ControllerHooks,
  ) {
    this.unsubscribe = source.subscribe((update) => this.take(update));
    const first = source.current();
    if (first) this.take({ view: first.view, events: [] });
  }

  dispose(): void {
    this.unsubscribe();
    this.queue.length = 0;
  }

  /** Resolves once the board shows the newest update (tests, screenshots). */
  async settled(): Promise<void> {
    while (this.animating || this.queue.length > 0) await new Promise((r) => setTimeout(r, 10));
  }

  controls(): Controls | null {
    return this.latest ? controlsOf(this.latest, this.selected) : null;
  }

  // ---- input: always against the newest state ----

  /** A tap on a plane (on the board or its button): see tapDecision. */
  tapPlane(key: string): void {
    const controls = this.controls();
    const ref = planeOfKey(key);
    if (!this.latest || this.moveSent() || !controls?.acting || !ref || ref.colour !== controls.acting) return;
    this.decide(ref.plane);
  }

  /** Move or select `plane` of the seat acting, as tapDecision says; false when it has no move. */
  private decide(plane: number): boolean {
    const decision = tapDecision(legalMoves(this.latest!.state), plane, this.selected, this.hooks.confirmMoves?.() ?? false);
    if (decision === 'move') this.move(plane);
    else if (decision === 'select') this.select(plane);
    return decision !== 'none';
  }

  roll(): void {
    if (this.controls()?.canRoll) this.source.send({ type: 'roll' });
  }

  confirm(): void {
    const controls = this.controls();
    if (controls && controls.selected !== null) this.move(controls.selected);
  }

  /** One move per state: a double tap must not send a second move (or select again) before the first one's answer. */
  private moveSent(): boolean {
    return this.latest !== null && this.latest.state === this.movedOn;
  }

  private move(plane: number): void {
    if (!this.latest || this.moveSent()) return;
    this.movedOn = this.latest.state;
    this.clearSelection();
    this.source.send({ type: 'move', plane });
  }

  /**
   * Keyboard play: a number key is a tap on that plane (one key moves a plane that has one move, unless
   * the player keeps select-then-confirm; the same key again moves the selected one), Enter/Space rolls
   * or confirms, Escape clears. Returns true if used.
   */
  key(key: string): boolean {
    const controls = this.controls();
    if (!controls || this.moveSent()) return false;
    if (/^[1-9]$/.test(key)) {
      const plane = Number(key) - 1;
      return controls.movable.includes(plane) && this.decide(plane);
    }
    if (key === 'Enter' || key === ' ') {
      if (controls.canRoll) this.roll();
      else if (controls.selected !== null) this.confirm();
      else if (controls.movable.length > 0) this.select(controls.movable[0]!);
      else return false;
      return true;
    }
    if (key === 'Escape' && this.selected !== null) {
      this.clearSelection();
      return true;
    }
    return false;
  }

  /** Switch 托管 for the own seat, whichever way the newest state says it is now. */
  toggleAutoPlay(): void {
    const controls = this.controls();
    if (controls?.own && controls.linked) this.source.send({ type: 'auto-play', seat: controls.own, on: !controls.autoPlay });
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

  /**
   * Draw a route on the board that is not a selection (the replay's best move at a mistake); null
   * clears it. Only when nothing is selected: a player's own preview comes first.
   */
  showHint(route: Route | null): void {
    if (this.selected !== null || !this.layout) return;
    this.renderer.showPreview(route ? routePath(this.layout, route) : null);
  }

  // ---- selection ----

  private moveOf(state: GameState, plane: number | null): LegalMove | undefined {
    return plane === null ? undefined : legalMoves(state).find((m) => m.plane === plane);
  }

  private select(plane: number): void {
    const move = this.latest && this.moveOf(this.latest.state, plane);
    if (!move || !this.layout) return;
    this.selected = plane;
    this.renderer.showPreview(routePath(this.layout, move.route));
    this.refresh();
    this.hooks.announce(t('announce.selected', { plane: planeNumber(plane), summary: describeRoute(move.route) }));
  }

  private clearSelection(): void {
    if (this.selected === null) return;
    this.selected = null;
    this.renderer.showPreview(null);
    this.refresh();
  }

  /** Tell the panels, and mark on the board the planes the player may pick. */
  private refresh(): void {
    const controls = this.controls();
    if (!controls) return;
    const colour = controls.acting;
    const keys = colour ? controls.movable.map((plane) => planeKey({ colour, plane })) : [];
    const selected = colour && controls.selected !== null ? planeKey({ colour, plane: controls.selected }) : null;
    this.renderer.setSelectable(keys, selected);
    this.hooks.changed(controls);
  }

  // ---- updates ----

  private take(update: GameUpdate): void {
    const previous = this.latest;
    this.latest = update.view;
    // A new state: a selection made on the old one means nothing now.
    if (previous && previous.state !== update.view.state && this.selected !== null) {
      this.selected = null;
      this.renderer.showPreview(null);
    }
    const words = announcementOf(update);
    if (words) this.hooks.announce(words);
    this.refresh();
    this.queue.push(update);
    if (this.animating) {
      this.renderer.hurry();
      return;
    }
    void this.animateQueue();
  }

  private async animateQueue(): Promise<void> {
    this.animating = true;
    try {
      while (this.queue.length > 0) {
        // More than one behind: jump to the state before the newest, and animate only the newest.
        if (this.queue.length > 1) this.place(this.queue.splice(0, this.queue.length - 1).at(-1)!.view);
        await this.play(this.queue.shift()!);
      }
    } finally {
      this.animating = false;
    }
  }

  /** Show a view on the board as it is (drawing the board first if the viewer changed). */
  private place(view: GameView): BoardLayout {
    const viewer = view.viewer ?? 'red';
    if (!this.layout || this.layout.bottom !== viewer) {
      this.layout = createLayout(viewer);
      const { config } = view.state;
      this.renderer.drawBoard(this.layout, {
        seats: view.state.seats,
        planes: config.planes,
        stars: config.safeSquares,
        jumps: config.jump,
        flights: config.flight,
      });
    }
    const { state } = view;
    const over = state.phase === 'over';
    this.renderer.placePlanes(placePlanes(this.layout, state));
    this.renderer.showArrived(arrivedCounts(state));
    this.renderer.setTurn(over ? null : state.current);
    this.renderer.showDie(over ? null : state.current, state.roll);
    this.hooks.placed?.(view);
    return this.layout;
  }

  private async play(update: GameUpdate): Promise<void> {
    const layout = this.layout ?? this.place(update.view);
    const { events, view } = update;
    // A capture is presented as the planes are hit, mid-route, rather than after the move's animation.
    const early = new Set<GameEvent>();
    for (const [i, event] of events.entries()) {
      if (early.has(event)) continue;
      this.hooks.presented?.(event, view);
      await animateEvent(this.renderer, layout, event, (moment) => {
        this.hooks.presented?.(moment, view);
        const capture = moment.type === 'hit' && events.slice(i + 1).find((e) => e.type === 'captured' && !early.has(e));
        if (!capture) return;
        early.add(capture);
        this.hooks.presented?.(capture, view);
      });
    }
    this.place(update.view);
    this.refresh();
  }
}

/** What a tap on a plane does: move it, select it (its route shown, a second tap or confirm moves it), or nothing. */
export type TapDecision = 'move' | 'select' | 'none';

/**
 * One tap moves a plane when there is nothing left to choose: the plane has exactly one legal move
 * (one route, no stack or route to pick). A player who keeps select-then-confirm (`confirmMoves`, a
 * setting) selects first; tapping the selected plane again moves it either way.
 */
export function tapDecision(moves: readonly LegalMove[], plane: number, selected: number | null, confirmMoves: boolean): TapDecision {
  const own = moves.filter((m) => m.plane === plane).length;
  if (own === 0) return 'none';
  if (selected === plane) return 'move';
  return own === 1 && !confirmMoves ? 'move' : 'select';
}

/** How the board animates one game event: a die roll, or a move along its route with the captured planes sent home. Other events have no animation of their own; `moment` hears each moment of a move. */
async function animateEvent(
  renderer: BoardRenderer,
  layout: BoardLayout,
  event: GameEvent,
  moment: (m: RouteMoment) => void,
): Promise<void> {
  switch (event.type) {
    case 'rolled':
      renderer.setTurn(event.seat);
      await renderer.rollDie(event.seat, event.value);
      return;
    case 'moved': {
      const victims: PlacedPlane[] = event.route.captures.flatMap((c) =>
        c.victims.map((v) => ({
          key: planeKey(v),
          colour: v.colour,
          plane: v.plane,
          point: pointOf(layout, v.colour, 'hangar', v.plane),
          stack: [v.plane],
          top: true,
          heading: 0,
        })),
      );
      await renderer.animateRoute(routePath(layout, event.route), victims, moment);
      return;
    }
    default:
      return;
  }
}
