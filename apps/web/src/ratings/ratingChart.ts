import type { RatingPoint } from '@flightchess/protocol';
import { chartScale } from './chartScale';

const SVG = 'http://www.w3.org/2000/svg';
const BOX = { width: 300, height: 90, pad: 8 } as const;
/** Room on the left for the scale's figures. */
const LABELS = 30;

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Readonly<Record<string, string | number>>,
  text?: string,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * A mode's rating after each rated game, as a small line (SVG; styled by classes: the page's CSP refuses
 * style attributes). `label` names it for screen readers.
 */
export function ratingChart(history: readonly RatingPoint[], label: string): SVGSVGElement {
  const plot = { width: BOX.width - LABELS, height: BOX.height, pad: BOX.pad };
  const { points, top, bottom } = chartScale(history, plot);
  const root = svg('svg', { class: 'rating-chart', viewBox: `0 0 ${BOX.width} ${BOX.height}`, role: 'img', 'aria-label': label });
  root.append(svg('title', {}, label));
  for (const [value, y] of [
    [top, BOX.pad],
    [bottom, BOX.height - BOX.pad],
  ] as const) {
    root.append(svg('line', { class: 'grid', x1: LABELS, x2: BOX.width, y1: y, y2: y }));
    root.append(svg('text', { class: 'axis', x: 0, y: y + 3 }, String(value)));
  }
  const moved = points.map(([x, y]) => `${(x + LABELS).toFixed(1)},${y.toFixed(1)}`);
  if (moved.length > 1) root.append(svg('polyline', { class: 'line', points: moved.join(' ') }));
  const last = moved.at(-1);
  if (last) {
    const [cx, cy] = last.split(',');
    root.append(svg('circle', { class: 'dot', cx: cx!, cy: cy!, r: 3 }));
  }
  return root;
}
