import type { TournamentStanding, TournamentView } from '@flightchess/protocol';
import { REVIEWS_WAIT_MS, stillMoving } from '../src/tournaments/stillMoving';

const ENDED = 1_000_000;

const standing = (name: string, games: number, reviewed: number): TournamentStanding => ({
  rank: 1,
  playerId: name,
  name,
  points: 0,
  matchpoints: null,
  rating: null,
  tiebreak: 0,
  decisionLoss: reviewed > 0 ? 1.5 : null,
  reviewed,
  wins: 0,
  games,
  withdrawn: false,
});

/** A Swiss of two rounds, the last ended at ENDED, its standings as given. */
const swiss = (status: TournamentView['status'], standings: TournamentStanding[]): TournamentView => ({
  id: 't1',
  name: 'Friday',
  format: 'swiss',
  seats: 2,
  teams: false,
  rounds: 2,
  minutes: 0,
  duplicate: false,
  private: false,
  preset: 'online',
  startsAt: 0,
  status,
  round: 2,
  players: 2,
  creatorName: 'Ann',
  turnSeconds: 15,
  breakSeconds: 60,
  nextRoundAt: null,
  entrants: [],
  roundList: [1, 2].map((number) => ({
    number,
    commitment: null,
    seed: null,
    startedAt: ENDED - 100_000 * (3 - number),
    endedAt: status === 'running' && number === 2 ? null : ENDED - 100_000 * (2 - number),
    tables: [],
    byes: [],
  })),
  standings,
});

/** A finished ten-minute arena that ended at ENDED, its last pairing a minute before. */
const arena = (standings: TournamentStanding[]): TournamentView => ({
  ...swiss('finished', standings),
  format: 'arena',
  rounds: 0,
  minutes: 10,
  startsAt: ENDED - 600_000,
  roundList: [{ number: 1, commitment: null, seed: null, startedAt: ENDED - 60_000, endedAt: null, tables: [], byes: [] }],
});

describe('stillMoving: whether a tournament page reads the tournament again', () => {
  test.each([
    ['nothing read yet', null, ENDED, true],
    ['upcoming', swiss('upcoming', []), ENDED, true],
    ['running', swiss('running', [standing('Ann', 1, 1)]), ENDED, true],
    ['cancelled', swiss('cancelled', []), ENDED, false],
    ['over, every game reviewed', swiss('finished', [standing('Ann', 2, 2), standing('Bob', 2, 2)]), ENDED + 1_000, false],
    ['over, a game still being reviewed', swiss('finished', [standing('Ann', 2, 2), standing('Bob', 2, 1)]), ENDED + 1_000, true],
    ['over, a review still missing long after the last round', swiss('finished', [standing('Ann', 2, 1)]), ENDED + REVIEWS_WAIT_MS, false],
    [
      'an arena over, a game still being reviewed (its pairings never end by themselves)',
      arena([standing('Ann', 3, 2)]),
      ENDED + 60_000,
      true,
    ],
    ['an arena over long ago, a review still missing', arena([standing('Ann', 3, 2)]), ENDED + REVIEWS_WAIT_MS + 60_000, false],
  ] as const)('%s', (_, view, now, expected) => {
    expect(stillMoving(view, now)).toBe(expected);
  });
});
