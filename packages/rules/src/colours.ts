/** Seats clockwise: red (0), green (1), yellow (2), blue (3) — RULES.md §1. */
export const COLOURS = ['red', 'green', 'yellow', 'blue'] as const;
export type Colour = (typeof COLOURS)[number];

export type BySeat<T> = { [C in Colour]?: T };

/** A plane's place relative to its own colour: 'hangar' or progress 0..56 (RULES.md §1). */
export type Position = 'hangar' | number;

export interface PlaneRef {
  readonly colour: Colour;
  readonly plane: number;
}

const SEAT_INDEX: Readonly<Record<Colour, number>> = { red: 0, green: 1, yellow: 2, blue: 3 };

export function isColour(value: unknown): value is Colour {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SEAT_INDEX, value);
}

/** A comparison chain rather than a keyed lookup: this sits on the engine's hottest path. */
export function seatIndex(colour: Colour): number {
  return colour === 'red' ? 0 : colour === 'green' ? 1 : colour === 'yellow' ? 2 : 3;
}

export function colourAt(index: number): Colour {
  return COLOURS[((index % 4) + 4) % 4] as Colour;
}

/** The colour sitting opposite: red↔yellow, green↔blue. */
export function oppositeOf(colour: Colour): Colour {
  return colourAt(SEAT_INDEX[colour] + 2);
}

/** Team mode pairs opposite seats: red+yellow (team 0) vs green+blue (team 1). */
export function teamOf(colour: Colour): 0 | 1 {
  return (SEAT_INDEX[colour] % 2) as 0 | 1;
}

/** Seated colours in clockwise order from red, whatever order they were listed in (§9.1). */
export function clockwise(colours: readonly Colour[]): Colour[] {
  return COLOURS.filter((c) => colours.includes(c));
}
