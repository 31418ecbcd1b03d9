import { type Action, COLOURS, rollAt } from '@flightchess/rules';
import fc from 'fast-check';
import { compactLog, expandLog } from '../../src/matches/actionLog';
import { seedDice } from '../../src/matches/seedDice';

const SEED = 'ab'.repeat(32);
const texts = (actions: readonly unknown[]) => actions.map((a) => JSON.stringify(a));

const colour = fc.constantFrom(...COLOURS);
/** Any action of the engine's shapes, with any die or plane a nibble holds: the codec must not care what is legal. */
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ type: fc.constant('roll' as const), seat: colour, value: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ type: fc.constant('move' as const), seat: colour, plane: fc.integer({ min: 0, max: 15 }) }),
  fc.record({ type: fc.constantFrom('resign' as const, 'escape' as const, 'forfeit' as const, 'offer-draw' as const), seat: colour }),
  fc.record({ type: fc.constantFrom('answer-resign' as const, 'answer-draw' as const), seat: colour, accept: fc.boolean() }),
);

describe('the compact action log (matches/actionLog.ts)', () => {
  test('a game as the server plays it: a nibble per roll and per move, the dice left to the seed', () => {
    const actions: Action[] = [];
    for (let i = 0; i < 300; i++) {
      actions.push({ type: 'roll', seat: COLOURS[i % 4]!, value: rollAt(SEED, i) });
      actions.push({ type: 'move', seat: COLOURS[i % 4]!, plane: i % 4 });
    }
    const log = compactLog(SEED, texts(actions))!;
    // format byte, two bytes of count (600 ≥ 128), 600 nibbles
    expect(log.length).toBe(1 + 2 + 300);
    expect(expandLog(SEED, log)).toEqual(actions);
  });

  test("any log of the engine's shapes reads back to the very same JSON, whatever the dice and the seed", () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 300 }), fc.constantFrom(SEED, 'cd'.repeat(32), 'not a seed'), (actions, seed) => {
        const log = compactLog(seed, texts(actions));
        expect(log).not.toBeNull();
        expect(texts(expandLog(seed, log!))).toEqual(texts(actions));
      }),
      { numRuns: 300 },
    );
  });

  test('what it cannot hold exactly is refused (the caller keeps the rows): other fields, key orders, values, types', () => {
    for (const odd of [
      { type: 'roll', seat: 'red', value: 3, extra: true },
      { seat: 'red', type: 'roll', value: 3 },
      { type: 'roll', seat: 'red', value: 16 },
      { type: 'roll', seat: 'red', value: 2.5 },
      { type: 'move', seat: 'red', plane: -1 },
      { type: 'move', seat: 'purple', plane: 0 },
      { type: 'answer-draw', seat: 'red', accept: 'yes' },
      { type: 'teleport', seat: 'red' },
    ]) {
      expect([odd, compactLog(SEED, texts([{ type: 'roll', seat: 'red', value: rollAt(SEED, 0) }, odd]))]).toEqual([odd, null]);
    }
    expect(compactLog(SEED, ['{not json'])).toBeNull();
  });

  test("its dice are the rules' rollAt for every seed and roll (the log's format depends on it)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.integer({ min: 0, max: 2000 }), (bytes, index) => {
        const seed = Buffer.from(bytes).toString('hex');
        expect(seedDice(seed)(index)).toBe(rollAt(seed, index));
      }),
      { numRuns: 500 },
    );
    expect(seedDice('not a seed')(0)).toBeNull();
  });

  test('an empty log, and a log cut short or of an unknown format, fail loudly rather than read wrong', () => {
    expect(expandLog(SEED, compactLog(SEED, [])!)).toEqual([]);
    const log = compactLog(
      SEED,
      texts([
        { type: 'escape', seat: 'red' },
        { type: 'forfeit', seat: 'blue' },
      ]),
    )!;
    expect(() => expandLog(SEED, log.subarray(0, log.length - 1))).toThrow(/cut short/);
    expect(() => expandLog(SEED, Uint8Array.from([9, 0]))).toThrow(/format/);
  });
});
