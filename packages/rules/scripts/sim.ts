/**
 * Seeded bot tournaments: `npm run sim -- --preset online --players 4 --games 10000 --bots strong,heuristic --seed 1`.
 * A thin CLI over src/sim (args, tournament, report); progress goes to stderr, the report to stdout.
 */
import { SIM_USAGE, parseSimArgs } from '../src/sim/args';
import { formatReport } from '../src/sim/report';
import { runTournament } from '../src/sim/tournament';

const parsed = parseSimArgs(process.argv.slice(2));
if (parsed.kind === 'error') {
  console.error(`sim: ${parsed.error} (npm run sim -- --help lists the options)`);
  process.exit(1);
}
if (parsed.kind === 'help') {
  console.log(SIM_USAGE);
  process.exit(0);
}
const { options } = parsed;
const progressEvery = Math.max(1, Math.floor(options.games / 20));
const started = performance.now();
const tally = runTournament(options, (t) => {
  if (process.stderr.isTTY && t.games % progressEvery === 0) process.stderr.write(`\r${t.games}/${options.games} games`);
});
const seconds = (performance.now() - started) / 1000;
if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
console.log(formatReport(options, tally, seconds).join('\n'));
