import {
  type Colour,
  type GameEvent,
  type GameState,
  type Position,
  arrivedCount,
  legalMoves,
  scoreGame,
} from '@flightchess/rules';
import { type TableState, syncedJson } from './schema';

const HANGAR = -1;
const positionCode = (p: Position): number => (p === 'hangar' ? HANGAR : p);

/**
 * Points each seat has earned so far: collision points and escape penalties (RULES.md §7.1). The
 * plane points depend on how the game ends, so they are only known at the end. Asked of the engine's
 * own scoring as if the game ended now without a winner, so the formula lives in one place.
 */
function scoreSoFar(game: GameState): Partial<Record<Colour, number>> {
  const probe: GameState = game.result ? game : { ...game, result: { winner: null, winners: [], reason: 'draw' } };
  const scored = scoreGame(probe, { base: 0 });
  const out: Partial<Record<Colour, number>> = {};
  if (scored.ok) for (const c of game.seats) out[c] = scored.value.seats[c]?.score ?? 0;
  return out;
}

/** Copy the engine's state (and the events of the action that produced it) into the synced state. */
export function mirrorGame(table: TableState, game: GameState, events: readonly GameEvent[]): void {
  table.version = game.version;
  table.current = game.current;
  table.phase = game.phase;
  table.rolls = game.rolls;
  table.pendingResign = game.pendingResign ?? '';
  table.drawOffer = game.drawOffer ?? '';
  table.lastEvents = syncedJson(events);
  table.moves = syncedJson(legalMoves(game));
  table.game = syncedJson(game);

  const rolled = events.find((e) => e.type === 'rolled');
  if (rolled) {
    table.lastRoll.seat = rolled.seat;
    table.lastRoll.value = rolled.value;
    table.lastRoll.index = game.rolls - 1;
  }

  const points = game.result ? {} : scoreSoFar(game);
  for (const colour of game.seats) {
    const seat = table.seats.get(colour);
    if (!seat) continue;
    const planes = (game.planes[colour] ?? []).map(positionCode);
    planes.forEach((p, i) => {
      if (seat.planes[i] !== p) seat.planes[i] = p;
    });
    while (seat.planes.length > planes.length) seat.planes.pop();
    seat.arrived = game.out[colour]?.arrived ?? arrivedCount(game, colour);
    seat.out = game.out[colour]?.reason ?? '';
    seat.sent = game.collisions[colour]?.sent ?? 0;
    seat.lost = game.collisions[colour]?.lost ?? 0;
    if (!game.result) seat.score = points[colour] ?? 0;
  }

  if (game.result) {
    table.result.reason = game.result.reason;
    table.result.winner = game.result.winner ?? '';
    table.result.winners.splice(0, table.result.winners.length);
    table.result.winners.push(...game.result.winners);
  }
}

/** Forget the previous game in the synced state (a rematch): the table looks as before its first game. */
export function clearGame(table: TableState): void {
  table.matchId = table.current = table.phase = table.pendingResign = table.drawOffer = '';
  table.commitment = table.seed = table.game = '';
  table.version = table.rolls = table.deadline = 0;
  table.lastEvents = table.moves = '[]';
  table.lastRoll.seat = '';
  table.lastRoll.value = 0;
  table.lastRoll.index = -1;
  table.result.reason = table.result.winner = '';
  table.result.winners.splice(0, table.result.winners.length);
  table.result.recorded = false;
  table.seats.forEach((seat) => {
    seat.planes.splice(0, seat.planes.length);
    seat.out = seat.levelName = '';
    seat.arrived = seat.sent = seat.lost = seat.score = seat.coins = seat.level = 0;
    seat.autoPlay = false;
  });
}
