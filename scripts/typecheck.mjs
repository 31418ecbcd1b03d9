// `npm run typecheck`: tsc over every workspace, as many at once as there are cores, the largest first. Incremental:
// the build info is kept in node_modules/.cache/tsc, so a second run checks only what changed since (the edit loop).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const PROJECTS = ['apps/web', 'apps/server', 'packages/rules', 'packages/protocol'];

function check(project) {
  const info = `node_modules/.cache/tsc/${project.replace('/', '-')}.tsbuildinfo`;
  const args = ['-p', `${project}/tsconfig.json`, '--noEmit', '--incremental', '--tsBuildInfoFile', info, '--pretty'];
  return new Promise((resolve) => {
    const tsc = spawn('node_modules/.bin/tsc', args, { stdio: 'inherit' });
    tsc.on('close', (code) => resolve(code === 0));
  });
}

const queue = [...PROJECTS];
const results = await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    let ok = true;
    while (queue.length > 0) ok = (await check(queue.shift())) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
