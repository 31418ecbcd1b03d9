import type { Action, GameReview, GameSetup, JudgedMove, ReviewPart, RuleError } from '@flightchess/rules';

/**
 * What the page asks a review worker: to judge one part of a game's decisions (workers judge the parts
 * side by side), then, of one worker, the review with every part's judged decisions.
 */
export type ReviewRequest =
  | { readonly kind: 'judge'; readonly setup: GameSetup; readonly actions: readonly Action[]; readonly part: ReviewPart }
  | { readonly kind: 'review'; readonly setup: GameSetup; readonly actions: readonly Action[]; readonly judged: readonly JudgedMove[] };

/** What a worker answers: progress as it goes, its part's decisions, the review, or why it could not. */
export type ReviewReply =
  | { readonly kind: 'progress'; readonly done: number; readonly total: number }
  | { readonly kind: 'judged'; readonly judged: readonly JudgedMove[] }
  | { readonly kind: 'done'; readonly review: GameReview }
  | { readonly kind: 'failed'; readonly error: RuleError };
