import type { Ticker } from 'pixi.js';

export const ease = {
  linear: (t: number) => t,
  inOut: (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2),
  out: (t: number) => 1 - (1 - t) ** 3,
};

/**
 * Run `frame(progress)` on every tick for `ms`, resolving at progress 1 with the time the last tick ran
 * past the end. `rate` is read every tick: time runs that much faster (a board hurrying to catch up with
 * the game). `carry`: time already gone by (the previous tween's overrun), so that a chain of tweens keeps
 * its length in time however few frames a second the device draws; a tween it covers is done at once.
 */
export function tween(
  ticker: Ticker,
  ms: number,
  frame: (t: number) => void,
  curve: (t: number) => number = ease.inOut,
  rate: () => number = () => 1,
  carry = 0,
): Promise<number> {
  return new Promise((resolve) => {
    // Shorter than a frame (fast test runs), or already gone by: nothing to show, finish at once.
    if (ms < 16 || carry >= ms) {
      frame(1);
      resolve(Math.max(0, carry - ms));
      return;
    }
    let elapsed = carry;
    const step = (t: Ticker) => {
      elapsed += t.deltaMS * rate();
      const p = Math.min(1, elapsed / ms);
      frame(curve(p));
      if (p >= 1) {
        ticker.remove(step);
        resolve(elapsed - ms);
      }
    };
    ticker.add(step);
  });
}

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}
