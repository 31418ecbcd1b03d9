import {
  COLOURS,
  type Colour,
  FINISH,
  FLIGHT_FROM,
  FLIGHT_TO,
  LANE_START,
  type Position,
  RING_SIZE,
  oppositeOf,
  ringColourSeat,
  ringIndex,
  seatIndex,
} from '@flightchess/rules';

/**
 * The 飞行棋 board as pure geometry (RULES.md §1), in board units (one ring square ≈ 1 unit), centre at
 * (0, 0), y pointing down as on screen. Each colour owns one arm of the cross: its 13 ring squares run 4
 * up one side, 5 across the tip (the middle one is the colour's turn-in square p = 50) and 4 down the
 * other side; the ring bends diagonally around the inner corners between arms. The home lane starts
 * below the tip's middle square; its third square (p = 53) sits level with the arm's two innermost side
 * squares, so the dashed flight line of the opposite colour (p = 18 → p = 30, the two innermost side
 * squares) crosses it. Hangars sit in the corner quadrant beside each colour's entry square.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface BoardLayout {
  /** The colour whose arm points down (the viewer's own colour online). */
  readonly bottom: Colour;
  /** Ring squares by ring index 0..51. */
  readonly ring: readonly Point[];
  /** Home lane squares p = 51..55 (index p − 51) of each colour. */
  readonly lane: Readonly<Record<Colour, readonly Point[]>>;
  /** Where arrived planes (p = 56) stand: the colour's triangle of the centre. */
  readonly finish: Readonly<Record<Colour, Point>>;
  readonly centre: Point;
  /** Half the side of the central square (the four finish triangles). */
  readonly centreHalf: number;
  readonly launch: Readonly<Record<Colour, Point>>;
  /** One hangar slot per plane index. */
  readonly hangar: Readonly<Record<Colour, readonly Point[]>>;
  readonly hangarBox: Readonly<Record<Colour, Box>>;
  /** Where the die stands while it is that colour's turn. */
  readonly dieSpot: Readonly<Record<Colour, Point>>;
  /** Dashed flight line of each colour: its p = 18 to its p = 30. */
  readonly flightLine: Readonly<Record<Colour, readonly [Point, Point]>>;
  /** Unit vector from the centre along the colour's arm. */
  readonly armDirection: Readonly<Record<Colour, Point>>;
  /** Half the side of the square that holds the whole board. */
  readonly extent: number;
}

/** Distance from the centre to the innermost side squares: makes the diagonal corner step ≈ 1.2 units. */
export const ARM_INNER = 2.85;
/** Ring squares are drawn this size (units); at the corners they then just touch diagonally. */
export const SQUARE_SIZE = 0.84;
const SIDE = 2;
const TIP = ARM_INNER + 4;
/** Lane p = 51..53 share the arm's length from the tip to the innermost row; p = 54, 55 lie in the centre. */
const LANE_DEPTH = [TIP - 4 / 3, TIP - 8 / 3, ARM_INNER, 1.95, 1.25] as const;
const FINISH_DEPTH = 0.6;
const HANGAR_CENTRE = 5.35;
const HANGAR_STEP = 1.15;
const EXTENT = TIP + 0.55;

/** The 13 ring squares of an arm pointing up, in ring order (k = 0..12). */
function armSquares(): Point[] {
  const squares: Point[] = [];
  for (let k = 0; k < 4; k++) squares.push({ x: -SIDE, y: -(ARM_INNER + k) });
  for (let k = 0; k < 5; k++) squares.push({ x: -SIDE + k, y: -TIP });
  for (let k = 0; k < 4; k++) squares.push({ x: SIDE, y: -(ARM_INNER + 3 - k) });
  return squares;
}

/** Ring index of an arm's first square: the arm's tip middle is the colour's p = 50. */
function armStart(colour: Colour): number {
  return (ringIndex(colour, 50) - 6 + RING_SIZE) % RING_SIZE;
}

/** Clockwise screen rotation (quarter turns) of the colour's arm from "pointing up". */
function armTurns(colour: Colour, bottom: Colour): number {
  // Unrotated, yellow points up and seats follow clockwise; then turn so `bottom` points down.
  return (((seatIndex(colour) - 2 - seatIndex(bottom)) % 4) + 4) % 4;
}

