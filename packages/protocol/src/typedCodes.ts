import { LINK_CODE_LENGTH } from './accounts';

/** Code characters without look-alikes: none of 0/O/Q, 1/I/L, 2/Z, 5/S, 8/B, U/V. */
export const CODE_ALPHABET = 'ACDEFGHJKMNPRTWXY34679';
/** A table's join code is this long; a link code (LINK_CODE_LENGTH) is longer, of the same alphabet. */
export const TABLE_CODE_LENGTH = 6;

export type TypedCode = { readonly kind: 'table' | 'link'; readonly code: string };

/** What was typed, as a code is compared: case, spaces and dashes do not count. */
export const codeAsTyped = (typed: string): string => typed.replace(/[\s-]/g, '').toUpperCase();

/**
 * What a player typed into any code box: a table's join code or a device's link code, told apart by
 * length (both use CODE_ALPHABET), so neither box can mistake one for the other. Case, spaces and dashes
 * do not count; null when it is neither.
 */
export function typedCode(typed: string): TypedCode | null {
  const code = codeAsTyped(typed);
  if (![...code].every((c) => CODE_ALPHABET.includes(c))) return null;
  if (code.length === TABLE_CODE_LENGTH) return { kind: 'table', code };
  if (code.length === LINK_CODE_LENGTH) return { kind: 'link', code };
  return null;
}
