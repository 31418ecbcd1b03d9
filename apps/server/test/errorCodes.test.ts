import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ERROR_CODES } from '@flightchess/protocol';

// A code the server can answer is declared in the protocol, so that every client has words for it.
const ROOT = resolve(__dirname, '../../..');
const SOURCES = ['apps/server/src', 'packages/protocol/src', 'packages/rules/src'];
const CODE = /\bERR_[A-Z][A-Z_]*[A-Z]\b/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

test('every ERR_ code written in the server, the protocol or the rules is in ERROR_CODES', () => {
  const declared = new Set<string>(ERROR_CODES);
  const undeclared = SOURCES.flatMap((source) =>
    filesUnder(join(ROOT, source)).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(CODE)]
        .filter(([code]) => !declared.has(code))
        .map(([code]) => `${relative(ROOT, file)}: ${code}`),
    ),
  );
  expect(undeclared).toEqual([]);
});

test('each code is listed once', () => {
  expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
});