function rotate(p: Point, quarterTurns: number): Point {
  switch (quarterTurns) {
    case 1:
      return { x: -p.y, y: p.x };
    case 2:
      return { x: -p.x, y: -p.y };
    case 3:
      return { x: p.y, y: -p.x };
    default:
      return { x: p.x, y: p.y };
  }
}

function byColour<T>(make: (colour: Colour) => T): Record<Colour, T> {
  return { red: make('red'), green: make('green'), yellow: make('yellow'), blue: make('blue') };
}

export function createLayout(bottom: Colour = 'red'): BoardLayout {
  const ring: Point[] = new Array<Point>(RING_SIZE);
  const arm = armSquares();
  for (const colour of COLOURS) {
    const turns = armTurns(colour, bottom);
    const start = armStart(colour);
    arm.forEach((p, k) => {
      ring[(start + k) % RING_SIZE] = rotate(p, turns);
    });
  }
  const inFrame = (colour: Colour, p: Point) => rotate(p, armTurns(colour, bottom));
  const hangarSlot = (i: number): Point => ({
    x: HANGAR_CENTRE + (i % 2 === 0 ? -0.5 : 0.5) * HANGAR_STEP,
    y: -HANGAR_CENTRE + (i < 2 ? -0.5 : 0.5) * HANGAR_STEP,
  });
  const hangarBox = (colour: Colour): Box => {
    const half = HANGAR_STEP + 0.05;
    const corners = [
      inFrame(colour, { x: HANGAR_CENTRE - half, y: -HANGAR_CENTRE - half }),
      inFrame(colour, { x: HANGAR_CENTRE + half, y: -HANGAR_CENTRE + half }),
    ] as const;
    const x = Math.min(corners[0].x, corners[1].x);
    const y = Math.min(corners[0].y, corners[1].y);
    return { x, y, w: 2 * half, h: 2 * half };
  };
  return {
    bottom,
    ring,
    lane: byColour((c) => LANE_DEPTH.map((d) => inFrame(c, { x: 0, y: -d }))),
    finish: byColour((c) => inFrame(c, { x: 0, y: -FINISH_DEPTH })),
    centre: { x: 0, y: 0 },
    centreHalf: ARM_INNER - SQUARE_SIZE / 2,
    // Beside the entry square (p = 1, the outermost square of the arm's second side), towards the hangar.
    launch: byColour((c) => inFrame(c, { x: SIDE + 1.45, y: -(TIP - 0.35) })),
    hangar: byColour((c) => [0, 1, 2, 3].map((i) => inFrame(c, hangarSlot(i)))),
    hangarBox: byColour(hangarBox),
    dieSpot: byColour((c) => inFrame(c, { x: 3.75, y: -3.75 })),
    flightLine: byColour((c) => [ring[ringIndex(c, FLIGHT_FROM)]!, ring[ringIndex(c, FLIGHT_TO)]!] as const),
    armDirection: byColour((c) => inFrame(c, { x: 0, y: -1 })),
    extent: EXTENT,
  };
}

/** The colour of ring square `i`: seat (i − 1) mod 4, so ring 0 is blue (RULES.md §1). */
export function ringColour(i: number): Colour {
  return COLOURS[ringColourSeat(i)]!;
}

/** Screen point of a plane of `colour` at `position`; hangar planes use their own slot. */
export function pointOf(layout: BoardLayout, colour: Colour, position: Position, plane = 0): Point {
  if (position === 'hangar') return layout.hangar[colour][plane % 4]!;
  if (position <= 0) return layout.launch[colour];
  if (position >= FINISH) return layout.finish[colour];
  if (position >= LANE_START) return layout.lane[colour][position - LANE_START]!;
  return layout.ring[ringIndex(colour, position)]!;
}

/** Pixels per board unit on a `width` × `height` surface: the board fills its smaller side, centred on it. */
export function boardScale(extent: number, width: number, height: number): number {
  return Math.min(width, height) / (2 * extent);
}

/** The crossing square that `colour`'s flight line passes over: the opposite colour's p = 53. */
export function crossingPoint(layout: BoardLayout, colour: Colour): Point {
  return pointOf(layout, oppositeOf(colour), 53);
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Distance from `p` to the segment a–b. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}
