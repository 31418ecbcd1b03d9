import { BYE_POINTS, type SeatFinish, ahead, placePoints } from './points';

/** A game of a round: its seats' players (`null`: a bot) and how each seat finished, in the same order. */
export interface PlayedTable {
  readonly players: readonly (number | null)[];
  readonly finishes: readonly SeatFinish[];
}

/** A round as played: its tables, and who sat it out. */
export interface PlayedRound {
  readonly tables: readonly PlayedTable[];
  readonly byes: readonly number[];
}

export interface Standing {
  readonly player: number;
  readonly points: number;
  /**
   * Sonneborn–Berger, as chess's Swiss has it for a table of two and Board Game Arena's for more: for every
   * person the player finished ahead of, that person's points (half for one finished level with).
   */
  readonly tiebreak: number;
  readonly wins: number;
  /** Games played (byes not counted). */
  readonly games: number;
}

/**
 * The standings after these rounds: points, then the tiebreak, then wins, then `draw` (an order drawn once
 * for the tournament, so that nobody's place comes from their number). A pure function of the stored
 * results: the same rounds give the same standings, in whatever order a round's tables are listed.
 */
export function standingsOf(players: readonly number[], rounds: readonly PlayedRound[], draw: readonly number[]): Standing[] {
  const points = new Map(players.map((p) => [p, 0]));
  const wins = new Map(players.map((p) => [p, 0]));
  const games = new Map(players.map((p) => [p, 0]));
  /** Who each player finished ahead of (1) or level with (½), over every game. */
  const beaten = new Map(players.map((p) => [p, [] as { other: number; share: number }[]]));
  const add = (map: Map<number, number>, p: number, n: number) => map.has(p) && map.set(p, map.get(p)! + n);
  for (const round of rounds) {
    for (const p of round.byes) add(points, p, BYE_POINTS);
    for (const { players: seats, finishes } of round.tables) {
      const earned = placePoints(finishes);
      seats.forEach((p, i) => {
        if (p === null) return;
        add(points, p, earned[i]!);
        add(games, p, 1);
        if (finishes[i]!.won) add(wins, p, 1);
        seats.forEach((q, j) => {
          const share = q === null || j === i ? 0 : ahead(finishes[i]!, finishes[j]!);
          if (share > 0) beaten.get(p)?.push({ other: q!, share });
        });
      });
    }
  }
  const place = new Map(draw.map((p, i) => [p, i]));
  return players
    .map((player) => ({
      player,
      points: points.get(player)!,
      tiebreak: beaten.get(player)!.reduce((sum, b) => sum + b.share * (points.get(b.other) ?? 0), 0),
      wins: wins.get(player)!,
      games: games.get(player)!,
    }))
    .sort(
      (a, b) =>
        b.points - a.points ||
        b.tiebreak - a.tiebreak ||
        b.wins - a.wins ||
        (place.get(a.player) ?? Infinity) - (place.get(b.player) ?? Infinity) ||
        a.player - b.player,
    );
}
