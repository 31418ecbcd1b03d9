import { COLOURS, type Colour, oppositeOf } from '@flightchess/rules';

/** The colours a table of `size` uses by default: opposite seats first (red, yellow), then the others. */
export function defaultColours(allowed: readonly Colour[], size: number): Colour[] {
  const order: Colour[] = ['red', 'yellow', 'green', 'blue'];
  const preferred = size === 2 ? order : [...COLOURS];
  return preferred.filter((c) => allowed.includes(c)).slice(0, size);
}

/** The colour a newcomer gets: opposite the other player at a two-seat table, else the first free one. */
export function colourFor(allowed: readonly Colour[], size: number, taken: readonly Colour[]): Colour | null {
  const free = allowed.filter((c) => !taken.includes(c));
  if (taken.length >= size || free.length === 0) return null;
  if (size === 2 && taken.length === 1 && free.includes(oppositeOf(taken[0]!))) return oppositeOf(taken[0]!);
  return defaultColours(free, size)[0] ?? null;
}

/**
 * The seats a lobby shows: the taken ones and the colours newcomers would get, `size` in all, in the
 * preset's colour order. A two-seat table shows two seats, not the four colours of the board.
 */
export function seatsInPlay(allowed: readonly Colour[], size: number, taken: readonly Colour[]): Colour[] {
  const seats = [...taken];
  for (let next = colourFor(allowed, size, seats); next !== null; next = colourFor(allowed, size, seats)) seats.push(next);
  return allowed.filter((c) => seats.includes(c));
}
