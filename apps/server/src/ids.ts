import { randomBytes, randomInt } from 'node:crypto';

/** An unguessable identifier: `bytes` random bytes, base64url. */
export function randomId(bytes = 12): string {
  return randomBytes(bytes).toString('base64url');
}

/** Join-code characters without look-alikes: none of 0/O/Q, 1/I/L, 2/Z, 5/S, 8/B, U/V. */
export const CODE_ALPHABET = 'ACDEFGHJKMNPRTWXY34679';
export const CODE_LENGTH = 6;

/** A code of `length` characters from CODE_ALPHABET: a table's join code, or (longer) a link code. */
export function joinCode(length = CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
