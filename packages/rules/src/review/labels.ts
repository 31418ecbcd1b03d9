/**
 * Move labels and accuracy, from the chance to win a move gave away (in percentage points): lichess's
 * labels, on this game's winning chances (README: "Game review").
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

/** An error of any size — an inaccuracy, a mistake or a blunder (5 points or more given away): what "next mistake" steps to. */
export function isError(label: MoveLabel | null): boolean {
  return label === 'inaccuracy' || label === 'mistake' || label === 'blunder';
}

/**
 * One move's accuracy, 0..100, from its loss in points: 100·e^(−loss/5), so a best move scores 100, a
 * move 1 point behind 82, a 5-point inaccuracy 37, a 10-point mistake 14. Steeper than lichess's curve
 * (which gives a 5-point loss 80): a single choice here rarely moves the chance to win by more than a
 * few points, and lichess's curve would put a player who picks at random (about 95) next to the strong
 * bot (99).
 */
export function moveAccuracy(loss: number): number {
  return 100 * Math.exp(-Math.max(0, loss) / 5);
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
