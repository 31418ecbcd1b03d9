import type { Colour, MoveLabel } from '@flightchess/rules';
import type { ChanceSeries } from './reviewModel';

/** A mark on a line: an error at an action, in the mover's colour, larger for a mistake and larger again for a blunder. */
export interface ChartMark {
  readonly index: number;
  readonly colour: Colour;
  readonly chance: number;
  readonly label: MoveLabel;
}

const MARK_RADIUS: Partial<Record<MoveLabel, number>> = { inaccuracy: 4, mistake: 6, blunder: 8 };

export interface ChartOptions {
  /** The chart's accessible description. */
  readonly label: string;
  readonly marks?: readonly ChartMark[];
  /** A vertical line at this action (the replay's position). */
  readonly cursor?: number | null;
  /** Called with the action index under a tap or click. */
  readonly onPick?: (index: number) => void;
}

/** The drawing's own units; the SVG scales to its box (CSS keeps its height in step with its width). */
const W = 640;
const H = 240;
const LEFT = 4;
const RIGHT = 4;
const TOP = 8;
const BOTTOM = 8;

const SVG = 'http://www.w3.org/2000/svg';

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Readonly<Record<string, string | number>>,
  cls?: string,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (cls) node.setAttribute('class', cls);
  return node;
}

/** Where action `i` of `n` and chance `p` (0..1) sit in the drawing. */
export function chartPoint(i: number, n: number, p: number): { x: number; y: number } {
  return { x: LEFT + (n > 0 ? i / n : 0) * (W - LEFT - RIGHT), y: TOP + (1 - p) * (H - TOP - BOTTOM) };
}

/** The action index nearest to a fraction (0..1) of the drawing's width. */
export function indexAt(fraction: number, n: number): number {
  const x = fraction * W;
  return Math.max(0, Math.min(n, Math.round(((x - LEFT) / (W - LEFT - RIGHT)) * n)));
}

/**
 * Each side's winning chances over the game as a line chart: 0–100% gridlines, one line per side in
 * its colour, errors marked (inaccuracies, mistakes, blunders: larger and larger), and an optional cursor. The page's own SVG (no chart
 * library: next to nothing in the bundle); the percentages are HTML beside it, so they keep their
 * size on a 375 px phone as on a desktop.
 */
export function chanceChart(series: readonly ChanceSeries[], options: ChartOptions): HTMLElement {
  const n = Math.max(0, ...series.map((s) => s.points.length - 1));
  const box = document.createElement('div');
  box.className = 'chance-chart';
  box.dataset['testid'] = 'chance-chart';
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': options.label });
  const title = el('title', {});
  title.textContent = options.label;
  svg.append(title);
  const axis = document.createElement('div');
  axis.className = 'chance-axis';
  axis.setAttribute('aria-hidden', 'true');
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    const { y } = chartPoint(0, n, p);
    svg.append(el('line', { x1: LEFT, x2: W - RIGHT, y1: y, y2: y }, p === 0.5 ? 'grid half' : 'grid'));
    const label = document.createElement('span');
    label.textContent = `${Math.round(p * 100)}%`;
    // CSSOM, not a style attribute: the Content-Security-Policy allows no inline styles.
    label.style.top = `${(100 * y) / H}%`;
    axis.append(label);
  }
  for (const s of series) {
    const points = s.points.map((p, i) => chartPoint(i, n, p)).map(({ x, y }) => `${x.toFixed(1)},${y.toFixed(1)}`);
    const line = el('polyline', { points: points.join(' ') }, `chance-line colour-${s.colour}`);
    line.dataset['colour'] = s.colour;
    svg.append(line);
  }
  for (const m of options.marks ?? []) {
    const { x, y } = chartPoint(m.index, n, m.chance);
    svg.append(el('circle', { cx: x, cy: y, r: MARK_RADIUS[m.label] ?? 4 }, `chance-mark colour-${m.colour} ${m.label}`));
  }
  if (options.cursor !== undefined && options.cursor !== null) {
    const { x } = chartPoint(options.cursor, n, 0);
    svg.append(el('line', { x1: x, x2: x, y1: TOP, y2: H - BOTTOM }, 'cursor'));
  }
  const pick = options.onPick;
  if (pick) {
    box.classList.add('pickable');
    svg.addEventListener('click', (event) => {
      const rect = svg.getBoundingClientRect();
      if (rect.width > 0) pick(indexAt((event.clientX - rect.left) / rect.width, n));
    });
  }
  box.append(axis, svg);
  return box;
}
