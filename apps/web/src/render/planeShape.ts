import type { Graphics } from 'pixi.js';

/** Half an aeroplane seen from above, nose at +x, in units of `size` (mirrored for the other half). */
const HALF_OUTLINE: readonly (readonly [number, number])[] = [
  [1, 0],
  [0.82, 0.1],
  [0.22, 0.12],
  [-0.1, 0.92],
  [-0.3, 0.92],
  [-0.16, 0.12],
  [-0.62, 0.1],
  [-0.82, 0.42],
  [-0.98, 0.42],
  [-0.88, 0],
];

/** Add an aeroplane silhouette of half-length `size`, nose pointing along +x; the caller fills it. */
export function drawPlaneShape(g: Graphics, size: number): Graphics {
  const pts: number[] = [];
  for (const [x, y] of HALF_OUTLINE) pts.push(x * size, -y * size);
  for (let i = HALF_OUTLINE.length - 2; i > 0; i--) {
    const [x, y] = HALF_OUTLINE[i]!;
    pts.push(x * size, y * size);
  }
  return g.poly(pts);
}
