// `npm test`: everything CI checks, in three phases of steps that run side by side, each line prefixed by its step.
// 1. the one build of the web client and the server bundle that every later test uses, and the native addon when the
//    install left it unbuilt (scripts/native.mjs);
// 2. Jest's integration tier (servers and processes at fast timers, a game at the default pace) with the cores to
//    itself, and beside it, at the lowest priority, what only computes and has no bound of time: Jest's unit tier,
//    the lint (ESLint, Prettier, the capability boundaries) and the type check. The integration tier waits on real
//    time and leaves CPU idle, which they fill;
// 3. the browser cases against game servers at full priority (several are bounded in time at the server's default
//    pace: a watcher within 3 s, a notice within 2 s), and beside them, at Linux's idle priority, the browser cases
//    without a game server, which fill the CPU the others leave while they wait. Beside the integration tier, on 2
//    cores, the paced cases broke their bounds; at nice 10 beside them, the cases with game servers were slowed past
//    theirs (a page's link taken for silent, a board not shown within 20 s).
// Ends with each step's time; exits 1 when any step failed. `node scripts/test.mjs --only unit,online` runs some steps.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const WEB_DIST = resolve('apps/web/dist');
/** A step that yields the CPU to the others: at nice 10 a process gets a tenth of a normal one's share when they contend, at 19 a seventieth. */
const yielding = (command, niceness) => `nice -n ${niceness} ${command}`;
/** A step that runs only on CPU no other step wants (Linux's SCHED_IDLE): stricter than any niceness. */
const idle = (command) => `chrt --idle 0 ${command}`;

const PHASES = [
  [
    // The client into an absolute outDir (as packagers build it), which build.test checks instead of building again.
    ['build', `npm run build:web -- --outDir "${WEB_DIST}" --emptyOutDir && npm run build:server`],
    // better-sqlite3 built from source when the install skipped it (.ci/run): a core for 90 s, which every test needs.
    ['native', 'node scripts/native.mjs'],
  ],
  [
    // A worker more than the cores: its files mostly wait on real time (the longest, a game at the server's pace, takes
    // 190 s of the tier's 210; on two workers the tier took 310).
    ['integration', 'npx jest --selectProjects integration --maxWorkers=3'],
    ['unit', yielding('npx jest --selectProjects unit', 19)],
    ['lint', yielding('npm run lint', 19)],
    ['typecheck', yielding('npm run typecheck', 19)],
  ],
  [
    ['online', 'env E2E=online npx tsx apps/web/e2e/run.ts'],
    // Two at a time at Linux's idle priority, inherited by their browser: they run only on the CPU the cases against
    // game servers leave while they wait on the server's pace, and cannot slow those past their bounds.
    ['offline', idle('env E2E=offline E2E_PARALLEL=2 npx tsx apps/web/e2e/run.ts')],
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
