/** `npm run docs:rules`: write the presets' rules into docs/player-rules.md, from the in-app rules page. */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { withPresetSections } from '../src/rules/playerRules';

const file = resolve(__dirname, '../../../docs/player-rules.md');
writeFileSync(file, withPresetSections(readFileSync(file, 'utf8')));
console.log(`wrote ${file}`);
