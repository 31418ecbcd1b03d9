/** Small seams to the browser, so pure modules run in node tests with fakes. */

/** The subset of the Web Storage API the client uses (localStorage in the browser). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Scheduler {
  /** Run `fn` after `ms`; returns a cancel function. */
  after(ms: number, fn: () => void): () => void;
}

export const realScheduler: Scheduler = {
  after(ms, fn) {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
};

/** A fair die from the platform's cryptographic source (rejection sampling keeps it unbiased). */
export function cryptoDie(): number {
  const buf = new Uint8Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    const v = buf[0]!;
    if (v < 252) return (v % 6) + 1;
  }
}

/** A uniform index 0..n−1 from the cryptographic source. */
export function cryptoIndex(n: number): number {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    if (buf[0]! < limit) return buf[0]! % n;
  }
}
