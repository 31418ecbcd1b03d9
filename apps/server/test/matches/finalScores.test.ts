import { finalScores } from '../../src/matches/finalScores';
import { playSeeded, seatsFor } from '../support/seededGames';

/** A four-player game played to its end by bots: red 2nd with +25, green and blue −5 each (planes not home, captures). */
const game = playSeeded({ preset: 'online', seats: seatsFor('online'), ending: 'finish', key: 'out-of-place-1' }).state;

describe('the scores stored of a finished game', () => {
  test('one floor for people and bots: a loss stops at the coins held, and a bot holds none (nor keeps a balance)', () => {
    const scores = finalScores(game, 10, { green: { lifetime: 100, coins: 3 } });
    if (!scores.ok) throw new Error(scores.error.message);
    const seat = (colour: string) => scores.value.find((s) => s.colour === colour)!;
    expect([seat('red').rank, seat('red').score, seat('green').score, seat('blue').score]).toEqual([2, 25, -5, -5]);
    // A person holding 3 coins loses 3 of the rule's 5, and is at 0; their lifetime score takes the whole loss.
    expect(seat('green')).toMatchObject({ coinsEarned: -5, coins: -3, coinsAfter: 0, lifetimeAfter: 95 });
    // A bot loses nothing it does not hold, and keeps no balance; one that gains is paid as a person is.
    expect(seat('blue')).toMatchObject({ coinsEarned: -5, coins: 0, coinsAfter: null, lifetimeAfter: -5 });
    expect(seat('red')).toMatchObject({ coinsEarned: 25, coins: 25, coinsAfter: null });
  });
});
