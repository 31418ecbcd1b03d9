/** Small descriptive statistics for the simulator. Empty samples give NaN rather than a made-up number. */

export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/** The sample standard deviation (n − 1); NaN for fewer than two values. */
export function standardDeviation(xs: readonly number[]): number {
  if (xs.length < 2) return Number.NaN;
  const m = mean(xs);
  let squares = 0;
  for (const x of xs) squares += (x - m) ** 2;
  return Math.sqrt(squares / (xs.length - 1));
}

/** The q-th percentile (0..100) by the nearest-rank method: the smallest value with at least q% of the sample at or below it. */
export function percentile(xs: readonly number[], q: number): number {
  if (xs.length === 0 || !(q >= 0 && q <= 100)) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((q / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for a proportion (successes / trials). Chosen over the normal approximation
 * because it stays inside [0, 1] and is accurate for rates near 0 or 1 and for small samples.
 */
export function wilsonInterval(successes: number, trials: number, z = Z95): Interval {
  if (trials <= 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2n = (z * z) / trials;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / trials + z2n / (4 * trials));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
