import { type FuzzReport, runFuzz } from '../support/fuzz/runFuzz';
import { PROTOTYPE_NAMES } from '../support/fuzz/randomValues';

// 100,000 messages take about 40 s on a loaded 2-core machine; `npm run fuzz` runs the same at scale.
jest.setTimeout(240_000);

const MESSAGES = 100_000;

let report: FuzzReport;

beforeAll(async () => {
  report = await runFuzz({ messages: MESSAGES, seed: 'fuzz.test', tables: 8 });
});

describe(`${MESSAGES} random messages from several clients into running tables`, () => {
  test('the process lives: no uncaught exception, no unhandled rejection, nothing unexpected in any table', () => {
    expect(report.crashExamples).toEqual([]);
    expect(report.crashes).toBe(0);
    expect(report.serverErrors).toEqual([]);
    expect(report.harnessErrors).toEqual([]);
  });

  test('every message is read as it was sent, refusals change nothing, every engine action keeps the invariants', () => {
    expect(report.violationExamples).toEqual([]);
    expect(report.violations).toBe(0);
  });

  test('every message is accounted for: accepted, refused, rate-limited, or an undecodable frame that closed its connection', () => {
    // The closes first: a message lost with its connection is explained by why it closed.
    expect(report.unexpectedCloses).toEqual([]);
    expect(report.lost).toBe(0);
    expect(report.messages).toBe(MESSAGES);
    expect(report.accepted + report.rejected + report.rateLimited + report.badFrames).toBe(report.messages);
    // Each undecodable frame closed its connection with 4400, and the player came back (unless the run ended first).
    expect(report.closes).toEqual(report.badFrames > 0 ? { 4400: report.badFrames } : {});
    expect(report.reconnects + report.rejoins + report.away).toBe(report.badFrames);
  });

  test('the mix reaches everywhere: every kind of message, every Object.prototype name, undecodable frames', () => {
    for (const [category, count] of Object.entries(report.byCategory))
      expect({ category, sent: count > 0 }).toEqual({ category, sent: true });
    expect(report.prototypeNamesSent).toBe(PROTOTYPE_NAMES.length);
    expect(Object.keys(report.rejectedByCode)).toEqual(
      expect.arrayContaining(['ERR_UNKNOWN_MESSAGE', 'ERR_BAD_MESSAGE', 'ERR_STALE_VERSION', 'ERR_NOT_YOUR_TURN']),
    );
  });

  test('the games were played: messages accepted, games finished and started again, long games', () => {
    expect(report.accepted).toBeGreaterThan(MESSAGES / 50);
    expect(report.acceptedByType.roll).toBeGreaterThan(100);
    expect(report.acceptedByType.move).toBeGreaterThan(100);
    expect(report.games.finished).toBeGreaterThanOrEqual(6);
    expect(report.games.started).toBeGreaterThan(report.games.finished);
    expect(report.games.longest).toBeGreaterThan(150);
    expect(report.games.byReason.finish).toBeGreaterThan(0);
  });

  test('the server then stops cleanly, every table stored and closed', () => {
    expect(report.shutdown).toBe('clean');
  });
});
