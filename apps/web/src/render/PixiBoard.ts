import type { Colour } from '@flightchess/rules';
import { Container, Graphics } from 'pixi.js';
// Pixi compiles its shader glue with eval unless this is loaded; the server's CSP allows no eval.
import 'pixi.js/unsafe-eval';
import { type ArrivedMark, type PlacedPlane, planeKey } from '../board/placement';
import type { BoardMarks, BoardRenderer, RouteMoment } from './boardRenderer';
import { type BoardLayout, type Point, boardScale } from '../board/layout';
import { CAPTURE_MS, LEG_MS, ROLL_MS } from '@flightchess/protocol';
import type { CaptureMark, RoutePath, StepKind } from '../board/routePath';
import { BoardApp } from './boardApp';
import { captureBurst } from './captureBurst';
import { drawBoard } from './boardGraphics';
import { ArrivedBadge } from './arrivedBadge';
import { DieView } from './dieView';
import { PlaneToken } from './planeToken';
import { arcControl, drawPreview } from './previewGraphics';
import { BOARD, SEAT_COLOURS } from './theme';
import { ease, lerp, tween } from './tween';

export interface PixiBoardOptions {
  /** Multiplies every animation's duration (0.1 in fast test runs). */
  readonly speed: number;
}

// The die gets ROLL_MS, each leg LEG_MS at its route's pace, each capture CAPTURE_MS: the protocol's
// movePace, which the server waits for before the next automatic step.
/** How much faster time runs while the board hurries to catch up. */
const HURRY_RATE = 8;

/** The Pixi.js board: draws the layout, planes, die and previews, and animates moves. */
export class PixiBoard implements BoardRenderer {
  onPlaneTap: (key: string) => void = () => {};
  onDieTap: () => void = () => {};

  private readonly root = new Container();
  private readonly boardLayer = new Container();
  private readonly glow = new Graphics();
  private readonly arrivedLayer = new Container();
  private readonly badges = new Map<Colour, ArrivedBadge>();
  private readonly previewLayer = new Container();
  /** Capture bursts, under the planes. */
  private readonly effectLayer = new Container();
  private readonly planeLayer = new Container();
  private readonly die = new DieView();
  private readonly tokens = new Map<string, PlaneToken>();
  private layout: BoardLayout | null = null;
  private turn: Colour | null = null;
  private moving = 0;
  /** Animation time runs this much faster (HURRY_RATE while catching up). */
  private rate = 1;
  private readonly clock = () => this.rate;
  private frameQueued = false;
  private readonly observer: ResizeObserver;

  private constructor(
    private readonly app: BoardApp,
    private readonly host: HTMLElement,
    private readonly options: PixiBoardOptions,
  ) {
    this.root.addChild(this.boardLayer, this.glow, this.arrivedLayer, this.previewLayer, this.effectLayer, this.planeLayer, this.die);
    app.stage.addChild(this.root);
    this.planeLayer.sortableChildren = true;
    this.die.visible = false;
    this.die.on('pointertap', () => this.onDieTap());
    // Frames are drawn on demand: the ticker runs only while something moves (a still board costs nothing,
    // which matters on phones and on software-rendered test machines).
    app.ticker.stop();
    this.observer = new ResizeObserver(() => this.fit());
    this.observer.observe(host);
    this.fit();
  }

  static async create(host: HTMLElement, options: PixiBoardOptions): Promise<PixiBoard> {
    const app = await BoardApp.create({
      background: BOARD.background,
      backgroundAlpha: 0,
      resolution: Math.min(window.devicePixelRatio || 1, 2),
      width: Math.max(1, host.clientWidth),
      height: Math.max(1, host.clientHeight),
    });
    app.canvas.setAttribute('aria-hidden', 'true');
    host.appendChild(app.canvas);
    return new PixiBoard(app, host, options);
  }

  destroy(): void {
    this.observer.disconnect();
    this.app.destroy();
  }

  private fit(): void {
    const w = Math.max(1, this.host.clientWidth);
    const h = Math.max(1, this.host.clientHeight);
    this.app.renderer.resize(w, h);
    const scale = boardScale(this.layout?.extent ?? 7.4, w, h);
    this.root.scale.set(scale);
    this.root.position.set(w / 2, h / 2);
    this.cacheBoard();
    this.redraw();
  }

  /**
   * The board never changes during a game: draw it once into a texture at the on-screen pixel density
   * (it is drawn in board units, so the texture resolution is the scale), not hundreds of shapes a frame.
   */
  private cacheBoard(): void {
    if (this.boardLayer.children.length === 0) return;
    this.boardLayer.cacheAsTexture(false);
    this.boardLayer.cacheAsTexture({ resolution: this.root.scale.x * this.app.renderer.resolution, antialias: true });
  }

