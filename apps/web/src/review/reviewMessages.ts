import type { Action, GameReview, GameSetup } from '@flightchess/rules';

/** What the page asks the review worker: one game's record. */
export interface ReviewRequest {
  readonly setup: GameSetup;
  readonly actions: readonly Action[];
}

/** What the worker answers: progress as it goes, then the review or why it could not be made. */
export type ReviewReply =
  | { readonly kind: 'progress'; readonly done: number; readonly total: number }
  | { readonly kind: 'done'; readonly review: GameReview }
  | { readonly kind: 'failed'; readonly message: string };
