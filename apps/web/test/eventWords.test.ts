import type { Action, Colour, GameEvent, GameSetup, Position, PresetName } from '@flightchess/rules';
import { announcementOf, eventLines } from '../src/play/eventWords';
import { type Language, setLanguage } from '../src/i18n';
import { act, gameOf, viewOf } from './support';

/**
 * Every kind of game event the engine emits, told in words in both languages (the caption over the
 * board; the live region says the same).
 */

const H = 'hangar' as const;
const roll = (seat: Colour, value: number): Action => ({ type: 'roll', seat, value });
const move = (seat: Colour, plane: number): Action => ({ type: 'move', seat, plane });

/** The lines of the last action of `actions`, played from red's and yellow's planes. */
function told(
  lang: Language,
  preset: PresetName,
  planes: { red: Position[]; yellow?: Position[] },
  actions: Action[],
  extra: Partial<GameSetup> = {},
): string[] {
  setLanguage(lang);
  let state = gameOf({ preset, seats: ['red', 'yellow'], firstSeat: 'red', planes: { yellow: [H, H, H, H], ...planes }, ...extra });
  let events: GameEvent[] = [];
  for (const action of actions) ({ state, events } = act(state, action));
  return eventLines(events, viewOf(state, []));
}

afterAll(() => setLanguage('zh-CN'));

