import { setLanguage } from '../src/i18n';
import { whyNotACode } from '../src/lobby/joinByCodeForm';

afterAll(() => setLanguage('zh-CN'));

describe('why what was typed in the code box is no code', () => {
  beforeAll(() => setLanguage('en'));

  test.each([
    ['ZZZZZZ', /^No code has Z in it/],
    ['zz-zz zz', /^No code has Z in it/],
    ['AC0DE1', /^No code has 0 1 in it/],
    ['ACDEFGH5', /^No code has 5 in it/],
  ])('%s: of a code’s length, with characters codes never use', (typed, words) => {
    expect(whyNotACode(typed)).toMatch(words);
  });

  test.each(['ACD', 'ACDEFGHJKM', 'ZZZ'])('%s: of neither length, told the lengths', (typed) => {
    expect(whyNotACode(typed)).toMatch(/6 characters.*8/);
  });
});
