import { inQuietHours, isTimeZone, localMinute } from '../../src/push/quietHours';

const at = (iso: string) => Date.parse(iso);

describe('a sleep window', () => {
  test.each([
    // [from, to, zone, instant, inside]
    [22 * 60, 7 * 60, 'Asia/Shanghai', '2026-12-05T15:30:00Z', true], // 23:30 in Shanghai
    [22 * 60, 7 * 60, 'Asia/Shanghai', '2026-12-05T22:59:00Z', true], // 06:59
    [22 * 60, 7 * 60, 'Asia/Shanghai', '2026-12-05T23:00:00Z', false], // 07:00: the end is not in it
    [22 * 60, 7 * 60, 'Asia/Shanghai', '2026-12-05T14:00:00Z', true], // 22:00: the start is
    [22 * 60, 7 * 60, 'Asia/Shanghai', '2026-12-05T13:59:00Z', false],
    [13 * 60, 14 * 60, 'UTC', '2026-12-05T13:30:00Z', true],
    [13 * 60, 14 * 60, 'UTC', '2026-12-05T14:30:00Z', false],
    [13 * 60, 13 * 60, 'UTC', '2026-12-05T13:00:00Z', false], // from = to: no window
    [0, 8 * 60, 'America/New_York', '2026-07-01T05:00:00Z', true], // 01:00 summer time
    [0, 8 * 60, 'America/New_York', '2026-07-01T13:00:00Z', false], // 09:00
  ])('%i–%i in %s at %s: %p', (from, to, timeZone, iso, inside) => {
    expect(inQuietHours({ from, to, timeZone }, at(iso))).toBe(inside);
  });

  test('none at all is never quiet; local minutes follow the zone', () => {
    expect(inQuietHours(null, Date.now())).toBe(false);
    expect(localMinute('Asia/Kolkata', at('2026-12-05T00:00:00Z'))).toBe(5 * 60 + 30);
    expect(localMinute('UTC', at('2026-12-05T23:59:00Z'))).toBe(23 * 60 + 59);
  });

  test.each([
    ['Europe/Paris', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
  ])('%p is a time zone: %p', (name, known) => {
    expect(isTimeZone(name)).toBe(known);
  });
});
