import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PRESET_NAMES } from '@flightchess/rules';
import { presetSections, withPresetSections } from '../src/rules/playerRules';

const DOC = resolve(__dirname, '../../../docs/player-rules.md');

describe('docs/player-rules.md, the rules written for players', () => {
  it('says what the in-app rules page says about every preset (regenerate: npm run docs:rules)', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(withPresetSections(doc)).toBe(doc);
  });

  it('has each preset in both languages', () => {
    const sections = presetSections();
    for (const preset of PRESET_NAMES) expect(sections).toContain(`### ${preset}\n`);
    expect(sections).toContain('掷出 6 可再掷一次');
    expect(sections).toContain('A 6 earns another roll');
  });
});
