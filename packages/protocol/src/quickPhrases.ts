/**
 * Quick phrases (预设短语): the fixed things a seated player can say at a table. No free text, so
 * nothing to moderate; each client shows them in its own language.
 */
export const QUICK_PHRASES = ['hello', 'luck', 'nice', 'hurry', 'oops', 'thanks', 'again', 'gg'] as const;
export type QuickPhrase = (typeof QUICK_PHRASES)[number];

/** How often one player may speak: a burst of two, then one phrase every this many seconds. */
export const PHRASE_SECONDS = 3;
export const PHRASE_BURST = 2;
