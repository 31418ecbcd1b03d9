// The server as one file for production (the container): our code and the rules and protocol packages
// (TypeScript source) bundled by esbuild; npm packages stay in node_modules, where native ones (better-sqlite3)
// and those that load files at run time work as installed.
// Usage: node apps/server/scripts/bundle.mjs [outfile] [entry]   (default apps/server/dist/main.js, src/main.ts)
import { build } from 'esbuild';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const server = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = resolve(process.argv[2] ?? join(server, 'dist/main.js'));
const entry = resolve(process.argv[3] ?? join(server, 'src/main.ts'));

await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  alias: {
    '@flightchess/rules': join(server, '../../packages/rules/src/index.ts'),
    '@flightchess/protocol': join(server, '../../packages/protocol/src/index.ts'),
  },
  sourcemap: true,
  logLevel: 'warning',
});
