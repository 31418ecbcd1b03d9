import { COLOURS, type Colour, RING_SIZE, isOwnColour, oppositeOf, ringIndex } from '@flightchess/rules';
import {
  type BoardLayout,
  type Point,
  SQUARE_SIZE,
  createLayout,
  crossingPoint,
  distance,
  distanceToSegment,
  pointOf,
  ringColour,
} from '../src/board/layout';

const layouts: [Colour, BoardLayout][] = COLOURS.map((c) => [c, createLayout(c)]);

/** Every place a plane can stand: ring, lanes, finish spots, launch squares, hangar slots. */
function allSpots(layout: BoardLayout): { name: string; point: Point }[] {
  const spots = layout.ring.map((point, i) => ({ name: `ring ${i}`, point }));
  for (const c of COLOURS) {
    layout.lane[c].forEach((point, i) => spots.push({ name: `${c} p${51 + i}`, point }));
    spots.push({ name: `${c} finish`, point: layout.finish[c] });
    spots.push({ name: `${c} launch`, point: layout.launch[c] });
    layout.hangar[c].forEach((point, i) => spots.push({ name: `${c} hangar ${i}`, point }));
  }
  return spots;
}

describe.each(layouts)('board layout with %s at the bottom', (bottom, layout) => {
  it('puts every square at its own screen position, well apart', () => {
    const spots = allSpots(layout);
    expect(spots).toHaveLength(52 + 4 * (5 + 1 + 1 + 4));
    for (let i = 0; i < spots.length; i++) {
      for (let j = i + 1; j < spots.length; j++) {
        const d = distance(spots[i]!.point, spots[j]!.point);
        if (d < 0.6) throw new Error(`${spots[i]!.name} and ${spots[j]!.name} are ${d.toFixed(2)} apart`);
      }
    }
  });

  it('keeps the ring contiguous: neighbours adjacent, roughly equal spacing, no overlapping squares', () => {
    const steps = layout.ring.map((p, i) => distance(p, layout.ring[(i + 1) % RING_SIZE]!));
    for (const step of steps) {
      expect(step).toBeGreaterThanOrEqual(0.99);
      expect(step).toBeLessThanOrEqual(1.25);
    }
    // The only longer steps are the four diagonal bends around the corners between arms.
    expect(steps.filter((s) => s > 1.01)).toHaveLength(4);
    // No two ring squares closer than a square's size: the drawn squares never overlap.
    for (let i = 0; i < RING_SIZE; i++) {
      for (let j = i + 1; j < RING_SIZE; j++) {
        const a = layout.ring[i]!;
        const b = layout.ring[j]!;
        const apart = Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
        expect(apart).toBeGreaterThanOrEqual(SQUARE_SIZE);
      }
    }
  });

  it('draws each dashed flight line from p=18 to p=30 through the opposite colour’s crossing square p=53', () => {
    for (const c of COLOURS) {
      const [from, to] = layout.flightLine[c];
      expect(from).toEqual(pointOf(layout, c, 18));
      expect(to).toEqual(pointOf(layout, c, 30));
      const crossing = crossingPoint(layout, c);
      expect(crossing).toEqual(layout.lane[oppositeOf(c)][2]);
      expect(distanceToSegment(crossing, from, to)).toBeLessThan(1e-9);
      // It crosses half-way, where the opposite colour's turn-in arm is (RULES.md §1).
      expect(distance(crossing, from)).toBeCloseTo(distance(crossing, to), 9);
    }
  });

  it('colours ring square i like seat (i − 1) mod 4 and matches each colour’s own squares p = 2, 6, …, 50', () => {
    expect(ringColour(0)).toBe('blue');
    expect(ringColour(1)).toBe('red');
    for (const c of COLOURS) {
      for (let p = 1; p <= 50; p++) {
        expect(ringColour(ringIndex(c, p)) === c).toBe(isOwnColour(p));
      }
    }
  });

  it('builds each arm as 4 up one side, 5 across the tip (middle = turn-in p=50), 4 down the other', () => {
    for (const c of COLOURS) {
      const dir = layout.armDirection[c];
      const along = (p: Point) => p.x * dir.x + p.y * dir.y;
      const across = (p: Point) => p.x * -dir.y + p.y * dir.x;
      const turnIn = pointOf(layout, c, 50);
      const arm = [-6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6].map((k) => layout.ring[(ringIndex(c, 50) + k + RING_SIZE) % RING_SIZE]!);
      const tip = arm.slice(4, 9);
      for (const p of tip) expect(along(p)).toBeCloseTo(along(turnIn), 9);
      expect(across(turnIn)).toBeCloseTo(0, 9);
      const sideA = arm.slice(0, 4);
      const sideB = arm.slice(9);
      for (const p of sideA) expect(across(p)).toBeCloseTo(across(sideA[0]!), 9);
      for (const p of sideB) expect(across(p)).toBeCloseTo(across(sideB[0]!), 9);
      expect(Math.sign(across(sideA[0]!))).toBe(-Math.sign(across(sideB[0]!)));
      // The lane runs from below the tip middle to the centre; p = 53 is level with the innermost side squares.
      const lane = layout.lane[c];
      for (const p of lane) expect(across(p)).toBeCloseTo(0, 9);
      for (let i = 1; i < lane.length; i++) expect(along(lane[i]!)).toBeLessThan(along(lane[i - 1]!));
      expect(along(lane[0]!)).toBeLessThan(along(turnIn));
      expect(along(lane[2]!)).toBeCloseTo(along(sideA[0]!), 9);
      expect(along(lane[2]!)).toBeCloseTo(along(sideB[3]!), 9);
      // p = 54, 55 and the finish lie inside the central square.
      for (const p of [lane[3]!, lane[4]!, layout.finish[c]]) {
        expect(Math.max(Math.abs(p.x), Math.abs(p.y))).toBeLessThan(layout.centreHalf);
      }
    }
  });

  it('puts the bottom colour’s arm at the bottom of the screen', () => {
    expect(layout.armDirection[bottom]).toEqual({ x: expect.closeTo(0, 9), y: 1 });
    expect(pointOf(layout, bottom, 50).y).toBeGreaterThan(6);
  });

  it('keeps launch squares beside their entry square and hangars in their own corner, inside the board', () => {
    for (const c of COLOURS) {
      const entry = pointOf(layout, c, 1);
      expect(distance(layout.launch[c], entry)).toBeLessThan(2);
      const box = layout.hangarBox[c];
      for (const slot of layout.hangar[c]) {
        expect(slot.x).toBeGreaterThan(box.x);
        expect(slot.x).toBeLessThan(box.x + box.w);
        expect(slot.y).toBeGreaterThan(box.y);
        expect(slot.y).toBeLessThan(box.y + box.h);
      }
      for (const p of allSpots(layout).map((s) => s.point)) {
        expect(Math.abs(p.x)).toBeLessThan(layout.extent);
        expect(Math.abs(p.y)).toBeLessThan(layout.extent);
      }
      // No ring or lane square lies inside a hangar.
      for (const p of [...layout.ring, ...COLOURS.flatMap((k) => layout.lane[k])]) {
        const inside = p.x > box.x && p.x < box.x + box.w && p.y > box.y && p.y < box.y + box.h;
        expect(inside).toBe(false);
      }
    }
  });
});
