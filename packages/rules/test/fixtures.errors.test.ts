import { type ErrorRow, game, move, rm, roll, runErrorRow, yellowAt as Y } from './helpers';

/** RULES.md §9.13: which refusal an action gets when several apply. */

const won = game('online', { red: [56, 56, 56, 54] }, { seats: ['red', 'green'] });
const rolled = game('online', { red: [10] }, { seats: ['red', 'green'] });
const fresh = game('online', {}, { seats: ['red', 'green'] });

const ERRORS: readonly ErrorRow[] = [
  {
    name: '§9.13 a finished game answers ERR_GAME_OVER, even to a wrong seat with a bad roll',
    setup: won,
    before: rm('red', 2, 3),
    action: roll('green', 9),
    code: 'ERR_GAME_OVER',
  },
  {
    name: '§9.13 / §5 a finished game answers ERR_GAME_OVER to the winner too',
    setup: won,
    before: rm('red', 2, 3),
    action: roll('red', 3),
    code: 'ERR_GAME_OVER',
  },
  {
    name: '§9.13 a finished game answers ERR_GAME_OVER to a resignation',
    setup: won,
    before: rm('red', 2, 3),
    action: { type: 'resign', seat: 'green' },
    code: 'ERR_GAME_OVER',
  },
  {
    name: '§9.13 a finished game answers ERR_GAME_OVER to an unknown action',
    setup: won,
    before: rm('red', 2, 3),
    action: { type: 'fly' },
    code: 'ERR_GAME_OVER',
  },
  {
    name: '§9.13 wrong seat before wrong phase: green moves in red’s roll phase',
    setup: fresh,
    before: [],
    action: move('green', 0),
    code: 'ERR_NOT_YOUR_TURN',
  },
  {
    name: '§9.13 wrong seat before bad roll: green rolls a 7',
    setup: fresh,
    before: [],
    action: roll('green', 7),
    code: 'ERR_NOT_YOUR_TURN',
  },
  {
    name: '§9.13 wrong seat before unknown shape: an unknown action type from a seat not to move',
    setup: fresh,
    before: [],
    action: { type: 'fly', seat: 'green' },
    code: 'ERR_NOT_YOUR_TURN',
  },
  { name: '§9.13 wrong seat: a colour not seated rolls', setup: fresh, before: [], action: roll('blue', 3), code: 'ERR_NOT_YOUR_TURN' },
  {
    name: '§9.13 wrong phase: a roll while a move is expected',
    setup: rolled,
    before: [roll('red', 3)],
    action: roll('red', 3),
    code: 'ERR_MOVE_EXPECTED',
  },
  {
    name: '§9.13 wrong phase before bad roll: a 7 while a move is expected',
    setup: rolled,
    before: [roll('red', 3)],
    action: roll('red', 7),
    code: 'ERR_MOVE_EXPECTED',
  },
  {
    name: '§9.13 wrong phase: a move while a roll is expected',
    setup: rolled,
    before: [],
    action: move('red', 0),
    code: 'ERR_ROLL_EXPECTED',
  },
  {
    name: '§9.13 wrong phase before unknown shape: a move of plane 9 while a roll is expected',
    setup: rolled,
    before: [],
    action: move('red', 9),
    code: 'ERR_ROLL_EXPECTED',
  },
  { name: '§9.13 bad roll: 0', setup: fresh, before: [], action: roll('red', 0), code: 'ERR_BAD_ROLL' },
  { name: '§9.13 bad roll: 7', setup: fresh, before: [], action: roll('red', 7), code: 'ERR_BAD_ROLL' },
  { name: '§9.13 bad roll: 2.5', setup: fresh, before: [], action: roll('red', 2.5), code: 'ERR_BAD_ROLL' },
  {
    name: "§9.13 bad roll: the string '6'",
    setup: fresh,
    before: [],
    action: { type: 'roll', seat: 'red', value: '6' },
    code: 'ERR_BAD_ROLL',
  },
  { name: '§9.13 bad roll: no value', setup: fresh, before: [], action: { type: 'roll', seat: 'red' }, code: 'ERR_BAD_ROLL' },
  {
    name: '§9.13 unknown shape: an unknown action type from the seat to move',
    setup: fresh,
    before: [],
    action: { type: 'fly', seat: 'red' },
    code: 'ERR_BAD_ACTION',
  },
  { name: '§9.13 unknown shape: an action that is not an object', setup: fresh, before: [], action: 'roll', code: 'ERR_BAD_ACTION' },
  { name: '§9.13 unknown shape: null', setup: fresh, before: [], action: null, code: 'ERR_BAD_ACTION' },
  {
    name: '§9.13 unknown shape: plane index past the last plane',
    setup: rolled,
    before: [roll('red', 3)],
    action: move('red', 4),
    code: 'ERR_BAD_ACTION',
  },
  {
    name: '§9.13 unknown shape: plane index not an integer',
    setup: rolled,
    before: [roll('red', 3)],
    action: { type: 'move', seat: 'red', plane: '0' },
    code: 'ERR_BAD_ACTION',
  },
  {
    name: '§9.13 unknown shape: answer-draw without accept',
    setup: game('plyyard'),
    before: [{ type: 'offer-draw', seat: 'red' }],
    action: { type: 'answer-draw', seat: 'yellow' },
    code: 'ERR_BAD_ACTION',
  },
  {
    name: '§9.13 / §3 illegal move: a hangar plane with a 3',
    setup: rolled,
    before: [roll('red', 3)],
    action: move('red', 1),
    code: 'ERR_ILLEGAL_MOVE',
  },
  {
    name: '§9.13 / §3 illegal move: a take-off on a 5 in traditional',
    setup: game('traditional', { red: [10] }),
    before: [roll('red', 5)],
    action: move('red', 1),
    code: 'ERR_ILLEGAL_MOVE',
  },
  {
    name: '§9.13 / §1 illegal move: an arrived plane never moves again',
    setup: game('online', { red: [56, 10] }),
    before: [roll('red', 3)],
    action: move('red', 0),
    code: 'ERR_ILLEGAL_MOVE',
  },
  {
    name: '§9.13 / §3 illegal move: exact finish, a move past 56',
    setup: game('appfree', { red: [54, 9] }),
    before: [roll('red', 4)],
    action: move('red', 0),
    code: 'ERR_ILLEGAL_MOVE',
  },
  {
    name: '§9.13 / §9.9 illegal move: another plane on the extra roll after a six-stop',
    setup: game('online', { red: [20, 10], yellow: [Y(22), Y(22)] }),
    before: [...rm('red', 6, 0), roll('red', 3)],
    action: move('red', 1),
    code: 'ERR_ILLEGAL_MOVE',
  },
];

describe('§9.13 error precedence', () => {
  test.each(ERRORS)('$name → $code', runErrorRow);
});
