import {
  type BySeat,
  type Colour,
  type GameEvent,
  type GameState,
  type LegalMove,
  type Route,
  type SeatControl,
  legalMoves,
  nextSteps,
} from '@flightchess/rules';
import type { AutoPlayReason } from '@flightchess/protocol';
import { type BoardLayout, createLayout, pointOf } from '../board/layout';
import { type PlacedPlane, arrivedCounts, placePlanes, planeKey, planeOfKey } from '../board/placement';
import { routePath } from '../board/routePath';
import { t } from '../i18n';
import { describePosition, describeRoute, seatName } from './describe';
import type { BoardRenderer, RouteMoment } from './boardRenderer';
import type { GameSource, GameUpdate, GameView } from './types';

/** What the DOM panels show and enable: always the newest state, whatever the board is still animating. */
export interface Controls {
  readonly view: GameView;
  /** The local seat that may act now (roll or move), else null. */
  readonly acting: Colour | null;
  readonly canRoll: boolean;
  /** Planes of the acting seat that can move with the pending roll. */
  readonly movable: readonly number[];
  readonly selected: number | null;
  /** The selected move's route in words. */
  readonly summary: string | null;
  /** A local seat's only legal move, which the server (or the offline game) plays by itself (RULES.md §9.10). */
  readonly autoMove: boolean;
  readonly prompt: string;
  /** The local seat that resign / draw / auto-play buttons act for. */
  readonly own: Colour | null;
  readonly canResign: boolean;
  /** Rolls the game still needs before resigning is allowed (0: allowed, or never limited by rolls). */
  readonly rollsBeforeResign: number;
  readonly canOfferDraw: boolean;
  /** The seat that offered a draw this client must answer, and the local seat that answers. */
  readonly drawToAnswer: Colour | null;
  readonly drawAnswerer: Colour | null;
  /** The team-mate whose resignation this client must answer, and the local seat that answers. */
  readonly resignToAnswer: Colour | null;
  readonly resignAnswerer: Colour | null;
  readonly autoPlay: boolean;
  /** Why the own seat is on auto-play (null when it is not): its banner says so. */
  readonly autoPlayBy: AutoPlayReason | null;
  /** What is pressed now reaches the game: false while an online link is down, so nothing acts then. */
  readonly linked: boolean;
}

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
}

