import type { Ticker } from 'pixi.js';
import { Container, Graphics } from 'pixi.js';
import { BOARD } from './theme';
import { ease, tween } from './tween';

const SIZE = 1.1;
/** Pip positions on a unit die face (−1..1). */
const PIPS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

/** The die: tumbles through random faces, then lands on the value the game rolled. */
export class DieView extends Container {
  private readonly face = new Graphics();
  private value: number | null = null;

  constructor() {
    super();
    this.addChild(this.face);
    this.draw(null, 0xffffff);
    this.eventMode = 'static';
    this.cursor = 'pointer';
  }

  /** Draw a face; `value` null shows a blank die waiting for a roll. */
  draw(value: number | null, rim: number): void {
    this.value = value;
    const h = SIZE / 2;
    const g = this.face.clear();
    g.roundRect(-h + 0.05, -h + 0.08, SIZE, SIZE, 0.22).fill({ color: 0x000000, alpha: 0.25 });
    g.roundRect(-h, -h, SIZE, SIZE, 0.22).fill(BOARD.white).stroke({ width: 0.09, color: rim });
    // A blank face: not rolled yet.
    if (value === null) return;
    const pipColour = value === 1 ? 0xd50000 : BOARD.ink;
    for (const [x, y] of PIPS[value] ?? []) g.circle(x * 0.27, y * 0.27, value === 1 ? 0.15 : 0.1).fill(pipColour);
  }

  current(): number | null {
    return this.value;
  }

  async roll(value: number, rim: number, ticker: Ticker, ms: number, rate: () => number): Promise<void> {
    let lastFace = 0;
    await tween(
      ticker,
      ms,
      (t) => {
        const face = Math.floor(t * 9);
        if (face !== lastFace && t < 1) {
          lastFace = face;
          this.draw(1 + Math.floor(Math.random() * 6), rim);
        }
        this.rotation = (1 - t) * Math.PI * 2.5;
        this.scale.set(1 + 0.35 * Math.sin(t * Math.PI));
      },
      ease.out,
      rate,
    );
    this.rotation = 0;
    this.scale.set(1);
    this.draw(value, rim);
  }
}
