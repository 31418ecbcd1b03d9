import { type Colour, LEVELS, isColour } from '@flightchess/rules';
import type { SeatResult } from '@flightchess/protocol';
import type { Match } from '../matches/Match';
import type { TableState } from './schema';

/** A game began (or was restored): the table shows its match and commitment. */
export function showMatch(table: TableState, match: Match): void {
  table.status = match.state.result ? 'over' : 'playing';
  table.matchId = match.id;
  table.commitment = match.table.commitment;
  table.seats.forEach((seat) => {
    if (isColour(seat.colour)) showPresence(table, match, seat.colour);
  });
  if (match.state.result) showResult(table, match);
}

/**
 * How the seat is played now: by whom (its player, or who took it over after they left), auto-play and
 * why, and until when it is held for its player if they are away and still in the game.
 */
export function showPresence(table: TableState, match: Match, colour: Colour): void {
  const seat = table.seats.get(colour);
  if (!seat) return;
  const player = match.table.seats.find((s) => s.colour === colour);
  if (player?.kind === 'human') {
    const standIn = match.standInOf(colour);
    seat.playerId = standIn?.playerId ?? player.playerId ?? '';
    seat.name = standIn?.name ?? player.name;
    seat.standsFor = standIn ? player.name : '';
  }
  const reason = match.autoPlayOf(colour);
  seat.autoPlay = reason !== null;
  seat.autoPlayBy = reason ?? '';
  const away = match.awayOf(colour);
  seat.awayUntil = away && !match.state.out[colour] && !match.state.result ? away.until : 0;
}

/** The game is over: its result, and the seed that makes every roll checkable. */
export function showResult(table: TableState, match: Match): void {
  const result = match.state.result!;
  table.status = 'over';
  table.seed = match.seed;
  table.result.reason = result.reason;
  table.result.winner = result.winner ?? '';
  // (ArraySchema's splice cannot insert more than it deletes.)
  table.result.winners.splice(0, table.result.winners.length);
  table.result.winners.push(...result.winners);
  // Nobody is held for a game that is over.
  table.seats.forEach((seat) => {
    seat.awayUntil = 0;
  });
}

/** The recorded scores, coins, levels and rating changes on the seats. */
export function showScores(table: TableState, seats: readonly SeatResult[]): void {
  for (const s of seats) {
    const seat = table.seats.get(s.colour);
    if (!seat) continue;
    seat.score = s.score;
    seat.coins = s.coins;
    seat.level = s.levelAfter;
    seat.levelName = LEVELS.find((l) => l.level === s.levelAfter)?.name ?? '';
    seat.ratingAfter = s.ratingAfter ?? 0;
  }
  table.result.recorded = true;
}

/** Forget the previous game (a rematch): the table looks as before its first game. */
export function clearMatch(table: TableState): void {
  table.matchId = table.commitment = table.seed = '';
  table.result.reason = table.result.winner = '';
  table.result.winners.splice(0, table.result.winners.length);
  table.result.recorded = false;
  table.seats.forEach((seat) => {
    seat.levelName = '';
    seat.score = seat.coins = seat.level = seat.awayUntil = seat.ratingAfter = 0;
    seat.autoPlay = false;
    seat.autoPlayBy = seat.standsFor = '';
  });
}
