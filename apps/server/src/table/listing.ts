import type { PresenceTable } from '@flightchess/protocol';
import { type BotName, type Colour, type GameState, arrivedCount, oppositeOf } from '@flightchess/rules';
import type { RescuableSeat } from '../invitations/invitations';
import type { Match } from '../matches/Match';
import type { TableMetadata } from './lobbyTables';
import type { TableState } from './schema';
import type { Seating } from './seating';
import type { TablePerson } from './tableDeps';
import type { Watchers } from './watchers';
import type { TableSettings } from './tableOptions';

export interface Listing {
  readonly metadata: TableMetadata;
  /** Colyseus' `private` flag: out of quick match. */
  readonly hidden: boolean;
}

/**
 * What the matchmaker and the lobby see of a table. Only a public table that is seating players and has
 * a free seat is open to quick match: Colyseus' `private` flag (`hidden`) keeps the others out, and
 * `listed` is the table's own privacy. Tables are never locked, so that a player can always come back
 * by id and anyone else is told why not.
 */
export function listingOf(
  settings: TableSettings,
  state: TableState,
  seating: Seating,
  closing: boolean,
  waitingSince: number,
  game: Pick<Match, 'id' | 'state' | 'table' | 'personGone'> | null,
): Listing {
  const open = state.status === 'waiting' && !seating.isFull() && !closing;
  const colours = seating.colours();
  const inGame = game && !game.state.result ? game : null;
  const seated = people(seating, game);
  return {
    metadata: {
      preset: settings.preset,
      size: settings.size,
      teams: settings.teams,
      base: settings.base,
      turnSeconds: settings.turnSeconds,
      rated: state.rated,
      status: state.status as TableMetadata['status'],
      seated: state.seats.size,
      names: colours.map((c) => seating.seat(c)!.name),
      seats: colours.map((colour) => {
        const seat = seating.seat(colour)!;
        return { colour, name: seat.name, bot: seat.kind === 'bot' ? (seat.bot as BotName) : null };
      }),
      listed: !settings.private,
      players: seated.map((s) => s.playerId),
      rescuable: inGame && !settings.rated ? rescuable(seating, inGame, settings.teams) : [],
      ratings: seated.map((s) => s.rating),
      waitingSince,
      watchable: settings.watchable,
      watchers: state.watchers,
      humans: seating.humans().length,
      arrived: colours.map((c) => (game ? arrivedCount(game.state, c) : 0)),
      startedAt: game?.table.startedAt ?? 0,
    },
    hidden: settings.private || !open,
  };
}

/**
 * What a player's friends see of the table they are at (friends/): how far along is the planes home over
 * all the planes in play (a house rule may give each seat fewer than four).
 */
export function presenceTable(roomId: string, { metadata }: Listing, game: Pick<GameState, 'planes'> | null): PresenceTable {
  const home = metadata.arrived.reduce((a, b) => a + b, 0);
  const planes = game ? Object.values(game.planes).reduce((n, p) => n + (p?.length ?? 0), 0) : 0;
  return {
    roomId,
    preset: metadata.preset,
    size: metadata.size,
    teams: metadata.teams,
    rated: metadata.rated,
    // A private table is watched only with its code: its players' friends are not given it.
    watchable: metadata.watchable && metadata.listed,
    progress: planes > 0 ? home / planes : 0,
  };
}

/** The seats its players left that nobody plays now, in a casual game (a team's: offered by the team-mate only). */
function rescuable(seating: Seating, game: Pick<Match, 'id' | 'personGone'>, teams: boolean): RescuableSeat[] {
  return seating
    .colours()
    .filter((c) => game.personGone(c))
    .map((colour) => {
      const mate = seating.seat(oppositeOf(colour));
      const mateId = mate?.kind === 'human' && !game.personGone(oppositeOf(colour)) ? mate.playerId : '';
      return { colour, leftBy: seating.seat(colour)!.playerId, matchId: game.id, ...(teams && { mate: mateId }) };
    });
}

/** The people seated at a table: not a player who left a game their seat plays on in (the seat is someone else's to take). */
const people = (seating: Seating, game: Pick<Match, 'personGone'> | null) =>
  seating.humans().filter((s) => !game?.personGone(s.colour as Colour));

/** The people at a table: its humans seated (in a game or waiting for one) and its watchers who are there. */
export function peopleAt(
  seating: Seating,
  watchers: Pick<Watchers, 'present'>,
  status: string,
  game: Pick<Match, 'personGone'> | null,
): TablePerson[] {
  const state = status === 'playing' ? 'playing' : 'waiting';
  return [
    ...people(seating, game).map((s) => ({ playerId: s.playerId, state }) as const),
    ...watchers.present().map((playerId) => ({ playerId, state: 'watching' }) as const),
  ];
}
