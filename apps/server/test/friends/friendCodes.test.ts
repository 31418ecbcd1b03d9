import { FRIEND_CODE_ALPHABET, FRIEND_CODE_LENGTH } from '@flightchess/protocol';
import { friendCodeOf, newFriendCode } from '../../src/friends/friendCodes';

describe('friend codes', () => {
  test('drawn from the alphabet that cannot be misread, and read back as typed', () => {
    for (let i = 0; i < 200; i++) {
      const code = newFriendCode();
      expect(code).toHaveLength(FRIEND_CODE_LENGTH);
      expect([...code].every((c) => FRIEND_CODE_ALPHABET.includes(c))).toBe(true);
      expect(friendCodeOf(code.toLowerCase())).toBe(code);
      expect(friendCodeOf(`${code.slice(0, 4)} - ${code.slice(4)}`)).toBe(code);
    }
  });

  test.each(['', 'ABCD', 'ABCDEFGH1', 'ABCDEFG0', 'ABCDEFGI', 'ABCDEFGO', 'abcdéfgh', 'ABCD/EFG'])('%p is not a code', (typed) => {
    expect(friendCodeOf(typed)).toBeNull();
  });
});
