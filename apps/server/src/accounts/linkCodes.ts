import { LINK_CODE_LENGTH } from '@flightchess/protocol';
import { CODE_ALPHABET, joinCode } from '../core/ids';

/** A one-time link code: LINK_CODE_LENGTH characters of the join-code alphabet (no look-alikes). */
export const linkCode = (): string => joinCode(LINK_CODE_LENGTH);

/** A code as typed: upper case, spaces and dashes dropped; null when it cannot be a link code. */
export function typedLinkCode(typed: unknown): string | null {
  if (typeof typed !== 'string' || typed.length > 32) return null;
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return code.length === LINK_CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : null;
}
