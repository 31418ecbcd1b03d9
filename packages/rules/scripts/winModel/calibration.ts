/** How well predicted chances match what happened: deciles of predicted chance and the Brier score. */

/** One side of one position: the chance the model gave it, and whether it won (1) or not (0). */
export interface Forecast {
  readonly p: number;
  readonly won: 0 | 1;
}

export interface Decile {
  readonly count: number;
  /** Lowest and highest predicted chance in the decile. */
  readonly from: number;
  readonly to: number;
  /** Mean predicted chance and observed win rate, 0..1. */
  readonly predicted: number;
  readonly observed: number;
}

export interface Calibration {
  readonly forecasts: number;
  /** Mean squared error of each forecast (one per side of each position), 0..1. */
  readonly brier: number;
  /** The forecasts sorted by predicted chance and cut into ten groups of (nearly) equal size. */
  readonly deciles: readonly Decile[];
  /** The largest |observed − predicted| over the deciles. */
  readonly worst: number;
}

export function calibrationOf(forecasts: readonly Forecast[]): Calibration {
  const sorted = [...forecasts].sort((a, b) => a.p - b.p);
  let brier = 0;
  for (const f of sorted) brier += (f.p - f.won) ** 2;
  const deciles: Decile[] = [];
  for (let d = 0; d < 10; d++) {
    const part = sorted.slice(Math.floor((d * sorted.length) / 10), Math.floor(((d + 1) * sorted.length) / 10));
    if (part.length === 0) continue;
    let p = 0;
    let won = 0;
    for (const f of part) {
      p += f.p;
      won += f.won;
    }
    deciles.push({
      count: part.length,
      from: part[0]!.p,
      to: part[part.length - 1]!.p,
      predicted: p / part.length,
      observed: won / part.length,
    });
  }
  const worst = Math.max(0, ...deciles.map((d) => Math.abs(d.observed - d.predicted)));
  return { forecasts: sorted.length, brier: sorted.length > 0 ? brier / sorted.length : Number.NaN, deciles, worst };
}

const pct = (x: number): string => (100 * x).toFixed(1);

/** The calibration as a Markdown table (the rules README carries it). */
export function calibrationTable(c: Calibration): string[] {
  return [
    '| decile | positions × sides | predicted range | predicted | observed | off by (points) |',
    '|---|---|---|---|---|---|',
    ...c.deciles.map(
      (d, i) =>
        `| ${i + 1} | ${d.count} | ${pct(d.from)}–${pct(d.to)}% | ${pct(d.predicted)}% | ${pct(d.observed)}% | ${(100 * (d.observed - d.predicted)).toFixed(1)} |`,
    ),
    `Brier score ${c.brier.toFixed(4)} over ${c.forecasts} forecasts (one per side of each held-out position); worst decile off by ${(100 * c.worst).toFixed(1)} points.`,
  ];
}
