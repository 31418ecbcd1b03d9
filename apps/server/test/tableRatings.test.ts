import { BOT_RATINGS, type RatingMode } from '@flightchess/rules';
import type { ModeRating } from '@flightchess/protocol';
import { createLogger } from '../src/logger';
import { TableRatings } from '../src/table/tableRatings';
import { SeatState, TableState } from '../src/table/schema';

/** A table with a person on red, a newcomer on green and a heuristic bot on yellow. */
function table(): TableState {
  const state = new TableState();
  const seat = (colour: string, kind: 'human' | 'bot', playerId: string, bot = '') => {
    const s = new SeatState();
    Object.assign(s, { colour, kind, playerId, bot });
    state.seats.set(colour, s);
  };
  seat('red', 'human', 'ann');
  seat('green', 'human', 'new');
  seat('yellow', 'bot', '', 'heuristic');
  return state;
}

const shown = (state: TableState) => ['red', 'green', 'yellow'].map((c) => state.seats.get(c)!.rating);

/** Ann's rating as stored; every read counted, and the next ones failing once `failing` is set. */
function store() {
  const s = { reads: 0, failing: false, annRating: 1620 };
  const reads = {
    ratingOf: async (playerId: string, _mode: RatingMode): Promise<ModeRating | null> => {
      s.reads++;
      if (s.failing) throw new Error('the database is away');
      return playerId === 'ann' ? { rating: s.annRating, deviation: 80, games: 30, provisional: false } : null;
    },
  };
  return { s, reads };
}

describe("the seats' ratings before a game", () => {
  test("a rated table shows a person's rating in its mode, a newcomer's 1500 and a bot's anchor; read once, again after forget", async () => {
    const state = table();
    const { s, reads } = store();
    const ratings = new TableRatings(state, reads, '3p', createLogger('silent'));
    await ratings.show();
    expect(shown(state)).toEqual([1620, 1500, BOT_RATINGS['3p'].heuristic]);
    s.annRating = 1650;
    await ratings.show();
    expect([shown(state)[0], s.reads]).toEqual([1620, 2]);
    ratings.forget();
    await ratings.show();
    expect([shown(state)[0], s.reads]).toEqual([1650, 4]);
  });

  test('a read that fails leaves the seat as it was, and is tried again at the next show', async () => {
    const state = table();
    const { s, reads } = store();
    const ratings = new TableRatings(state, reads, '3p', createLogger('silent'));
    s.failing = true;
    await ratings.show();
    expect(shown(state)).toEqual([0, 0, BOT_RATINGS['3p'].heuristic]);
    s.failing = false;
    await ratings.show();
    expect(shown(state)).toEqual([1620, 1500, BOT_RATINGS['3p'].heuristic]);
  });

  test('a casual table shows no rating and reads none', async () => {
    const state = table();
    const { s, reads } = store();
    await new TableRatings(state, reads, null, createLogger('silent')).show();
    expect([...shown(state), s.reads]).toEqual([0, 0, 0, 0]);
  });
});
