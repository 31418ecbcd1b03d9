import { LINK_CODE_LENGTH } from './accounts';
import { CODE_ALPHABET, TABLE_CODE_LENGTH, typedCode } from './typedCodes';

describe('a typed code', () => {
  it('of six code letters is a table code, of eight a link code, however typed', () => {
    expect(typedCode('ac3f7x')).toEqual({ kind: 'table', code: 'AC3F7X' });
    expect(typedCode(' AC3-F7X ')).toEqual({ kind: 'table', code: 'AC3F7X' });
    expect(typedCode('acdf 3479')).toEqual({ kind: 'link', code: 'ACDF3479' });
    expect(typedCode('ACDF-3479')).toEqual({ kind: 'link', code: 'ACDF3479' });
  });

  it('is neither at another length or with a letter no code has (look-alikes like O, 0, I, 1)', () => {
    for (const typed of ['', 'ACDF', 'ACDFG', 'ACDFGHJ', 'ACDFGHJKM', 'AC3F7O', 'AC3F70', 'ACDF347I', 'ACDF3471', 'ÄC3F7X'])
      expect(typedCode(typed)).toBeNull();
  });

  it('lengths differ, so no code can be both', () => {
    expect(TABLE_CODE_LENGTH).not.toBe(LINK_CODE_LENGTH);
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
  });
});