  private ms(kind: number): number {
    return kind * this.options.speed;
  }

  /** Run the ticker (one frame per tick) while `motion` plays. */
  private animate(motion: () => Promise<void>): Promise<void> {
    this.moving++;
    this.app.ticker.start();
    return motion().finally(() => {
      if (--this.moving === 0) {
        this.rate = 1;
        this.app.ticker.stop();
        this.redraw();
      }
    });
  }

  /** Draw one frame soon (after a change while nothing moves). */
  private redraw(): void {
    if (this.frameQueued || this.moving > 0) return;
    this.frameQueued = true;
    requestAnimationFrame(() => {
      this.frameQueued = false;
      if (this.moving === 0) this.app.render();
    });
  }

  // ---- BoardRenderer ----

  drawBoard(layout: BoardLayout, marks: BoardMarks): void {
    this.layout = layout;
    this.boardLayer.removeChildren().forEach((c) => c.destroy({ children: true }));
    this.boardLayer.addChild(drawBoard(layout, marks));
    this.fit();
  }

  placePlanes(planes: readonly PlacedPlane[]): void {
    const seen = new Set<string>();
    for (const plane of planes) {
      seen.add(plane.key);
      const token = this.token(plane.key, plane.colour);
      token.position.set(plane.point.x, plane.point.y);
      token.setHeading(plane.heading);
      token.setStack(plane.top ? plane.stack : [plane.plane]);
      token.visible = plane.top;
      token.alpha = 1;
    }
    for (const [key, token] of this.tokens) {
      if (seen.has(key)) continue;
      token.destroy({ children: true });
      this.tokens.delete(key);
    }
    // Tops last, so a stack's counted plane is drawn above the ones it hides.
    const ordered = [...planes].sort((a, b) => Number(a.top) - Number(b.top));
    ordered.forEach((p, i) => {
      const token = this.tokens.get(p.key);
      if (token) token.zIndex = i;
    });
    this.redraw();
  }

  showArrived(marks: readonly ArrivedMark[]): void {
    for (const [colour, badge] of this.badges) badge.visible = marks.some((m) => m.colour === colour);
    for (const { colour, count } of marks) {
      let badge = this.badges.get(colour);
      if (!badge) {
        badge = new ArrivedBadge(colour);
        this.badges.set(colour, badge);
        this.arrivedLayer.addChild(badge);
      }
      const at = this.layout?.finish[colour];
      if (at) badge.position.set(at.x, at.y);
      badge.setCount(count);
    }
    this.redraw();
  }

  animateRoute(path: RoutePath, victims: readonly PlacedPlane[], moment: (m: RouteMoment) => void): Promise<void> {
    const token = this.tokens.get(planeKey(path));
    if (!token) return Promise.resolve();
    return this.animate(() => this.fly(token, path, victims, moment));
  }

  hurry(): void {
    if (this.moving > 0) this.rate = HURRY_RATE;
  }

  private async fly(token: PlaneToken, path: RoutePath, victims: readonly PlacedPlane[], moment: (m: RouteMoment) => void): Promise<void> {
    const { pace } = path;
    token.visible = true;
    token.setStack([path.plane]);
    token.zIndex = 1000;
    let from: Point = { x: token.x, y: token.y };
    // Each leg starts where the last one's final frame ran past its end: the route keeps its length in time.
    let carry = 0;
    for (let i = 0; i < path.waypoints.length; i++) {
      const wp = path.waypoints[i]!;
      moment({ type: 'leg', kind: wp.kind });
      carry = await this.travel(token, from, wp.point, wp.kind, pace, carry);
      from = wp.point;
      const hits = path.captures.filter((c) => c.after === i);
      if (hits.length > 0) {
        moment({ type: 'hit' });
        await this.capture(hits, victims);
        carry = 0;
      }
    }
    if (path.end.x !== from.x || path.end.y !== from.y) {
      await this.travel(token, from, path.end, 'flight', pace, carry);
    }
  }

  /** A capture's own beat: a burst at each square hit while its planes fly home. */
  private async capture(hits: readonly CaptureMark[], victims: readonly PlacedPlane[]): Promise<void> {
    const keys = new Set(hits.flatMap((c) => c.victims.map(planeKey)));
    await Promise.all([
      ...hits.map((c) => captureBurst(this.effectLayer, c.point, this.app.ticker, this.ms(CAPTURE_MS), this.clock)),
      this.sendHome(victims.filter((v) => keys.has(v.key))),
    ]);
  }

