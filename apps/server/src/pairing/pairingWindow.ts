/**
 * How far apart in rating quick play seats people: narrow while a table has just begun to
 * wait, wider the longer it waits, so that nobody waits long for an opponent close to them.
 */

/** A table that has just opened takes people within this many points of everyone seated there. */
export const WINDOW_START_POINTS = 150;
/** The window widens by this much… */
export const WINDOW_STEP_POINTS = 100;
/** …every this many milliseconds the table has waited. */
export const WINDOW_STEP_MS = 5_000;
/** After this long any rating fits: a table that waited this long takes whoever comes. */
export const WINDOW_UNBOUNDED_MS = 30_000;

/** The widest rating gap a table that has waited `waitedMs` accepts (Infinity: any). */
export function pairingWindow(waitedMs: number): number {
  if (waitedMs >= WINDOW_UNBOUNDED_MS) return Infinity;
  return WINDOW_START_POINTS + WINDOW_STEP_POINTS * Math.floor(Math.max(0, waitedMs) / WINDOW_STEP_MS);
}
