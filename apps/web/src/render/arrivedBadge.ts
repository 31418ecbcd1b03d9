import type { Colour } from '@flightchess/rules';
import { Container, Graphics, Text } from 'pixi.js';
import { BOARD, FONT_STACK, SEAT_COLOURS } from './theme';

/** Text is rasterised at this size and scaled down into board units, so it stays crisp. */
const TEXT_PX = 48;
/** Fits the colour's centre triangle at the finish point without touching its neighbours' badges. */
const RADIUS = 0.42;

/** The arrived planes of one colour: a disk in its centre triangle with the count ("×3"). */
export class ArrivedBadge extends Container {
  private readonly countText: Text;

  constructor(colour: Colour) {
    super();
    const c = SEAT_COLOURS[colour];
    const disk = new Graphics()
      .circle(0, 0, RADIUS)
      .fill(c.strong)
      .stroke({ width: 0.07, color: BOARD.white })
      .circle(0, 0, RADIUS + 0.05)
      .stroke({ width: 0.03, color: c.dark });
    this.countText = new Text({
      text: '',
      style: { fontFamily: FONT_STACK, fontSize: TEXT_PX, fontWeight: '800', fill: colour === 'yellow' ? BOARD.ink : BOARD.white },
    });
    this.countText.anchor.set(0.5);
    this.countText.scale.set(0.4 / TEXT_PX);
    this.addChild(disk, this.countText);
  }

  setCount(count: number): void {
    const text = `×${count}`;
    if (this.countText.text !== text) this.countText.text = text;
  }
}
