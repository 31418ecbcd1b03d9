import { COLOURS, ENTRY, FLIGHT_FROM, RING_SIZE, TURN_IN, isSafeRing, ringIndex } from '@flightchess/rules';
import { Container, Graphics } from 'pixi.js';
import { type BoardLayout, type Point, SQUARE_SIZE, ringColour } from '../board/layout';
import type { BoardMarks } from './boardRenderer';
import { BOARD, SEAT_COLOURS } from './theme';
import { drawPlaneShape } from './planeShape';

const HALF = SQUARE_SIZE / 2;

/** Unit vector a → b. */
function towards(a: Point, b: Point): Point {
  const d = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  return { x: (b.x - a.x) / d, y: (b.y - a.y) / d };
}

/** A small filled arrowhead at `at` pointing along `dir`. */
function arrowHead(g: Graphics, at: Point, dir: Point, size: number): Graphics {
  const nx = -dir.y;
  const ny = dir.x;
  return g.poly([
    at.x + dir.x * size,
    at.y + dir.y * size,
    at.x - dir.x * size * 0.6 + nx * size * 0.8,
    at.y - dir.y * size * 0.6 + ny * size * 0.8,
    at.x - dir.x * size * 0.6 - nx * size * 0.8,
    at.y - dir.y * size * 0.6 - ny * size * 0.8,
  ]);
}

/** A dashed straight line (Pixi has no dash style). */
export function dashedLine(g: Graphics, a: Point, b: Point, dash: number, gap: number): Graphics {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const dir = towards(a, b);
  for (let s = 0; s < len; s += dash + gap) {
    const e = Math.min(len, s + dash);
    g.moveTo(a.x + dir.x * s, a.y + dir.y * s).lineTo(a.x + dir.x * e, a.y + dir.y * e);
  }
  return g;
}

/**
 * The static board in board units (RULES.md §1): hangars, the four-colour ring with its corner bends,
 * home lanes and the centre, launch squares, dashed flight lines through the crossing squares, stars.
 */
