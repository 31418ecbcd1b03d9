import type { Action, GameResult } from '@flightchess/rules';
import type { SeatResult } from '@flightchess/protocol';
import type { MatchFinish, MatchStart } from '../../src/matches/MatchStorage';

/** The process that holds the matches in these tests, and another one. */
export const OWNER = 'process-a';
export const OTHER = 'process-b';

export const start = (id: string, playerId: string, startedAt = 1, leaseUntil = 1_000): MatchStart => ({
  id,
  tableId: `table-${id}`,
  code: 'ACDEFG',
  private: true,
  watchable: false,
  rated: false,
  hostId: playerId,
  setup: { preset: 'online', seats: ['red', 'yellow'] },
  base: 10,
  turnSeconds: 12.5,
  seats: [
    { colour: 'red', kind: 'human', bot: null, playerId, name: 'Ann' },
    // A label of the days when bots had their own ('Bot', 'Bot ★'): read back as what the bot is.
    { colour: 'yellow', kind: 'bot', bot: 'heuristic', playerId: null, name: 'Bot' },
  ],
  commitment: 'c'.repeat(64),
  seed: 's'.repeat(64),
  engine: 1,
  startedAt,
  owner: OWNER,
  leaseUntil,
});

export const ACTIONS: Action[] = [
  { type: 'roll', seat: 'red', value: 6 },
  { type: 'move', seat: 'red', plane: 0 },
  { type: 'roll', seat: 'red', value: 3 },
];

// Keys deliberately not in alphabetical order: the record must come back byte for byte (the verify
// endpoint compares the stored result with a replay's as JSON text).
export const RESULT: GameResult = { winner: 'red', winners: ['red'], reason: 'finish' };

export const seat = (colour: 'red' | 'yellow', score: number, winner: boolean, out: string | null = null): SeatResult => ({
  colour,
  score,
  coins: score,
  coinsEarned: score,
  coinsAfter: null,
  arrived: winner ? 4 : 0,
  rank: winner ? 1 : 2,
  escapePenalty: 0,
  lifetimeAfter: score,
  levelAfter: 1,
  out,
  winner,
  ratingBefore: null,
  ratingAfter: null,
});

export const finish = (id: string, redScore = 40, endedAt = 9, owner = OWNER): MatchFinish => ({
  id,
  owner,
  result: RESULT,
  endedAt,
  seats: [seat('red', redScore, true), seat('yellow', -redScore, false, 'resign')],
});
