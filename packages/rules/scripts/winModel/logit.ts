/**
 * A conditional (multinomial) logit with one weight vector shared by every side of a position: side a
 * of a position has features x[a], and P(a) = exp(β·x[a]) / Σ_b exp(β·x[b]). Fitted to targets (a
 * distribution over the sides: here all on the side that won) by Newton's method with a small ridge
 * penalty.
 */

/** One position: a feature row per side still playing, and the target distribution over those sides. */
export interface Example {
  readonly x: readonly Float64Array[];
  readonly target: Float64Array;
}

/** The model's distribution over the sides of `x`. */
export function softmaxOf(beta: Float64Array, x: readonly Float64Array[]): Float64Array {
  const z = new Float64Array(x.length);
  let max = -Infinity;
  for (let a = 0; a < x.length; a++) {
    const row = x[a]!;
    let v = 0;
    for (let j = 0; j < beta.length; j++) v += beta[j]! * row[j]!;
    z[a] = v;
    if (v > max) max = v;
  }
  let sum = 0;
  for (let a = 0; a < z.length; a++) sum += z[a] = Math.exp(z[a]! - max);
  for (let a = 0; a < z.length; a++) z[a]! /= sum;
  return z;
}

/**
 * Newton steps from `start` (zeros by default) until a step is tiny or `iterations` are done. `ridge`
 * penalises ½·ridge·|β|²; it also keeps the Hessian invertible when a feature never varies.
 */
export function fitLogit(
  examples: readonly Example[],
  size: number,
  ridge: number,
  iterations: number,
  start?: Float64Array,
): Float64Array {
  const beta = start ? Float64Array.from(start) : new Float64Array(size);
  const grad = new Float64Array(size);
  const hess = new Float64Array(size * size);
  const mean = new Float64Array(size);
  for (let it = 0; it < iterations; it++) {
    grad.fill(0);
    hess.fill(0);
    for (const e of examples) {
      const p = softmaxOf(beta, e.x);
      mean.fill(0);
      for (let a = 0; a < p.length; a++) {
        const row = e.x[a]!;
        for (let j = 0; j < size; j++) mean[j]! += p[a]! * row[j]!;
      }
      for (let a = 0; a < p.length; a++) {
        const row = e.x[a]!;
        const pa = p[a]!;
        const ta = e.target[a]!;
        for (let i = 0; i < size; i++) {
          const di = row[i]! - mean[i]!;
          grad[i]! += (ta - pa) * row[i]!;
          if (di === 0) continue;
          const w = pa * di;
          const base = i * size;
          for (let j = 0; j < size; j++) hess[base + j]! += w * (row[j]! - mean[j]!);
        }
      }
    }
    for (let j = 0; j < size; j++) {
      grad[j]! -= ridge * beta[j]!;
      hess[j * size + j]! += ridge;
    }
    const step = choleskySolve(hess, grad, size);
    let norm = 0;
    for (let j = 0; j < size; j++) {
      beta[j]! += step[j]!;
      norm += step[j]! * step[j]!;
    }
    if (Math.sqrt(norm) < 1e-7) break;
  }
  return beta;
}

/** Solve A·x = b for a symmetric positive definite A (n×n, row-major). */
export function choleskySolve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * n + j]!;
      for (let k = 0; k < j; k++) s -= l[i * n + k]! * l[j * n + k]!;
      l[i * n + j] = i === j ? Math.sqrt(Math.max(s, 1e-12)) : s / l[j * n + j]!;
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i * n + k]! * y[k]!;
    y[i] = s / l[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  return x;
}
