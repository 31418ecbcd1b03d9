import { Container, Graphics } from 'pixi.js';
import type { Point } from '../board/layout';
import type { RoutePath } from '../board/routePath';
import { dashedLine } from './boardGraphics';
import { drawPlaneShape } from './planeShape';
import { BOARD, SEAT_COLOURS } from './theme';

/** Control point of a jump's arc: lifted off the straight line, away from the centre. */
export function arcControl(a: Point, b: Point): Point {
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const len = Math.hypot(mid.x, mid.y) || 1;
  return { x: mid.x + (mid.x / len) * 1.4, y: mid.y + (mid.y / len) * 1.4 };
}

/**
 * The route preview (RULES.md §6): dice steps as dots (walk-backs and bounces in orange), a jump as an
 * arc, a flight along its dashed line, captures as red crosses, blocked specials as a bar, and a ghost
 * plane on the final square.
 */
export function drawPreview(path: RoutePath): Container {
  const root = new Container();
  const g = new Graphics();
  root.addChild(g);
  const colour = SEAT_COLOURS[path.colour];
  let prev = path.start;
  for (const wp of path.waypoints) {
    const p = wp.point;
    switch (wp.kind) {
      case 'jump': {
        const c = arcControl(prev, p);
        g.moveTo(prev.x, prev.y).quadraticCurveTo(c.x, c.y, p.x, p.y).stroke({ width: 0.12, color: colour.dark, alpha: 0.9 });
        break;
      }
      case 'flight':
        dashedLine(g, prev, p, 0.3, 0.12).stroke({ width: 0.2, color: colour.dark, alpha: 0.9 });
        break;
      case 'back':
        g.moveTo(prev.x, prev.y).lineTo(p.x, p.y).stroke({ width: 0.1, color: BOARD.back, alpha: 0.9 });
        g.circle(p.x, p.y, 0.13).fill(BOARD.back).stroke({ width: 0.03, color: BOARD.white });
        break;
      default:
        g.moveTo(prev.x, prev.y).lineTo(p.x, p.y).stroke({ width: 0.1, color: colour.dark, alpha: 0.8 });
        g.circle(p.x, p.y, 0.13).fill(colour.dark).stroke({ width: 0.03, color: BOARD.white });
    }
    prev = p;
  }
  for (const b of path.blocked) {
    g.circle(b.x, b.y, 0.34).stroke({ width: 0.08, color: BOARD.ink });
    g.moveTo(b.x - 0.24, b.y + 0.24)
      .lineTo(b.x + 0.24, b.y - 0.24)
      .stroke({ width: 0.08, color: BOARD.ink });
  }
  for (const c of path.captures) {
    const { x, y } = c.point;
    g.circle(x, y, 0.42).stroke({ width: 0.09, color: BOARD.capture });
    g.moveTo(x - 0.26, y - 0.26)
      .lineTo(x + 0.26, y + 0.26)
      .moveTo(x + 0.26, y - 0.26)
      .lineTo(x - 0.26, y + 0.26)
      .stroke({
        width: 0.1,
        color: BOARD.capture,
      });
  }
  const last = path.waypoints[path.waypoints.length - 1]?.point ?? path.start;
  g.circle(last.x, last.y, 0.5).stroke({ width: 0.09, color: BOARD.highlight });
  // A translucent plane token where the move ends.
  const ghost = new Graphics()
    .circle(0, 0, 0.4)
    .fill({ color: BOARD.white, alpha: 0.75 })
    .stroke({ width: 0.06, color: colour.dark, alpha: 0.8 });
  drawPlaneShape(ghost, 0.32).fill({ color: colour.strong, alpha: 0.6 });
  ghost.position.set(last.x, last.y);
  const before = path.waypoints[path.waypoints.length - 2]?.point ?? path.start;
  ghost.rotation = Math.atan2(last.y - before.y, last.x - before.x);
  root.addChild(ghost);
  return root;
}
