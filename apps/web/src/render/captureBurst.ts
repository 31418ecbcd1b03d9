import { Graphics, type Ticker } from 'pixi.js';
import type { Point } from '../board/layout';
import { BOARD } from './theme';
import { ease, tween } from './tween';

const RAYS = 8;

/**
 * The mark of a capture at its square, so that nobody misses it: a red flash, rays and a ring bursting
 * out and fading over `ms`, then gone. Added to `layer` for its lifetime.
 */
export function captureBurst(
  layer: { addChild(g: Graphics): void },
  at: Point,
  ticker: Ticker,
  ms: number,
  rate: () => number,
): Promise<void> {
  const g = new Graphics();
  g.position.set(at.x, at.y);
  layer.addChild(g);
  return tween(
    ticker,
    ms,
    (t) => {
      const r = 0.25 + t * 0.9;
      g.clear()
        .circle(0, 0, 0.45 * (1 - t) + 0.05)
        .fill({ color: BOARD.highlight, alpha: 1 - t });
      for (let i = 0; i < RAYS; i++) {
        const a = (i / RAYS) * Math.PI * 2;
        g.moveTo(Math.cos(a) * r * 0.55, Math.sin(a) * r * 0.55).lineTo(Math.cos(a) * r, Math.sin(a) * r);
      }
      g.stroke({ width: 0.1, color: BOARD.capture, alpha: 1 - t })
        .circle(0, 0, r)
        .stroke({ width: 0.08, color: BOARD.capture, alpha: 1 - t });
    },
    ease.out,
    rate,
  ).then(() => g.destroy());
}
