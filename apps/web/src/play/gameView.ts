import type { MatchRecord, TableFacts, TurnClock } from '@flightchess/protocol';
import type { Named } from './describe';
import type { BotName, Colour, GameState } from '@flightchess/rules';
import type { GameView, SeatView } from './types';

/** The bot that plays a seat (a bot seat whose bot is not said plays the normal one), or null for a person. */
export function botOf(seat: { kind: string; bot: BotName | '' | null }): BotName | null {
  return seat.kind === 'bot' ? seat.bot || 'heuristic' : null;
}

/** Who sat where at a stored match, as names are made (`nameOf`): bots by colour and strength. */
export function matchPlayers(match: Pick<MatchRecord, 'seats'>): Named[] {
  return match.seats.map((s) => ({ colour: s.colour, name: s.name, bot: botOf(s) }));
}

/** The own seat: the one whose player id is ours. */
export function ownColour(table: TableFacts, playerId: string): Colour | null {
  return table.seats.find((s) => s.kind === 'human' && s.playerId === playerId && playerId !== '')?.colour ?? null;
}

/** A seat of the game in progress whose player left, offered to a friend to take over: its colour and who left it. */
export interface OfferedSeat {
  readonly colour: Colour;
  readonly name: string;
  /** The player who left it (not asked to take it over). */
  readonly leftBy: string;
}

/**
 * The seat its player left that nobody plays now, which this player (still in the game) may offer at a
 * casual table; else null. One answer for the panel below the board (friends/seatOffer.ts) and the seat's
 * chip that leads to it (seatPanel.ts).
 */
export function openSeat(table: TableFacts, playerId: string): OfferedSeat | null {
  if (table.rated || table.status !== 'playing') return null;
  const me = table.seats.find((s) => s.colour === ownColour(table, playerId));
  if (!me || me.autoPlayBy === 'left') return null;
  // At a team table only the seat's team-mate offers it: its fate is theirs.
  const open = table.seats.find(
    (s) => s.kind === 'human' && s.autoPlayBy === 'left' && s.standsFor === '' && (!table.teams || s.team === me.team),
  );
  return open ? { colour: open.colour, name: open.name, leftBy: open.playerId } : null;
}

/** The game screen's view of an online table: its seat facts, the client's engine state with its clock, and whether the link is up. */
export function gameView(table: TableFacts, game: GameState, playerId: string, live = true, clock: TurnClock = {}): GameView {
  const own = ownColour(table, playerId);
  const offered = openSeat(table, playerId);
  const seats: SeatView[] = table.seats.map((s) => ({
    colour: s.colour,
    name: s.name,
    kind: s.kind,
    bot: botOf(s),
    // This page's own link down: its seat is not connected, whatever the last facts said.
    connected: s.connected && (live || s.colour !== own),
    autoPlay: s.autoPlay,
    ...(s.autoPlayBy && { autoPlayBy: s.autoPlayBy }),
    ...(s.awayUntil > 0 && { awayUntil: s.awayUntil }),
    ...(s.standsFor && { standsFor: s.standsFor }),
    local: s.colour === own,
    ...(table.rated && s.rating > 0 && { rating: s.rating }),
  }));
  return {
    mode: 'online',
    state: game,
    seats,
    turnDeadline: clock.deadline ?? null,
    turnSeconds: table.turnSeconds,
    answerDeadline: clock.answerDeadline ?? null,
    viewer: own,
    linkDown: !live,
    rated: table.rated,
    ...(offered && { offered: offered.colour }),
  };
}
