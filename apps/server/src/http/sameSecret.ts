import { createHash, timingSafeEqual } from 'node:crypto';

/** Compared in constant time (of digests, which have one length), so the answer's timing tells nothing of the secret. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
