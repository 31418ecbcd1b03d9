import type { RatingPoint } from '@flightchess/protocol';

export interface ChartBox {
  readonly width: number;
  readonly height: number;
  /** Room left on every side for the line's width and the labels. */
  readonly pad: number;
}

export interface ChartScale {
  /** Each point's x, y in the box (y grows downwards, as SVG's does). */
  readonly points: readonly (readonly [number, number])[];
  /** The rating at the top and bottom edges of the plot (rounded outwards to 50). */
  readonly top: number;
  readonly bottom: number;
}

const STEP = 50;

/**
 * A rating history laid out in a box: games evenly spaced left to right (one game is one step, whatever
 * the time between), ratings from `bottom` to `top`, at least 100 points apart so that a flat line stays flat.
 */
export function chartScale(history: readonly Pick<RatingPoint, 'rating'>[], box: ChartBox): ChartScale {
  const ratings = history.map((p) => p.rating);
  const low = Math.floor(Math.min(...ratings, Infinity) / STEP) * STEP;
  const high = Math.ceil(Math.max(...ratings, -Infinity) / STEP) * STEP;
  const middle = (low + high) / 2;
  const bottom = Number.isFinite(low) ? Math.min(low, middle - STEP) : 1450;
  const top = Number.isFinite(high) ? Math.max(high, middle + STEP) : 1550;
  const inner = { w: box.width - 2 * box.pad, h: box.height - 2 * box.pad };
  const points = ratings.map((r, i): [number, number] => [
    box.pad + (ratings.length === 1 ? inner.w / 2 : (inner.w * i) / (ratings.length - 1)),
    box.pad + (inner.h * (top - r)) / (top - bottom),
  ]);
  return { points, top, bottom };
}
