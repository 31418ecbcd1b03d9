import type { Colour } from '@flightchess/rules';
import { Container, Graphics, Text } from 'pixi.js';
import { drawPlaneShape } from './planeShape';
import { BOARD, FONT_STACK, SEAT_COLOURS } from './theme';

/** Text is rasterised at this size and scaled down into board units, so it stays crisp. */
const TEXT_PX = 48;

/** One plane on the board: a token with a plane silhouette, a stack count and a selection ring. */
export class PlaneToken extends Container {
  private readonly ring = new Graphics();
  private readonly body = new Graphics();
  private readonly badge = new Container();
  private readonly badgeText: Text;
  /** What the ring shows now. */
  private drawn = 'none';

  constructor(
    readonly key: string,
    readonly colour: Colour,
  ) {
    super();
    const c = SEAT_COLOURS[colour];
    const disk = new Graphics()
      .circle(0.03, 0.05, 0.4)
      .fill({ color: 0x000000, alpha: 0.25 })
      .circle(0, 0, 0.4)
      .fill(BOARD.white)
      .stroke({ width: 0.07, color: c.dark });
    drawPlaneShape(this.body, 0.32).fill(c.strong).stroke({ width: 0.03, color: c.dark });
    this.badgeText = new Text({
      text: '',
      style: { fontFamily: FONT_STACK, fontSize: TEXT_PX, fontWeight: '700', fill: BOARD.white },
    });
    this.badgeText.anchor.set(0.5);
    this.badgeText.scale.set(0.3 / TEXT_PX);
    this.badge.addChild(new Graphics().circle(0, 0, 0.2).fill(BOARD.ink).stroke({ width: 0.04, color: BOARD.white }), this.badgeText);
    this.badge.position.set(0.3, -0.3);
    this.badge.visible = false;
    this.addChild(this.ring, disk, this.body, this.badge);
    this.eventMode = 'static';
    this.hitArea = { contains: (x: number, y: number) => x * x + y * y < 0.5 * 0.5 };
  }

  setHeading(radians: number): void {
    this.body.rotation = radians;
  }

  setCount(count: number): void {
    this.badge.visible = count > 1;
    this.badgeText.text = String(count);
  }

  /** A gold ring marks the planes that may move; a thicker one with a white edge the selected plane. */
  setMarks(selectable: boolean, selected: boolean): void {
    const mode = selected ? 'selected' : selectable ? 'selectable' : 'none';
    if (mode === this.drawn) return;
    this.drawn = mode;
    this.cursor = selectable ? 'pointer' : 'default';
    const ring = this.ring.clear();
    if (mode === 'selected') {
      ring
        .circle(0, 0, 0.54)
        .stroke({ width: 0.14, color: BOARD.highlight })
        .circle(0, 0, 0.62)
        .stroke({ width: 0.04, color: BOARD.white });
    } else if (mode === 'selectable') {
      ring.circle(0, 0, 0.5).stroke({ width: 0.08, color: BOARD.highlight, alpha: 0.95 });
    }
  }
}
