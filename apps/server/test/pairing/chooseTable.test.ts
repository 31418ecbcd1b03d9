import type { RatingMode } from '@flightchess/rules';
import { type Candidate, type Seeker, chooseTable, othersWaiting } from '../../src/pairing/chooseTable';
import { WINDOW_STEP_MS, WINDOW_UNBOUNDED_MS, pairingWindow } from '../../src/pairing/pairingWindow';

const NOW = 1_000_000;

const seeker = (rating: number, avoid: string[] = [], byMode: Partial<Record<RatingMode, number>> = {}): Seeker => ({
  playerId: 'me',
  ratingIn: (mode) => byMode[mode] ?? rating,
  avoid: new Set(avoid),
});

/** An open rated public 4p table that began waiting `waitedMs` ago, with these people (id: rating). */
const table = (roomId: string, people: Record<string, number>, waitedMs = 0, more: Partial<Candidate> = {}): Candidate => ({
  roomId,
  mode: '4p',
  rated: true,
  listed: true,
  status: 'waiting',
  size: 4,
  taken: Object.keys(people).length,
  people: Object.entries(people).map(([playerId, rating]) => ({ playerId, rating })),
  waitingSince: NOW - waitedMs,
  ...more,
});

describe('the pairing window', () => {
  test.each([
    [0, 150],
    [4_999, 150],
    [5_000, 250],
    [10_000, 350],
    [29_999, 650],
    [30_000, Infinity],
    [-1_000, 150], // a clock a little behind the table's: the narrowest window
  ])('a table that waited %i ms takes people within %p points', (waited, points) => {
    expect(pairingWindow(waited)).toBe(points);
  });
});

describe('choosing a table for quick play', () => {
  test.each([
    ['at once, a gap of 150 fits', 1650, 0, 'a'],
    ['at once, a gap of 151 does not', 1651, 0, null],
    ['after 5 s, a gap of 250 fits', 1750, WINDOW_STEP_MS, 'a'],
    ['after 5 s, a gap of 251 does not', 1751, WINDOW_STEP_MS, null],
    ['after 30 s, any gap fits', 2900, WINDOW_UNBOUNDED_MS, 'a'],
  ])('%s', (_what, mine, waited, expected) => {
    expect(chooseTable(seeker(mine), [table('a', { x: 1500 }, waited)], NOW)?.roomId ?? null).toBe(expected);
  });

  test('the farthest person at the table is measured, not the mean', () => {
    // Mean 1500, but the 1000 is 500 away from a 1500.
    expect(chooseTable(seeker(1500), [table('a', { x: 1000, y: 2000 })], NOW)).toBeNull();
    expect(chooseTable(seeker(1500), [table('a', { x: 1400, y: 1600 })], NOW)?.roomId).toBe('a');
  });

  test('the nearest table wins; ties go to the fuller table, then the one waiting longer, then the lower id', () => {
    const far = table('far', { x: 1600 });
    const near = table('near', { x: 1550 });
    expect(chooseTable(seeker(1500), [far, near], NOW)?.roomId).toBe('near');
    const fuller = table('fuller', { x: 1550, y: 1450 });
    expect(chooseTable(seeker(1500), [near, fuller], NOW)?.roomId).toBe('fuller');
    const older = table('older', { x: 1550 }, 1000);
    expect(chooseTable(seeker(1500), [near, older], NOW)?.roomId).toBe('older');
    expect(chooseTable(seeker(1500), [table('b', { x: 1550 }), table('a', { y: 1450 })], NOW)?.roomId).toBe('a');
  });

  test('the seeker is measured in each table’s own mode', () => {
    const twoPlayer = table('2p', { x: 1800 }, 0, { mode: '2p', size: 2 });
    expect(chooseTable(seeker(1500, [], { '2p': 1800 }), [twoPlayer, table('4p', { y: 1500 })], NOW)?.roomId).toBe('2p');
  });

  test('never a table where someone the seeker blocked sits, nor one who blocked the seeker (both are in `avoid`)', () => {
    const tables = [table('a', { blocked: 1500 }), table('b', { other: 1500, blocker: 1500 })];
    expect(chooseTable(seeker(1500, ['blocked', 'blocker']), tables, NOW)).toBeNull();
    expect(chooseTable(seeker(1500, ['blocked']), tables, NOW)?.roomId).toBe('b');
  });

  test('the table the seeker already sits at, or was just sent to, is theirs again, full or far', () => {
    const mine = table('mine', { x: 2500, me: 1500 }, 0, { size: 2, taken: 2 });
    expect(chooseTable(seeker(1500), [table('a', { y: 1500 }), mine], NOW)?.roomId).toBe('mine');
    expect(chooseTable(seeker(1500), [{ ...mine, status: 'playing' }], NOW)).toBeNull();
  });

  test('full, started, casual or private tables are ignored', () => {
    const ignored = [
      table('full', { x: 1500 }, 0, { taken: 4 }),
      table('playing', { x: 1500 }, 0, { status: 'playing' }),
      table('over', { x: 1500 }, 0, { status: 'over' }),
      table('casual', { x: 1500 }, 0, { rated: false }),
      table('private', { x: 1500 }, 0, { listed: false }),
    ];
    expect(chooseTable(seeker(1500), ignored, NOW)).toBeNull();
    expect(chooseTable(seeker(1500), [...ignored, table('open', { x: 1700 }, 2 * WINDOW_STEP_MS)], NOW)?.roomId).toBe('open');
  });

  test('a table with nobody seated yet fits anyone', () => {
    expect(chooseTable(seeker(2500), [table('empty', {})], NOW)?.roomId).toBe('empty');
  });
});

describe('whether anyone else waits for quick play (a new table starts soon when nobody does)', () => {
  test.each([
    ['no table at all', [], false],
    ['a table of someone far from the seeker', [table('a', { x: 2900 })], true],
    ['an empty table', [table('a', {})], false],
    ['only the seeker, at their own table', [table('a', { me: 1500 })], false],
    ['a full table', [table('a', { x: 1500, y: 1500, z: 1500, w: 1500 })], false],
    ['a started table', [table('a', { x: 1500 }, 0, { status: 'playing' })], false],
    ['a private table', [table('a', { x: 1500 }, 0, { listed: false })], false],
    ['a casual table', [table('a', { x: 1500 }, 0, { rated: false })], false],
  ])('%s: %p', (_what, tables, expected) => {
    expect(othersWaiting({ playerId: 'me' }, tables)).toBe(expected);
  });
});
