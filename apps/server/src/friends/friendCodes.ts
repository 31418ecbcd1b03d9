import { randomInt } from 'node:crypto';
import { FRIEND_CODE_ALPHABET, FRIEND_CODE_LENGTH } from '@flightchess/protocol';

/** A new friend code: FRIEND_CODE_LENGTH letters of FRIEND_CODE_ALPHABET, drawn by the system's generator. */
export function newFriendCode(): string {
  let code = '';
  for (let i = 0; i < FRIEND_CODE_LENGTH; i++) code += FRIEND_CODE_ALPHABET[randomInt(FRIEND_CODE_ALPHABET.length)];
  return code;
}

/** A code as typed (spaces, dashes, lower case) in its stored form, or null when it cannot be one. */
export function friendCodeOf(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return code.length === FRIEND_CODE_LENGTH && [...code].every((c) => FRIEND_CODE_ALPHABET.includes(c)) ? code : null;
}
