import type fc from 'fast-check';

/**
 * fast-check settings for the game properties. Each run plays a whole game, so shrinking (which
 * replays games) is skipped: the failure message already names the game spec and the action index.
 * FC_SEED=<seed> reruns the games of a reported failing run; FC_RUNS_FACTOR scales every numRuns.
 */
export function gameRuns(numRuns: number): fc.Parameters<unknown> {
  const factor = Number(process.env.FC_RUNS_FACTOR ?? 1);
  const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
  return { numRuns: Math.max(1, Math.round(numRuns * factor)), endOnFailure: true, ...(seed === undefined ? {} : { seed }) };
}
