import type { GameState } from '@flightchess/rules';
import { levelMove } from '../src/results/levelBar';
import { resultBanner } from '../src/results/resultBanner';
import { type ResultData, type ResultRow, offlineResults } from '../src/results/results';
import { coinsLine, placeNote, scoreParts } from '../src/results/scoreBreakdown';
import { setLanguage } from '../src/i18n';
import { act, gameOf } from './support';

const H = 'hangar' as const;

/** Red one 1 from winning; yellow with two planes home (base 10: yellow loses 2 × 10). */
function redWins(): GameState {
  const start = gameOf({
    preset: 'online',
    seats: ['red', 'yellow'],
    firstSeat: 'red',
    planes: { red: [55, 56, 56, 56], yellow: [56, 56, 'hangar', 20] },
  });
  return act(act(start, { type: 'roll', seat: 'red', value: 1 }).state, { type: 'move', seat: 'red', plane: 0 }).state;
}

/** Four players in teams: green and blue both escape, so red and yellow win. */
function teamGame(): GameState {
  const start = gameOf({
    preset: 'online',
    seats: ['red', 'green', 'yellow', 'blue'],
    teams: true,
    firstSeat: 'red',
    planes: { red: [56, H, H, H], yellow: [56, 56, H, H], green: [56, H, H, H] },
  });
  return act(act(start, { type: 'escape', seat: 'green' }).state, { type: 'escape', seat: 'blue' }).state;
}

const names = { red: 'Ann', green: 'Bob', yellow: 'Cid', blue: 'Dee' };
const results = (state: GameState, people: readonly string[]): ResultData => {
  const bots = Object.fromEntries(state.seats.filter((c) => !people.includes(c)).map((c) => [c, 'strong' as const]));
  return offlineResults(state, names, 10, bots)!;
};
const row = (data: ResultData, colour: string): ResultRow => data.rows.find((r) => r.colour === colour)!;
const parts = (data: ResultData, colour: string) => scoreParts(row(data, colour), data).map((p) => `${p.rule} = ${p.value}`);

afterEach(() => setLanguage('zh-CN'));

describe('the result banner', () => {
  it('tells the winner they won and the others their place, in either language; a watcher sees who won', () => {
    const asRed = results(redWins(), ['red']);
    expect(asRed.me).toBe('red');
    expect(resultBanner(asRed)).toEqual({ title: '你赢了！', detail: '', tone: 'won' });
    const asYellow = { ...asRed, me: 'yellow' as const };
    expect(resultBanner(asYellow)).toEqual({ title: '第 2 名', detail: '', tone: 'lost' });
    expect(resultBanner({ ...asRed, me: null })).toEqual({ title: 'Ann 获胜', detail: '', tone: 'neutral' });
    setLanguage('en');
    expect(resultBanner(asRed).title).toBe('You won!');
    expect(resultBanner(asYellow).title).toBe('2nd place');
    expect(resultBanner({ ...asRed, me: null }).title).toBe('Ann wins');
  });

  it('names the winning team by its colours, and says whether it was the reader’s', () => {
    const asYellow = results(teamGame(), ['yellow']);
    expect(resultBanner(asYellow)).toEqual({ title: '红黄队获胜', detail: '你们赢了！', tone: 'won' });
    expect(resultBanner({ ...asYellow, me: 'blue' })).toEqual({ title: '红黄队获胜', detail: '你们输了', tone: 'lost' });
    expect(resultBanner({ ...asYellow, me: null })).toEqual({ title: '红黄队获胜', detail: '', tone: 'neutral' });
    setLanguage('en');
    expect(resultBanner(asYellow).title).toBe('Red & Yellow win');
  });

  it('singles nobody out in a hot-seat game of several people', () => {
    expect(results(redWins(), ['red', 'yellow']).me).toBeNull();
  });
});

describe('the score breakdown', () => {
  it('explains a free-for-all end: the winner takes the losers’ planes not home × base, a loser pays its own; captures +5 each', () => {
    const over = redWins();
    const data = results({ ...over, collisions: { red: { sent: 2, lost: 0 }, yellow: { sent: 0, lost: 2 } } }, ['red']);
    expect(row(data, 'red').score).toBe(30);
    expect(parts(data, 'red')).toEqual(['赢家得分：输家未到达 2 架 × 底分 10 = 20', '撞机分：撞回 2 架 × 5 = 10']);
    // Without teams a plane lost costs nothing.
    expect(parts(data, 'yellow')).toEqual(['未到达 2 架 × 底分 10 = -20']);
  });

  it('explains an escape of two players: the winner’s planes home × base, and the −200 penalty', () => {
    const start = gameOf({ preset: 'online', seats: ['red', 'yellow'], planes: { red: [56, 56, H, H], yellow: [56, H, H, H] } });
    const data = results(act(start, { type: 'escape', seat: 'yellow' }).state, ['yellow']);
    expect(parts(data, 'red')).toEqual(['对手认输或逃跑：自己到达 2 架 × 底分 10 = 20']);
    expect(parts(data, 'yellow')).toEqual(['逃跑：赢家到达 2 架 × 底分 10 = -20', '逃跑罚分 = -200']);
    expect(row(data, 'yellow').score).toBe(-220);
  });

  it('explains team points and the personal collision points of a team game (−5 for each plane lost)', () => {
    const over = teamGame();
    const data = results({ ...over, collisions: { red: { sent: 1, lost: 1 } } }, ['red']);
    // Green 3 and blue 4 planes not home: 7 × 10 × 2 = 140, split by red and yellow.
    expect(parts(data, 'red')).toEqual(['团队分：对方未到达飞机 × 底分 × 2，胜方平分 = 70', '撞机分：撞回 1 架 × 5 − 被撞 1 架 × 5 = 0']);
    expect(parts(data, 'blue')).toEqual(['组队：未到达 4 架 × 底分 10 × 2 = -80', '逃跑罚分 = -200']);
    setLanguage('en');
    expect(parts(data, 'green')).toEqual(['Teams: 3 planes not home × base 10 × 2 = -60', 'Escape penalty = -200']);
  });

  it('always adds up to the recorded score', () => {
    for (const data of [results(redWins(), ['red']), results(teamGame(), ['red'])]) {
      for (const r of data.rows) expect(scoreParts(r, data).reduce((sum, p) => sum + p.value, 0)).toBe(r.score);
    }
  });
});