describe('the words for what happened', () => {
  test.each([
    ['zh-CN', ['红方掷出 1，没有可走的飞机', '轮到黄方']],
    ['en', ['Red rolled 1: no plane can move', "Yellow's turn"]],
  ] as const)('no legal move (%s)', (lang, lines) => {
    expect(told(lang, 'online', { red: [H, H, H, H] }, [roll('red', 1)])).toEqual(lines);
  });

  test.each([
    ['zh-CN', ['红方掷出 5']],
    ['en', ['Red rolled 5']],
  ] as const)('a roll with planes to move (%s)', (lang, lines) => {
    expect(told(lang, 'online', { red: [H, H, H, H] }, [roll('red', 5)])).toEqual(lines);
  });

  test.each([
    ['zh-CN', ['红方的 1 号飞机起飞，到起飞点', '掷出 6，红方再掷一次']],
    ['en', ["Red's plane 1 takes off, to the launch square", 'Red rolled a 6: another roll']],
  ] as const)('a take-off and the extra roll for a 6 (%s)', (lang, lines) => {
    expect(told(lang, 'online', { red: [H, H, H, H] }, [roll('red', 6), move('red', 0)])).toEqual(lines);
  });

  test.each([
    ['zh-CN', ['红方的 1 号飞机走 1 步，跳到同色格，到第 10 格', '轮到黄方']],
    ['en', ["Red's plane 1 moves 1, jumps to the next square of its colour, to square 10", "Yellow's turn"]],
  ] as const)('a jump (%s)', (lang, lines) => {
    expect(told(lang, 'online', { red: [5, H, H, H] }, [roll('red', 1), move('red', 0)])).toEqual(lines);
  });

  test.each([
    ['zh-CN', ['红方的 1 号飞机走 3 步，飞过捷径，穿过黄方的航道，跳到同色格，到第 34 格', '红方撞回了黄方 1 号', '轮到黄方']],
    [
      'en',
      [
        "Red's plane 1 moves 3, flies the shortcut across Yellow's lane, jumps to the next square of its colour, to square 34",
        'Red sent Yellow 1 home',
        "Yellow's turn",
      ],
    ],
  ] as const)('a flight over the crossing, and the capture there: which planes go home (%s)', (lang, lines) => {
    expect(told(lang, 'online', { red: [15, H, H, H], yellow: [53, H, H, H] }, [roll('red', 3), move('red', 0)])).toEqual(lines);
  });

  test.each([
    ['zh-CN', ['红方的 1 号飞机走 2 步，到第 7 格，与自己的飞机叠成迭子', '轮到黄方']],
    ['en', ["Red's plane 1 moves 2, to square 7, stacks with its own plane", "Yellow's turn"]],
  ] as const)('a stack formed (%s)', (lang, lines) => {
    expect(told(lang, 'online', { red: [5, 7, H, H] }, [roll('red', 2), move('red', 0)])).toEqual(lines);
  });

  // Yellow's 41 and 42 are red's 15 and 16 (RULES.md §1): a yellow stack on red's 16.
  test.each([
    ['zh-CN', ['红方的 1 号飞机走 1 步，遇迭子退回 2 步，到第 14 格', '轮到黄方']],
    ['en', ["Red's plane 1 moves 1, walks back 2 from a stack, to square 14", "Yellow's turn"]],
  ] as const)('blocked by a stack: the walk-back (%s)', (lang, lines) => {
    expect(told(lang, 'online', { red: [15, H, H, H], yellow: [42, 42, H, H] }, [roll('red', 3), move('red', 0)])).toEqual(lines);
  });

  // Yellow's 34 is red's 8: a yellow stack between red's jump square 6 and 10.
  test.each([
    ['zh-CN', ['红方的 1 号飞机走 1 步，被迭子挡住，不能跳，到第 6 格', '轮到黄方']],
    ['en', ["Red's plane 1 moves 1, is blocked from its jump by a stack, to square 6", "Yellow's turn"]],
  ] as const)('a jump blocked by a stack (%s)', (lang, lines) => {
    expect(told(lang, 'online', { red: [5, H, H, H], yellow: [34, 34, H, H] }, [roll('red', 1), move('red', 0)])).toEqual(lines);
  });

  test.each([
    ['zh-CN', ['红方的 1 号飞机走 2 步', '红方撞上迭子：黄方 1、2 号和它自己都回了机库', '轮到黄方']],
    ['en', ["Red's plane 1 moves 2", 'Red hit a stack: Yellow 1, 2 and the plane itself go home', "Yellow's turn"]],
  ] as const)('landing on a stack: both go home (%s)', (lang, lines) => {
    expect(told(lang, 'online', { red: [14, H, H, H], yellow: [42, 42, H, H] }, [roll('red', 2), move('red', 0)])).toEqual(lines);
  });

  test.each([
    ['zh-CN', ['红方的 1 号飞机走 2 步', '红方的 1 号飞机到达终点', '轮到黄方']],
    ['en', ["Red's plane 1 moves 2", "Red's plane 1 arrived", "Yellow's turn"]],
  ] as const)('an arrival (%s)', (lang, lines) => {
    expect(told(lang, 'online', { red: [54, H, H, H] }, [roll('red', 2), move('red', 0)])).toEqual(lines);
  });

  test.each([
    ['zh-CN', '红方连掷三个 6，场上的飞机全部回机库'],
    ['en', 'Red rolled three sixes: every plane on the board goes home'],
  ] as const)('three sixes (%s)', (lang, line) => {
    const sixes = [roll('red', 6), move('red', 0), roll('red', 6), move('red', 0), roll('red', 6)];
    expect(told(lang, 'improved', { red: [10, H, H, H] }, sixes)[0]).toBe(line);
  });

  test.each([
    ['zh-CN', ['红方撞回了黄方 1 号', '撞子奖励：红方再掷一次']],
    ['en', ['Red sent Yellow 1 home', 'A capture: Red rolls again']],
  ] as const)('the extra roll for a capture (%s)', (lang, lines) => {
    // plyyard: yellow's 27 is red's 1 (RULES.md §1).
    expect(told(lang, 'plyyard', { red: [2, H, H, H], yellow: [29, H, H, H] }, [roll('red', 1), move('red', 0)]).slice(1)).toEqual(lines);
  });

  test('the live region says the caption’s words', () => {
    setLanguage('en');
    let state = gameOf({
      preset: 'online',
      seats: ['red', 'yellow'],
      firstSeat: 'red',
      planes: { red: [H, H, H, H], yellow: [H, H, H, H] },
    });
    const { state: after, events } = act(state, roll('red', 1));
    state = after;
    expect(announcementOf({ view: viewOf(state, []), events })).toBe("Red rolled 1: no plane can move Yellow's turn");
  });
});
