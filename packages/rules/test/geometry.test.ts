import { COLOURS, ringIndex, progressOf, ringColourSeat, isOwnColour, seatIndex, entryRing, starRing, isSafeRing } from '../src';

describe('§1 board geometry', () => {
  test('entry squares are ring 13 × seat', () => {
    expect(COLOURS.map(entryRing)).toEqual([0, 13, 26, 39]);
  });

  test('progress 1..50 maps onto the ring and back for every colour', () => {
    for (const c of COLOURS) {
      for (let p = 1; p <= 50; p++) expect(progressOf(c, ringIndex(c, p))).toBe(p);
    }
  });

  test('own-colour squares are p ∈ {2, 6, …, 50} and carry the colour of their seat', () => {
    for (const c of COLOURS) {
      const own = [];
      for (let p = 1; p <= 50; p++) {
        if (isOwnColour(p)) own.push(p);
        expect(ringColourSeat(ringIndex(c, p)) === seatIndex(c)).toBe(isOwnColour(p));
      }
      expect(own).toEqual([2, 6, 10, 14, 18, 22, 26, 30, 34, 38, 42, 46, 50]);
    }
  });

  test('ring 0 is blue and the entry square has the previous seat colour', () => {
    expect(ringColourSeat(0)).toBe(3);
    expect(ringColourSeat(entryRing('green'))).toBe(seatIndex('red'));
  });

  test("the flight line 18→30 passes the opposite colour's turn-in square half-way", () => {
    for (const c of COLOURS) {
      const opposite = COLOURS[(seatIndex(c) + 2) % 4]!;
      expect(ringIndex(opposite, 50)).toBe((ringIndex(c, 18) + 6) % 52);
      expect(ringIndex(c, 30)).toBe((ringIndex(c, 18) + 12) % 52);
    }
  });

  test('safe squares are the four entries and the four stars at 13 × seat + 8', () => {
    const safe = Array.from({ length: 52 }, (_, r) => r).filter(isSafeRing);
    expect(safe).toEqual([...COLOURS.map(entryRing), ...COLOURS.map(starRing)].sort((a, b) => a - b));
  });
});
