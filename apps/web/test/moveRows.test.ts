import { type Action, type GameEvent, type GameSetup, createRng } from '@flightchess/rules';
import { playGame } from '../../../packages/rules/src/sim/playGame';
import { moveRowsOf, rowsJoined } from '../src/play/moveRows';
import { rowWords } from '../src/play/moveWords';
import { setLanguage } from '../src/i18n';
import { act, gameOf } from './support';

/** The move list's rows: one per roll, with the plane moved and what came of it, and where a replay shows it. */

const H = 'hangar' as const;

/** Each action's events, from `setup`. */
function eventsOf(setup: GameSetup, actions: readonly Action[]): GameEvent[][] {
  let state = gameOf(setup);
  return actions.map((action) => {
    const applied = act(state, action);
    state = applied.state;
    return applied.events;
  });
}

afterAll(() => setLanguage('zh-CN'));

describe('the move list', () => {
  test('a no-move roll, a take-off with its extra roll, a flight with a capture: one row each, at the position after it', () => {
    const setup: GameSetup = {
      preset: 'online',
      seats: ['red', 'yellow'],
      firstSeat: 'red',
      planes: { red: [H, H, H, H], yellow: [H, 53, H, H] },
    };
    const actions: Action[] = [
      { type: 'roll', seat: 'red', value: 1 }, // nothing can move
      { type: 'roll', seat: 'yellow', value: 6 },
      { type: 'move', seat: 'yellow', plane: 0 }, // take-off, and another roll
      { type: 'roll', seat: 'yellow', value: 3 },
      { type: 'move', seat: 'yellow', plane: 0 },
    ];
    const rows = moveRowsOf(eventsOf(setup, actions));
    expect(rows).toEqual([
      { seat: 'red', roll: 1, plane: null, marks: ['no-move'], captured: 0, position: 1 },
      { seat: 'yellow', roll: 6, plane: 0, marks: ['takeoff', 'extra'], captured: 0, position: 3 },
      { seat: 'yellow', roll: 3, plane: 0, marks: [], captured: 0, position: 5 },
    ]);
    setLanguage('zh-CN');
    expect(rows.map(rowWords)).toEqual(['红 ⚀1 不能走', '黄 ⚅6 ✈1 起飞 · 再掷', '黄 ⚂3 ✈1']);
    setLanguage('en');
    expect(rowWords(rows[1]!)).toBe('Yellow ⚅6 ✈1 take-off · again');

    // Red flies from 15 over yellow's plane on the crossing (RULES.md §3.3).
    const flight = moveRowsOf(
      eventsOf({ ...setup, planes: { red: [15, H, H, H], yellow: [53, H, H, H] } }, [
        { type: 'roll', seat: 'red', value: 3 },
        { type: 'move', seat: 'red', plane: 0 },
      ]),
    );
    expect(flight).toEqual([{ seat: 'red', roll: 3, plane: 0, marks: ['flight', 'jump', 'capture'], captured: 1, position: 2 }]);
    expect(rowWords(flight[0]!)).toBe('Red ⚂3 ✈1 flight · jump · sends 1 home');
  });

  test('a seeded game: a row for every roll, the plane of every move, positions in order up to the last action', () => {
    const setup: GameSetup = { preset: 'online', seats: ['red', 'green', 'yellow', 'blue'] };
    const { actions } = playGame(setup, { red: 'strong', green: 'random', yellow: 'strong', blue: 'random' }, createRng('move-list'));
    const rows = moveRowsOf(eventsOf(setup, actions));
    const rolls = actions.filter((a) => a.type === 'roll');
    const moves = actions.filter((a) => a.type === 'move');
    expect(rows.map((r) => [r.seat, r.roll])).toEqual(rolls.map((a) => a.type === 'roll' && [a.seat, a.value]));
    expect(rows.filter((r) => r.plane !== null).map((r) => r.plane)).toEqual(moves.map((a) => a.type === 'move' && a.plane));
    const positions = rows.map((r) => r.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(positions.at(-1)).toBe(actions.length);
    expect(rows.reduce((n, r) => n + r.captured, 0)).toBeGreaterThan(0);
  });

  test('joined in progress: the stored history first, then the updates that came meanwhile, none twice', () => {
    const setup: GameSetup = { preset: 'online', seats: ['red', 'yellow'] };
    const { actions } = playGame(setup, { red: 'strong', yellow: 'strong' }, createRng('joined'));
    const all = eventsOf(setup, actions);
    const whole = moveRowsOf(all);
    // Opened at action 10; updates 11..14 came while a history of 12 actions loaded, then 15 onwards as usual.
    const live = all.slice(10, 14).map((events, i) => ({ events, position: 11 + i }));
    expect(rowsJoined(all.slice(0, 12), live)).toEqual(moveRowsOf(all.slice(0, 14)));
    // The history may hold more than the page has seen: nothing it holds is added again.
    expect(rowsJoined(all, live)).toEqual(whole);
    // No history (it could not be read): the list starts where the page did.
    expect(rowsJoined([], live).map((r) => r.position)[0]).toBeGreaterThanOrEqual(11);
  });
});