/** Who decides for each seat, as the view shows them (for nextSteps): the controller never plays, so a bot's name does not matter. */
function controlOf(view: GameView): BySeat<SeatControl> {
  const control: BySeat<SeatControl> = {};
  for (const s of view.seats) control[s.colour] = { bot: s.kind === 'bot' ? 'strong' : null, autoPlay: s.autoPlay };
  return control;
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
    return this.latest ? this.computeControls(this.latest) : null;
  }

  // ---- input: always against the newest state ----

  tapPlane(key: string): void {
    const controls = this.controls();
    const ref = planeOfKey(key);
    if (!controls?.acting || !ref || ref.colour !== controls.acting || !controls.movable.includes(ref.plane)) return;
    if (this.selected === ref.plane) this.confirm();
    else this.select(ref.plane);
  }

  roll(): void {
    if (this.controls()?.canRoll) this.source.send({ type: 'roll' });
  }

  confirm(): void {
    const controls = this.controls();
    if (!controls || controls.selected === null) return;
    const plane = controls.selected;
    this.clearSelection();
    this.source.send({ type: 'move', plane });
  }

  /** Keyboard play: number keys pick a plane, Enter/Space rolls or confirms, Escape clears. Returns true if used. */
  key(key: string): boolean {
    const controls = this.controls();
    if (!controls) return false;
    if (/^[1-9]$/.test(key)) {
      const plane = Number(key) - 1;
      if (!controls.movable.includes(plane)) return false;
      this.select(plane);
      return true;
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
    this.hooks.announce(t('announce.selected', { plane: plane + 1, summary: describeRoute(move.route) }));
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
    this.announce(update);
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
    for (const event of update.events) {
      this.hooks.presented?.(event, update.view);
      await this.animateEvent(layout, event, (moment) => this.hooks.presented?.(moment, update.view));
    }
    this.place(update.view);
    this.refresh();
  }

  private async animateEvent(layout: BoardLayout, event: GameEvent, moment: (m: RouteMoment) => void): Promise<void> {
    switch (event.type) {
      case 'rolled':
        this.renderer.setTurn(event.seat);
        await this.renderer.rollDie(event.seat, event.value);
        return;
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
        await this.renderer.animateRoute(routePath(layout, event.route), victims, moment);
        return;
      }
      default:
        return;
    }
  }

  /** What happened, for the ARIA live region, as soon as it happened. */
  private announce(update: GameUpdate): void {
    const view = update.view;
    const name = (c: Colour) => seatName(view, c);
    const lines = update.events.flatMap((event): string[] => {
      switch (event.type) {
        case 'rolled':
          return [t('announce.rolled', { name: name(event.seat), roll: event.value })];
        case 'no-move':
          return [t('game.noMove', { name: name(event.seat), roll: event.value })];
        case 'moved':
          return [t('announce.moved', { name: name(event.seat), plane: event.plane + 1, where: describePosition(event.route.final) })];
        case 'captured':
          return [t('announce.captured', { name: name(event.seat), n: event.capture.victims.length })];
        case 'arrived':
          return [t('announce.arrived', { name: name(event.seat) })];
        case 'extra-roll':
          return [t('announce.extra', { name: name(event.seat) })];
        case 'turn':
          return [t('announce.turn', { name: name(event.seat) })];
        case 'draw-offered':
          return [t('game.drawOffered', { name: name(event.seat) })];
        case 'game-over':
          return [event.result.winner ? t('announce.over', { name: name(event.result.winner) }) : t('announce.draw')];
        default:
          return [];
      }
    });
    if (lines.length > 0) this.hooks.announce(lines.join(' '));
  }

  // ---- derived controls ----

  /** The local seat that resign, draw and auto-play act for: the own seat online, the current human seat in hot-seat. */
  private ownSeat(view: GameView): Colour | null {
    const locals = view.seats.filter((s) => s.local && !view.state.out[s.colour]);
    if (view.mode === 'online' || locals.length <= 1) return locals[0]?.colour ?? null;
    return locals.find((s) => s.colour === view.state.current)?.colour ?? null;
  }

  private computeControls(view: GameView): Controls {
    const { state } = view;
    const isLocal = (c: Colour | undefined) => c !== undefined && view.seats.some((s) => s.colour === c && s.local);
    const { turn, answer } = nextSteps(state, controlOf(view));
    const linked = view.linkDown !== true;
    const acting = linked && turn?.by === 'person' && isLocal(turn.seat) ? turn.seat : null;
    const moves = acting && state.phase === 'move' ? legalMoves(state) : [];
    const selectedMove = moves.find((m) => m.plane === this.selected);
    const autoMove = turn?.by === 'forced' && isLocal(turn.seat);
    const answering = linked && answer?.by === 'person' && isLocal(answer.seat) ? answer : null;
    const own = this.ownSeat(view);
    const ownView = view.seats.find((s) => s.colour === own);
    const playing = state.phase !== 'over';
    const mayAct = linked && playing && own !== null;
    const currentName = seatName(view, state.current);
    // Hot-seat with several people: say whose hands the device goes to.
    const people = view.seats.filter((s) => s.local && s.kind === 'human').length;
    const yours = people > 1 ? t('game.passDevice', { name: currentName }) : t('game.yourTurn');
    let prompt: string;
    if (!playing) prompt = '';
    else if (!linked) prompt = t('game.linkDown');
    else if (acting && state.phase === 'roll') prompt = `${yours} · ${t('game.rollPrompt')}`;
    else if (acting) prompt = selectedMove ? t('game.confirmPrompt') : t('game.movePrompt', { roll: state.roll ?? 0 });
    else if (autoMove) prompt = t('game.autoMove', { name: currentName });
    else prompt = t('game.turnOf', { name: currentName });
    return {
      view,
      acting,
      canRoll: acting !== null && state.phase === 'roll',
      movable: moves.map((m) => m.plane),
      selected: selectedMove ? selectedMove.plane : null,
      summary: selectedMove ? describeRoute(selectedMove.route) : null,
      autoMove,
      prompt,
      own,
      canResign: mayAct && state.rolls >= state.config.resignAfterRolls && state.pendingResign === null,
      rollsBeforeResign: Math.max(0, state.config.resignAfterRolls - state.rolls),
      canOfferDraw: mayAct && state.config.drawByAgreement && state.drawOffer === null,
      drawToAnswer: answering?.action === 'answer-draw' ? state.drawOffer : null,
      drawAnswerer: answering?.action === 'answer-draw' ? answering.seat : null,
      resignToAnswer: answering?.action === 'answer-resign' ? state.pendingResign : null,
      resignAnswerer: answering?.action === 'answer-resign' ? answering.seat : null,
      autoPlay: ownView?.autoPlay === true,
      autoPlayBy: ownView?.autoPlay ? (ownView.autoPlayBy ?? 'player') : null,
      linked,
    };
  }
}
