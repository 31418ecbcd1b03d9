import { type Action, type Intent, intentAction } from '../src';

/** The one translation of what a player asks for into the engine's action (server, offline game, client). */
describe('intentAction', () => {
  const die = () => 5;
  test.each<[string, Intent, Action]>([
    ['a roll takes the die', { type: 'roll' }, { type: 'roll', seat: 'red', value: 5 }],
    ['a move names its plane', { type: 'move', plane: 2 }, { type: 'move', seat: 'red', plane: 2 }],
    ['a resignation', { type: 'resign' }, { type: 'resign', seat: 'red' }],
    ['a draw offer', { type: 'offer-draw' }, { type: 'offer-draw', seat: 'red' }],
    ['an answer to a draw offer', { type: 'answer-draw', accept: true }, { type: 'answer-draw', seat: 'red', accept: true }],
    [
      "an answer to a team-mate's resignation",
      { type: 'answer-resign', accept: false },
      { type: 'answer-resign', seat: 'red', accept: false },
    ],
  ])('%s', (_name, intent, action) => {
    expect(intentAction(intent, 'red', die)).toEqual(action);
  });

  test('only a roll asks for the die', () => {
    const roll = jest.fn(() => 3);
    intentAction({ type: 'move', plane: 0 }, 'blue', roll);
    intentAction({ type: 'answer-draw', accept: true }, 'blue', roll);
    expect(roll).not.toHaveBeenCalled();
    expect(intentAction({ type: 'roll' }, 'blue', roll)).toEqual({ type: 'roll', seat: 'blue', value: 3 });
    expect(roll).toHaveBeenCalledTimes(1);
  });

  test("a room message's other fields (its version) stay out of the action", () => {
    const message = { type: 'move' as const, version: 17, plane: 1 };
    expect(intentAction(message, 'green', die)).toEqual({ type: 'move', seat: 'green', plane: 1 });
  });
});
