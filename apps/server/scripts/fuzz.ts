/**
 * The fuzz test at scale: `npm run fuzz -- --messages 1000000 [--seed S] [--tables N] [--in-flight K]`.
 * Runs an in-process server and fuzzes it through real websockets (apps/server/test/support/fuzz),
 * prints the figures, and exits non-zero on any crash, broken invariant or lost message.
 */
import { parseArgs } from 'node:util';
import { type FuzzReport, runFuzz } from '../test/support/fuzz/runFuzz';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '100000' },
    seed: { type: 'string', default: 'fuzz' },
    tables: { type: 'string', default: '8' },
    'in-flight': { type: 'string', default: '3' },
  },
});

const count = (name: string, text: string): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got '${text}'`);
  return n;
};

async function main(): Promise<void> {
  const messages = count('messages', values.messages);
  const started = Date.now();
  const report = await runFuzz({
    messages,
    seed: values.seed,
    tables: count('tables', values.tables),
    inFlight: count('in-flight', values['in-flight']),
    progress: {
      every: Math.max(10_000, Math.round(messages / 20)),
      report: (sent) => console.error(`… ${sent} messages, ${((Date.now() - started) / 1000).toFixed(0)} s`),
    },
  });
  print(report);
  process.exit(failed(report) ? 1 : 0);
}

void main();

function failed(r: FuzzReport): boolean {
  const accountedFor = r.accepted + r.rejected + r.rateLimited + r.badFrames + r.lost === r.messages;
  const clean = r.crashes === 0 && r.violations === 0 && r.lost === 0 && r.serverErrors.length === 0 && r.harnessErrors.length === 0;
  return !clean || !accountedFor || r.shutdown !== 'clean';
}

function print(r: FuzzReport): void {
  const seconds = r.elapsedMs / 1000;
  const lines: [string, unknown][] = [
    ['messages', r.messages],
    ['rejected', r.rejected],
    ['accepted', r.accepted],
    ['rate-limited', r.rateLimited],
    ['bad frames (connection closed, player came back)', r.badFrames],
    ['lost', r.lost],
    ['crashes', r.crashes],
    ['invariant violations', r.violations],
    ['server errors logged', r.serverErrors.length],
    ['shutdown', r.shutdown],
    ['games started / finished', `${r.games.started} / ${r.games.finished} ${JSON.stringify(r.games.byReason)}`],
    ['engine actions checked', `${r.games.actions} (longest game ${r.games.longest})`],
    ['rooms', r.rooms],
    ['reconnections / rejoins / still away', `${r.reconnects} / ${r.rejoins} / ${r.away}`],
    ['closes by code', JSON.stringify(r.closes)],
    ['by category', JSON.stringify(r.byCategory)],
    ['accepted by type', JSON.stringify(r.acceptedByType)],
    ['rejected by code', JSON.stringify(r.rejectedByCode)],
    ['Object.prototype names sent', r.prototypeNamesSent],
    ['elapsed', `${seconds.toFixed(1)} s (${Math.round(r.messages / seconds)} messages/s)`],
  ];
  for (const [name, value] of lines) console.log(`${name}: ${String(value)}`);
  const problems = [...r.crashExamples, ...r.violationExamples, ...r.serverErrors, ...r.harnessErrors, ...r.unexpectedCloses];
  for (const p of problems) console.log(`  ! ${p}`);
}
