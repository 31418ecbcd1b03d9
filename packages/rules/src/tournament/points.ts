/**
 * What a game is worth in a tournament (issue 42): place points at the table, a bye, and the arena's
 * streak. Documented in the rules README ("Tournaments").
 */

/** How a seat finished a game: whether it (or its team) won, and how many of its planes arrived. */
export interface SeatFinish {
  readonly won: boolean;
  readonly arrived: number;
}

/** 1 when `a` finished ahead of `b`, ½ level, 0 behind: a win first, then more planes arrived. */
export function ahead(a: SeatFinish, b: SeatFinish): number {
  if (a.won !== b.won) return a.won ? 1 : 0;
  return a.arrived === b.arrived ? 0.5 : a.arrived > b.arrived ? 1 : 0;
}

/**
 * Place points: each seat earns one point for every seat of its table it finished ahead of, half for one
 * it finished level with — at a table of four 3 / 2 / 1 / 0 by place, of two 1 / 0. Seats a bot played
 * count as opponents like any other; what the bots earn is nobody's.
 */
export function placePoints(finishes: readonly SeatFinish[]): number[] {
  return finishes.map((mine, i) => finishes.reduce((sum, other, j) => (i === j ? sum : sum + ahead(mine, other)), 0));
}

/** A round sat out (an odd count at tables of two) is worth a win over one seat, as chess's bye is. */
export const BYE_POINTS = 1;

/** A game of a player's arena, in the order played. */
export interface ArenaGame {
  readonly points: number;
  readonly won: boolean;
}

/**
 * An arena player's score: the place points of every game, each game doubled while the player is on a
 * streak — after two wins in a row, until a game that is not a win (which still counts double: the streak
 * was on when it began), as lichess's arenas do.
 */
export function arenaScore(games: readonly ArenaGame[]): number {
  let score = 0;
  let wins = 0;
  for (const game of games) {
    score += wins >= 2 ? 2 * game.points : game.points;
    wins = game.won ? wins + 1 : 0;
  }
  return score;
}