export function drawBoard(layout: BoardLayout, marks: BoardMarks): Container {
  const root = new Container();
  const e = layout.extent;
  const g = new Graphics();
  root.addChild(g);

  g.roundRect(-e, -e, 2 * e, 2 * e, 0.5)
    .fill(BOARD.background)
    .stroke({ width: 0.08, color: BOARD.frame });

  // Hangars (机场) in the corners.
  for (const c of COLOURS) {
    const box = layout.hangarBox[c];
    const seated = marks.seats.includes(c);
    const colour = SEAT_COLOURS[c];
    g.roundRect(box.x, box.y, box.w, box.h, 0.35)
      .fill({ color: colour.light, alpha: seated ? 1 : 0.45 })
      .stroke({ width: 0.07, color: colour.strong, alpha: seated ? 1 : 0.4 });
    for (const slot of layout.hangar[c].slice(0, marks.planes)) {
      g.circle(slot.x, slot.y, 0.42).fill({ color: BOARD.white, alpha: 0.9 }).stroke({ width: 0.04, color: colour.strong });
    }
  }

  // Centre: four finish triangles, each towards its colour's arm.
  const h = layout.centreHalf;
  for (const c of COLOURS) {
    const d = layout.armDirection[c];
    const n = { x: -d.y, y: d.x };
    g.poly([0, 0, d.x * h + n.x * h, d.y * h + n.y * h, d.x * h - n.x * h, d.y * h - n.y * h])
      .fill(SEAT_COLOURS[c].strong)
      .stroke({ width: 0.05, color: BOARD.white });
  }
  g.circle(0, 0, 0.28).fill(BOARD.white);

  // Home lanes with arrows pointing to the centre.
  for (const c of COLOURS) {
    const d = layout.armDirection[c];
    layout.lane[c].forEach((p, i) => {
      const size = i < 3 ? SQUARE_SIZE : 0.62;
      const tall = i < 3 ? 1.16 : size;
      const w = Math.abs(d.x) > 0.5 ? tall : size;
      const ht = Math.abs(d.x) > 0.5 ? size : tall;
      g.roundRect(p.x - w / 2, p.y - ht / 2, w, ht, 0.12)
        .fill(SEAT_COLOURS[c].strong)
        .stroke({ width: 0.04, color: BOARD.white });
      arrowHead(g, p, { x: -d.x, y: -d.y }, i < 3 ? 0.2 : 0.14).fill({ color: BOARD.white, alpha: 0.85 });
    });
  }

  // Ring squares.
  for (let i = 0; i < RING_SIZE; i++) {
    const p = layout.ring[i]!;
    const colour = ringColour(i);
    g.roundRect(p.x - HALF, p.y - HALF, SQUARE_SIZE, SQUARE_SIZE, 0.14)
      .fill(SEAT_COLOURS[colour].strong)
      .stroke({ width: 0.05, color: BOARD.white });
  }
  for (const c of COLOURS) {
    // Turn-in square (p = 50): an arrow into the lane.
    const turnIn = layout.ring[ringIndex(c, TURN_IN)]!;
    const d = layout.armDirection[c];
    arrowHead(g, turnIn, { x: -d.x, y: -d.y }, 0.24).fill(BOARD.white);
    // Entry square (p = 1): a ring marks where this colour's planes join (a star instead where it is safe).
    const entry = layout.ring[ringIndex(c, ENTRY)]!;
    if (!marks.stars)
      g.circle(entry.x, entry.y, 0.26)
        .stroke({ width: 0.07, color: SEAT_COLOURS[c].strong })
        .circle(entry.x, entry.y, 0.2)
        .stroke({ width: 0.05, color: BOARD.white });
  }
  if (marks.stars) {
    for (let i = 0; i < RING_SIZE; i++) {
      if (!isSafeRing(i)) continue;
      const p = layout.ring[i]!;
      g.star(p.x, p.y, 5, 0.3, 0.13).fill(BOARD.white).stroke({ width: 0.03, color: BOARD.ink });
    }
  }

  // Launch squares (起飞点), joined to the entry square by a short guide.
  for (const c of COLOURS) {
    const launch = layout.launch[c];
    const entry = layout.ring[ringIndex(c, ENTRY)]!;
    const colour = SEAT_COLOURS[c];
    dashedLine(g, launch, entry, 0.12, 0.1).stroke({ width: 0.05, color: colour.strong });
    g.circle(launch.x, launch.y, 0.44).fill(colour.strong).stroke({ width: 0.06, color: BOARD.white });
    const nose = towards(launch, entry);
    const icon = new Graphics();
    drawPlaneShape(icon, 0.3).fill({ color: BOARD.white, alpha: 0.9 });
    icon.position.set(launch.x, launch.y);
    icon.rotation = Math.atan2(nose.y, nose.x);
    root.addChild(icon);
  }

  // Dashed flight lines: each colour's p = 18 → p = 30, across the opposite arm's crossing square.
  if (marks.flights) {
    const lines = new Graphics();
    for (const c of COLOURS) {
      const [from, to] = layout.flightLine[c];
      const colour = SEAT_COLOURS[c];
      const dir = towards(from, to);
      const a = { x: from.x + dir.x * 0.3, y: from.y + dir.y * 0.3 };
      const b = { x: to.x - dir.x * 0.36, y: to.y - dir.y * 0.36 };
      dashedLine(lines, a, b, 0.22, 0.13).stroke({ width: 0.09, color: colour.dark });
      arrowHead(lines, b, dir, 0.2).fill(colour.dark);
      // The flight square carries a small plane pointing along the line.
      const icon = new Graphics();
      drawPlaneShape(icon, 0.28).fill({ color: BOARD.white, alpha: 0.95 });
      const fs = layout.ring[ringIndex(c, FLIGHT_FROM)]!;
      icon.position.set(fs.x, fs.y);
      icon.rotation = Math.atan2(dir.y, dir.x);
      root.addChild(icon);
    }
    root.addChild(lines);
  }
  return root;
}