  private async sendHome(victims: readonly PlacedPlane[]): Promise<void> {
    await Promise.all(
      victims.map((v) => {
        const token = this.tokens.get(v.key);
        if (!token) return Promise.resolve();
        token.visible = true;
        token.setStack([v.plane]);
        const from = { x: token.x, y: token.y };
        return tween(
          this.app.ticker,
          this.ms(CAPTURE_MS),
          (t) => {
            token.position.set(lerp(from.x, v.point.x, t), lerp(from.y, v.point.y, t) - Math.sin(t * Math.PI) * 1.2);
            token.rotation = t * Math.PI * 4;
          },
          ease.inOut,
          this.clock,
        ).then(() => {
          token.rotation = 0;
        });
      }),
    );
  }

  /** One leg of a route; resolves with the time its last frame ran past the end. */
  private travel(token: PlaneToken, a: Point, b: Point, kind: StepKind, pace: number, carry: number): Promise<number> {
    token.setHeading(Math.atan2(b.y - a.y, b.x - a.x) + (kind === 'back' ? Math.PI : 0));
    const ctrl = kind === 'jump' ? arcControl(a, b) : null;
    return tween(
      this.app.ticker,
      this.ms(LEG_MS[kind] * pace),
      (t) => {
        if (ctrl) {
          const u = 1 - t;
          token.position.set(u * u * a.x + 2 * u * t * ctrl.x + t * t * b.x, u * u * a.y + 2 * u * t * ctrl.y + t * t * b.y);
        } else {
          token.position.set(lerp(a.x, b.x, t), lerp(a.y, b.y, t));
        }
        const lift = kind === 'flight' ? 0.45 : kind === 'jump' ? 0.3 : 0.15;
        token.scale.set(1 + lift * Math.sin(t * Math.PI));
      },
      kind === 'step' || kind === 'back' ? ease.linear : ease.inOut,
      this.clock,
      carry,
    );
  }

  rollDie(colour: Colour, value: number): Promise<void> {
    this.placeDie(colour);
    this.die.visible = true;
    return this.animate(() => this.die.roll(value, SEAT_COLOURS[colour].strong, this.app.ticker, this.ms(ROLL_MS), this.clock));
  }

  showDie(colour: Colour | null, value: number | null): void {
    this.die.visible = colour !== null;
    if (!colour) {
      this.redraw();
      return;
    }
    this.placeDie(colour);
    this.die.draw(value, SEAT_COLOURS[colour].strong);
    this.redraw();
  }

  private placeDie(colour: Colour): void {
    const spot = this.layout?.dieSpot[colour];
    if (spot) this.die.position.set(spot.x, spot.y);
  }

  setTurn(colour: Colour | null): void {
    if (colour === this.turn) return;
    this.turn = colour;
    this.drawGlow();
  }

  setSelectable(keys: readonly string[], selected: string | null): void {
    const allowed = new Set(keys);
    for (const [key, token] of this.tokens) {
      token.setMarks(allowed.has(key), key === selected);
      if (allowed.has(key)) token.zIndex = 900;
    }
    this.redraw();
  }

  showPreview(path: RoutePath | null): void {
    this.previewLayer.removeChildren().forEach((c) => c.destroy({ children: true }));
    if (path) this.previewLayer.addChild(drawPreview(path));
    this.redraw();
  }

  private token(key: string, colour: Colour): PlaneToken {
    let token = this.tokens.get(key);
    if (!token) {
      token = new PlaneToken(key, colour);
      token.on('pointertap', () => this.onPlaneTap(key));
      this.tokens.set(key, token);
      this.planeLayer.addChild(token);
    }
    return token;
  }

  /** A bold frame around the hangar of the seat whose turn it is. */
  private drawGlow(): void {
    const g = this.glow.clear();
    const colour = this.turn;
    if (colour && this.layout) {
      const box = this.layout.hangarBox[colour];
      const pad = 0.16;
      g.roundRect(box.x - pad, box.y - pad, box.w + 2 * pad, box.h + 2 * pad, 0.45)
        .stroke({ width: 0.3, color: BOARD.highlight, alpha: 0.9 })
        .roundRect(box.x - pad, box.y - pad, box.w + 2 * pad, box.h + 2 * pad, 0.45)
        .stroke({ width: 0.14, color: SEAT_COLOURS[colour].dark });
    }
    this.redraw();
  }
}
