import {
  CLEAN_CONDUCT,
  CLEAN_GAMES_PER_STEP,
  type Conduct,
  ESCAPE_WINDOW_MS,
  FIRST_COOLDOWN_MS,
  LONGEST_COOLDOWN_MS,
  conductAfter,
  cooldownAt,
} from '../../src/pairing/cooldown';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A player's rated games in order: `e` an escape, `c` a game played to the end, each `gapMs` after the last. */
function playThrough(games: string, gapMs = MINUTE, from = 0, start = CLEAN_CONDUCT): { conduct: Conduct; escapes: number[]; at: number } {
  let conduct = start;
  const escapes: number[] = [];
  let at = from;
  for (const g of games) {
    at += gapMs;
    const escaped = g === 'e';
    if (escaped) escapes.push(at);
    conduct = conductAfter(conduct, { at, escaped, escapes });
  }
  return { conduct, escapes, at };
}

const cooldownLeft = (games: string, gapMs?: number) => {
  const { conduct, at } = playThrough(games, gapMs);
  return Math.max(0, conduct.until - at);
};

describe("quick play's cooldown for escapers", () => {
  test('the first escape brings none; the second within 24 h brings 10 minutes', () => {
    expect(cooldownLeft('e')).toBe(0);
    expect(cooldownLeft('ee')).toBe(FIRST_COOLDOWN_MS);
    expect(FIRST_COOLDOWN_MS).toBe(10 * MINUTE);
  });

  test('each further escape doubles it: 20, 40, 80 minutes…, never more than 24 hours', () => {
    expect(cooldownLeft('eee')).toBe(20 * MINUTE);
    expect(cooldownLeft('eeee')).toBe(40 * MINUTE);
    expect(cooldownLeft('eeeee')).toBe(80 * MINUTE);
    expect(cooldownLeft('e'.repeat(20))).toBe(LONGEST_COOLDOWN_MS);
    expect(LONGEST_COOLDOWN_MS).toBe(24 * HOUR);
  });

  test('escapes older than 24 hours are not counted', () => {
    expect(cooldownLeft('ee', ESCAPE_WINDOW_MS)).toBe(0);
    expect(cooldownLeft('ee', ESCAPE_WINDOW_MS - 1)).toBe(FIRST_COOLDOWN_MS);
  });

  test('games played to the end forgive one step every 3, and only once there is a step to forgive', () => {
    expect(CLEAN_GAMES_PER_STEP).toBe(3);
    expect(playThrough('eee').conduct.strikes).toBe(2);
    expect(playThrough('eeecc').conduct.strikes).toBe(2);
    expect(playThrough('eeeccc').conduct.strikes).toBe(1);
    expect(playThrough('eeecccccc').conduct.strikes).toBe(0);
    expect(playThrough('ccccccccc').conduct.strikes).toBe(0);
    // Forgiven: two escapes on a later day cost 10 minutes again, not 40.
    const later = playThrough('ee', MINUTE, 2 * ESCAPE_WINDOW_MS, playThrough('eeecccccc').conduct);
    expect(later.conduct.until - later.at).toBe(FIRST_COOLDOWN_MS);
    // An escape starts the count of clean games afresh.
    expect(playThrough('eeecceccc').conduct.strikes).toBe(3 - 1);
  });

  test('a new cooldown never shortens one that is running', () => {
    const long: Conduct = { strikes: 0, cleanGames: 0, until: 10 * HOUR };
    expect(conductAfter(long, { at: HOUR, escaped: true, escapes: [HOUR - MINUTE, HOUR] }).until).toBe(10 * HOUR);
  });

  test('is shown with the time it ends and the escapes of the last 24 hours, and not once it has ended', () => {
    const { conduct, escapes, at } = playThrough('ee');
    expect(cooldownAt(conduct, escapes, at)).toEqual({ until: at + FIRST_COOLDOWN_MS, reason: 'escapes', escapes: 2 });
    expect(cooldownAt(conduct, escapes, at + FIRST_COOLDOWN_MS)).toBeNull();
    expect(cooldownAt(CLEAN_CONDUCT, [], at)).toBeNull();
  });
});
