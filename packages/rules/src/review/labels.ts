/**
 * Move labels and accuracy, from the chance to win a move gave away (in percentage points): lichess's
 * scale, on this game's winning chances (README: "Move review").
 */
export const MOVE_LABELS = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'] as const;
export type MoveLabel = (typeof MOVE_LABELS)[number];

/** The least loss, in points, of each label above `good`. */
export const LABEL_THRESHOLDS = { inaccuracy: 5, mistake: 10, blunder: 20 } as const;

/** A loss this small (points) is a tie with the best choice: floating-point noise, not a choice given away. */
const TIE = 1e-9;

/** The label of a move that lost `loss` points against the best choice (best: the best choice itself). */
export function labelOf(loss: number): MoveLabel {
  if (loss <= TIE) return 'best';
  if (loss < LABEL_THRESHOLDS.inaccuracy) return 'good';
  if (loss < LABEL_THRESHOLDS.mistake) return 'inaccuracy';
  if (loss < LABEL_THRESHOLDS.blunder) return 'mistake';
  return 'blunder';
}

/** A mistake or a blunder: what "next mistake" steps to. */
export function isMistake(label: MoveLabel | null): boolean {
  return label === 'mistake' || label === 'blunder';
}

/**
 * One move's accuracy, 0..100, from its loss in points: lichess's curve 103.1668·e^(−0.04354·loss) − 3.1669,
 * so a best move scores 100, a 5-point inaccuracy about 80, a 20-point blunder about 40.
 */
export function moveAccuracy(loss: number): number {
  return Math.min(100, Math.max(0, 103.1668 * Math.exp(-0.04354 * Math.max(0, loss)) - 3.1669));
}

export type LabelCounts = Record<MoveLabel, number>;

export function emptyCounts(): LabelCounts {
  return { best: 0, good: 0, inaccuracy: 0, mistake: 0, blunder: 0 };
}

/** Accuracy over a set of moves: the mean of their accuracies, or null when there were none. */
export function accuracyOf(losses: readonly number[]): number | null {
  if (losses.length === 0) return null;
  let sum = 0;
  for (const loss of losses) sum += moveAccuracy(loss);
  return sum / losses.length;
}
