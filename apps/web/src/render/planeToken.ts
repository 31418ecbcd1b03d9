import type { Colour } from '@flightchess/rules';
import { Container, Graphics, Text } from 'pixi.js';
import { stackLabel } from '../board/planeNumber';
import { drawPlaneShape } from './planeShape';
import { BOARD, FONT_STACK, SEAT_COLOURS } from './theme';

/** Text is rasterised at this size and scaled down into board units, so it stays crisp. */
const TEXT_PX = 48;
/** A lone numeral's height in board units: about 14 px on a 375 px phone board, over the plane's middle. */
const NUMBER_SIZE = 0.58;
/** A stack's label ("1·3") is shrunk to this width: a little wider than the token, to stay legible on a phone. */
const LABEL_WIDTH = 1.2;

/**
 * One plane on the board: a token with a plane silhouette, its number (1–4, as on the plane buttons)
 * and a selection ring. A stack's top token shows every number in it. The number is white with a dark
 * outline, readable on each seat colour and without telling colours apart.
 */
export class PlaneToken extends Container {
  private readonly ring = new Graphics();
  private readonly body = new Graphics();
  private readonly numbers: Text;
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
    this.numbers = new Text({
      text: '',
      style: {
        fontFamily: FONT_STACK,
        fontSize: TEXT_PX,
        fontWeight: '800',
        fill: BOARD.white,
        stroke: { color: BOARD.ink, width: TEXT_PX * 0.22, join: 'round' },
      },
    });
    this.numbers.anchor.set(0.5);
    this.addChild(this.ring, disk, this.body, this.numbers);
    this.eventMode = 'static';
    this.hitArea = { contains: (x: number, y: number) => x * x + y * y < 0.5 * 0.5 };
  }

  setHeading(radians: number): void {
    this.body.rotation = radians;
  }

  /** The planes this token stands for: its own alone, or (the top of a stack) all of them. */
  setStack(planes: readonly number[]): void {
    const text = stackLabel(planes);
    if (this.numbers.text === text) return;
    this.numbers.text = text;
    const scale = NUMBER_SIZE / TEXT_PX;
    this.numbers.scale.set(Math.min(scale, LABEL_WIDTH / Math.max(1, this.numbers.width / this.numbers.scale.x)));
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
