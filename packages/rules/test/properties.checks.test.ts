import { type Action, type GameState, type Position, applyAction, createGame, legalMoves } from '../src';
import { InvariantError, checkState, checkTransition, sameData } from './support/checks';
import { runCheckedGame } from './support/checkedGame';
import type { GameSpec } from './support/gameSpec';

/** The property checks must be able to fail: feed them tampered transitions and states. */

function start(preset: 'online' | 'plyyard', planes: { red: Position[]; yellow: Position[] }): GameState {
  const created = createGame({ preset, seats: ['red', 'yellow'], planes });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

function play(state: GameState, action: Action) {
  const applied = applyAction(state, action);
  if (!applied.ok) throw new Error(applied.error.message);
  return applied.value;
}

/** Red rolls `roll` and moves plane 0; returns the states around the move and its route. */
function redMoves(state: GameState, roll: number) {
  const rolled = play(state, { type: 'roll', seat: 'red', value: roll }).state;
  const move = legalMoves(rolled).find((m) => m.plane === 0)!;
  const action: Action = { type: 'move', seat: 'red', plane: 0 };
  return { prev: rolled, action, ...play(rolled, action), route: move.route };
}

const sendYellowHome = (state: GameState, plane: number): GameState => ({
  ...state,
  planes: { ...state.planes, yellow: state.planes.yellow!.map((p, i) => (i === plane ? 'hangar' : p)) },
});

test('an untouched move passes the checks', () => {
  const { prev, action, state, events, route } = redMoves(
    start('online', { red: [0, 'hangar', 'hangar', 'hangar'], yellow: ['hangar', 'hangar', 'hangar', 52] }),
    1,
  );
  expect(() => checkTransition(prev, action, state, events, route)).not.toThrow();
  expect(() => checkState(state, legalMoves(state))).not.toThrow();
});

test('a capture in a home lane is caught', () => {
  const { prev, action, state, events, route } = redMoves(
    start('online', { red: [0, 'hangar', 'hangar', 'hangar'], yellow: ['hangar', 'hangar', 'hangar', 52] }),
    1,
  );
  expect(() => checkTransition(prev, action, sendYellowHome(state, 3), events, route)).toThrow(/captured in its lane/);
});

test('a capture on a plyyard safe square is caught', () => {
  // Yellow waits on its own entry square (ring 26, safe); red moves elsewhere.
  const { prev, action, state, events, route } = redMoves(
    start('plyyard', { red: [1, 'hangar', 'hangar', 'hangar'], yellow: [1, 'hangar', 'hangar', 'hangar'] }),
    2,
  );
  expect(() => checkTransition(prev, action, sendYellowHome(state, 0), events, route)).toThrow(/captured on a safe square/);
});

test('a lost plane or a plane off its path is caught', () => {
  const state = start('online', { red: [0, 'hangar', 'hangar', 'hangar'], yellow: ['hangar', 'hangar', 'hangar', 52] });
  const lost = { ...state, planes: { ...state.planes, red: ['hangar', 'hangar', 'hangar'] as Position[] } };
  expect(() => checkState(lost, [])).toThrow(InvariantError);
  const off = { ...state, planes: { ...state.planes, yellow: ['hangar', 'hangar', 'hangar', 57] as Position[] } };
  expect(() => checkState(off, [])).toThrow(/off its path/);
});

test('the same spec plays the same game; a bad spec is named', () => {
  const spec: GameSpec = {
    preset: 'online',
    seats: ['red', 'yellow'],
    teams: false,
    firstSeat: 'yellow',
    bots: ['random', 'random'],
    seed: 1,
  };
  expect(runCheckedGame(spec).actions).toEqual(runCheckedGame(spec).actions);
  const bogus = { ...spec, firstSeat: 'green' } as GameSpec;
  expect(() => runCheckedGame(bogus)).toThrow(/bad spec .*"firstSeat":"green"/);
});

test('sameData compares plain data deeply', () => {
  expect(sameData({ a: [1, { b: 'x' }], c: null }, { c: null, a: [1, { b: 'x' }] })).toBe(true);
  expect(sameData({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
  expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  expect(sameData({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
  expect(sameData([1], { 0: 1 })).toBe(false);
  expect(sameData({ p: 'hangar' }, { p: 0 })).toBe(false);
  expect(sameData(null, {})).toBe(false);
  expect(sameData(Number.NaN, Number.NaN)).toBe(true);
});

test('leftSeatsPlayOn: a seat leaving to play on that loses its planes or its turn, or a record of leaving that changes, is caught', () => {
  const created = createGame({
    preset: 'online',
    seats: ['red', 'green', 'yellow'],
    options: { leftSeatsPlayOn: true },
    planes: { green: [20, 'hangar', 'hangar', 'hangar'] },
  });
  if (!created.ok) throw new Error(created.error.message);
  const prev = created.value;
  const action: Action = { type: 'escape', seat: 'green' };
  const { state, events } = play(prev, action);
  expect(() => checkTransition(prev, action, state, events)).not.toThrow();
  const cleared = { ...state, planes: { ...state.planes, green: ['hangar', 'hangar', 'hangar', 'hangar'] as Position[] } };
  expect(() => checkTransition(prev, action, cleared, events)).toThrow(/moved/);
  expect(() => checkTransition(prev, action, { ...state, current: 'yellow' as const }, events)).toThrow(/turn changed/);
  const later = play(state, { type: 'roll', seat: 'red', value: 1 });
  const changed = { ...later.state, left: { green: { ...state.left.green!, arrived: 1 } } };
  expect(() => checkTransition(state, { type: 'roll', seat: 'red', value: 1 }, changed, later.events)).toThrow(/record of leaving changed/);
});