describe('a score that does not follow its place', () => {
  /** Red wins; green is 2nd with 2 planes home, yellow 3rd with 1 but three captures, blue 4th with none. */
  function capturesOutscore(): ResultData {
    const start = gameOf({
      preset: 'online',
      seats: ['red', 'green', 'yellow', 'blue'],
      firstSeat: 'red',
      planes: { red: [55, 56, 56, 56], green: [56, 56, H, H], yellow: [56, H, H, H] },
    });
    const over = act(act(start, { type: 'roll', seat: 'red', value: 1 }).state, { type: 'move', seat: 'red', plane: 0 }).state;
    return results({ ...over, collisions: { yellow: { sent: 3, lost: 0 } } }, ['yellow']);
  }

  it('says why beside both places that disagree (3rd −15 above 2nd −20), and nothing where the score follows the place', () => {
    const data = capturesOutscore();
    expect(data.rows.map((r) => [r.colour, r.rank, r.score])).toEqual([
      ['red', 1, 90],
      ['green', 2, -20],
      ['yellow', 3, -15],
      ['blue', 4, -40],
    ]);
    expect(placeNote(row(data, 'yellow'), data)).toBe(
      '名次先看胜负，再看到达架数；这个得分：未到达 3 架 × 底分 10 -30；撞机分：撞回 3 架 × 5 +15',
    );
    expect(placeNote(row(data, 'green'), data)).toBe('名次先看胜负，再看到达架数；这个得分：未到达 2 架 × 底分 10 -20');
    expect([placeNote(row(data, 'red'), data), placeNote(row(data, 'blue'), data)]).toEqual([null, null]);
    setLanguage('en');
    expect(placeNote(row(data, 'yellow'), data)).toBe(
      'Places go by the win, then planes home; this score: 3 planes not home × base 10 -30; Captures: 3 sent home × 5 +15',
    );
  });

  it('says nothing when every score follows its place, ties included', () => {
    const data = results(redWins(), ['red']);
    for (const r of data.rows) expect(placeNote(r, data)).toBeNull();
  });
});

describe('the coins line', () => {
  const data = results(redWins(), ['red']);
  const loser = row(data, 'yellow');

  it('shows the balance moving, and the floor at 0 when the rule would take more than the player holds', () => {
    expect(coinsLine({ ...loser, coinsEarned: -150, coins: -12, coinsAfter: 0 })).toBe('超级豆 -150：12 → 0（不低于 0）');
    expect(coinsLine({ ...loser, coinsEarned: -20, coins: -20, coinsAfter: 80 })).toBe('超级豆 -20：100 → 80');
    setLanguage('en');
    expect(coinsLine({ ...loser, coinsEarned: -150, coins: -12, coinsAfter: 0 })).toBe('Coins -150: 12 → 0 (never below 0)');
  });

  it('shows only the rule’s amount where no balance is kept (offline)', () => {
    expect(coinsLine(row(data, 'red'))).toBe('超级豆 +20');
  });

  it('shows a bot’s loss stopped at 0, as a person’s who holds none, with no balance', () => {
    expect(coinsLine({ ...loser, coinsEarned: -30, coins: 0, coinsAfter: null })).toBe('超级豆 -30 → 0，没有余额（不低于 0）');
    setLanguage('en');
    expect(coinsLine({ ...loser, coinsEarned: -30, coins: 0, coinsAfter: null })).toBe('Coins -30 → 0, none held (never below 0)');
  });
});

describe('the level bar', () => {
  it('moves from the lifetime score before the game to the one after, and marks a level gained', () => {
    // Level 1 spans 0–500 (the next starts at 501), level 2 501–1500.
    const up = levelMove(400, 700);
    expect({ level: up.to.level.level, up: up.up }).toEqual({ level: 2, up: true });
    expect(up.from.fraction).toBeCloseTo(400 / 501);
    expect(up.to.fraction).toBeCloseTo(199 / 1000);
    const same = levelMove(100, 300);
    expect(same.up).toBe(false);
    expect([same.from.fraction, same.to.fraction]).toEqual([100 / 501, 300 / 501]);
    expect(levelMove(700, 300).up).toBe(false);
  });
});
