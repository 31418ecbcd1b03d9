import type { Ticker } from 'pixi.js';
import { tween } from '../src/render/tween';

/** A ticker whose frames come by hand, each `deltaMS` apart (a slow device draws few a second). */
function slowTicker(deltaMS: number) {
  const listeners = new Set<(t: Ticker) => void>();
  const ticker = { deltaMS, add: (f: (t: Ticker) => void) => listeners.add(f), remove: (f: (t: Ticker) => void) => listeners.delete(f) };
  return {
    ticker: ticker as unknown as Ticker,
    frame: () => {
      for (const f of [...listeners]) f(ticker as unknown as Ticker);
    },
  };
}

const settle = () => new Promise((r) => setImmediate(r));

test('a chain of tweens keeps its length in time at few frames a second: each starts with the overrun of the one before', async () => {
  const { ticker, frame } = slowTicker(250);
  const legs: number[] = [];
  const chain = (async () => {
    let carry = 0;
    for (let leg = 0; leg < 6; leg++) {
      carry = await tween(
        ticker,
        100,
        () => undefined,
        (t) => t,
        () => 1,
        carry,
      );
      legs.push(leg);
    }
    return carry;
  })();
  // Six legs of 100 ms are 600 ms: three frames of 250 ms, not one frame a leg.
  let frames = 0;
  while (legs.length < 6 && frames < 10) {
    frame();
    frames++;
    await settle();
  }
  expect(frames).toBe(3);
  expect(await chain).toBe(150);
});

test('without an overrun a tween takes as many frames as its time needs, and says how far the last one ran past', async () => {
  const { ticker, frame } = slowTicker(40);
  const seen: number[] = [];
  const done = tween(
    ticker,
    100,
    (t) => seen.push(t),
    (t) => t,
  );
  for (let i = 0; i < 3; i++) frame();
  expect(seen).toEqual([0.4, 0.8, 1]);
  expect(await done).toBeCloseTo(20);
});
