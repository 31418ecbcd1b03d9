// Run a TypeScript script as one esbuild bundle, the way the engine ships (Vite bundles it for the
// browser). Loading it file by file through tsx's CommonJS interop turns every cross-module call into
// a getter call and makes the engine about 4x slower, which is not what a benchmark should measure.
// Usage: node packages/rules/scripts/bundled.mjs <entry.ts> [args…]
import { buildSync } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node bundled.mjs <entry.ts> [args…]');
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'flightchess-'));
const outfile = join(dir, 'bundle.cjs');
// pg's optional native binding is never used: left out rather than failing the bundle.
buildSync({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  outfile,
  logLevel: 'error',
  external: ['pg-native'],
});
process.argv = [process.argv[0], entry, ...args];
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
createRequire(import.meta.url)(outfile);
