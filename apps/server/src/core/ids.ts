import { randomBytes, randomInt } from 'node:crypto';
import { CODE_ALPHABET, TABLE_CODE_LENGTH as CODE_LENGTH } from '@flightchess/protocol';

/** An unguessable identifier: `bytes` random bytes, base64url. */
export function randomId(bytes = 12): string {
  return randomBytes(bytes).toString('base64url');
}

// The protocol's: the client tells a table code from a link code by alphabet and length.
export { CODE_ALPHABET, CODE_LENGTH };

/** A code of `length` characters from CODE_ALPHABET: a table's join code, or (longer) a link code. */
export function joinCode(length = CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
