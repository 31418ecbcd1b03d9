// The native addons, built when an install skipped them: `.ci/run` installs with --ignore-scripts, so that
// better-sqlite3's build of SQLite from source (about 90 s on one core: the registry has no prebuilt binary for
// an offline machine) runs here, beside the lint and the type check, rather than alone before them. After a
// plain `npm ci` the addon loads and this does nothing.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(resolve('apps/server/package.json'));

function loads() {
  try {
    const Database = require('better-sqlite3');
    new Database(':memory:').close();
    return true;
  } catch {
    return false;
  }
}

if (loads()) process.exit(0);
console.log('better-sqlite3 is not built: running the install scripts npm ci skipped (npm rebuild)');
const rebuilt = spawnSync('npm', ['rebuild', '--no-audit', '--no-fund'], { stdio: 'inherit' });
if (rebuilt.status !== 0 || !loads()) {
  console.error('npm rebuild did not build better-sqlite3');
  process.exit(1);
}
