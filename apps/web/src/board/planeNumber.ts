/**
 * The number a player calls a plane by, 1–4: on its token, its button, its number key, in the
 * announcements and the review. The rules count planes from 0; players never see that.
 */
export function planeNumber(plane: number): number {
  return plane + 1;
}

/** The label of a stack's token: its planes' numbers in order, "1" or "1·3", so each plane in it can still be named. */
export function stackLabel(planes: readonly number[]): string {
  return [...planes]
    .sort((a, b) => a - b)
    .map(planeNumber)
    .join('·');
}
