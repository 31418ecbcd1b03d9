import type { Ticker } from 'pixi.js';

export const ease = {
  linear: (t: number) => t,
  inOut: (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2),
  out: (t: number) => 1 - (1 - t) ** 3,
};

/**
 * Run `frame(progress)` on every tick for `ms`, resolving at progress 1. `rate` is read every tick:
 * time runs that much faster (a board hurrying to catch up with the game).
 */
export function tween(
  ticker: Ticker,
  ms: number,
  frame: (t: number) => void,
  curve: (t: number) => number = ease.inOut,
  rate: () => number = () => 1,
): Promise<void> {
  return new Promise((resolve) => {
    // Shorter than a frame (fast test runs): nothing to show, finish at once.
    if (ms < 16) {
      frame(1);
      resolve();
      return;
    }
    let elapsed = 0;
    const step = (t: Ticker) => {
      elapsed += t.deltaMS * rate();
      const p = Math.min(1, elapsed / ms);
      frame(curve(p));
      if (p >= 1) {
        ticker.remove(step);
        resolve();
      }
    };
    ticker.add(step);
  });
}

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}
