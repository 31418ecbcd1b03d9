// `npm test`: everything CI checks, in two phases of steps that run side by side, each line prefixed by its step.
// 1. lint (ESLint, Prettier, the capability boundaries), the type check, the one build of the web client and the
//    server bundle that every later test uses, and Jest's unit tier: all of them only compute;
// 2. Jest's integration tier and the browser cases, which share the cores: most of both wait on real time (games at
//    the server's default pace, processes restarting) and each alone leaves much of the machine idle.
// Ends with each step's time; exits 1 when any step failed. `node scripts/test.mjs --only unit,e2e` runs some steps.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const WEB_DIST = resolve('apps/web/dist');

const PHASES = [
  [
    ['lint', 'npm run lint'],
    ['typecheck', 'npm run typecheck'],
    // The client into an absolute outDir (as packagers build it), which build.test checks instead of building again.
    ['build', `npm run build:web -- --outDir "${WEB_DIST}" --emptyOutDir && npm run build:server`],
    ['unit', 'npx jest --selectProjects unit'],
  ],
  [
    ['integration', 'npx jest --selectProjects integration'],
    ['e2e', 'npx tsx apps/web/e2e/run.ts'],
  ],
];

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : null;
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const times = [];

/** Run one step, its output line by line behind `[name]`; resolves with whether it passed. */
function step(name, command) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', FLIGHTCHESS_WEB_BUILT: WEB_DIST },
    });
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream.on('data', (chunk) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop();
        for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => pending && process.stdout.write(`[${name}] ${pending}\n`));
    }
    child.on('close', (code) => {
      times.push({ name, ms: Date.now() - started, ok: code === 0 });
      process.stdout.write(`[${name}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(Date.now() - started)}\n`);
      resolve(code === 0);
    });
  });
}

const started = Date.now();
let ok = true;
for (const phase of PHASES) {
  const steps = phase.filter(([name]) => !only || only.includes(name));
  const results = await Promise.all(steps.map(([name, command]) => step(name, command)));
  ok = results.every(Boolean);
  if (!ok) break;
}
console.log(`\n${times.map((t) => `${t.name} ${seconds(t.ms)}${t.ok ? '' : ' FAILED'}`).join(', ')}; all ${seconds(Date.now() - started)}`);
process.exit(ok ? 0 : 1);
