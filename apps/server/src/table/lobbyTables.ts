import { matchMaker } from '@colyseus/core';
import { type TableFacts, type TableListing, tableFacts } from '@flightchess/protocol';
import type { RescuableSeat } from '../invitations/invitations';

/** The name tables are defined under in Colyseus (gameServer.ts). */
export const TABLE_ROOM = 'table';

/** What the lobby shows of a table (`GET /api/tables`), and what it keeps to itself; the room keeps it current with setMetadata. */
export interface TableMetadata extends Omit<TableListing, 'roomId'> {
  /** A public table (a private one is joined by its code only). */
  readonly listed: boolean;
  /** The players seated there, but one who left a game their seat plays on in (for the limit of tables a player may sit at; never shown). */
  readonly players: readonly string[];
  /** The seats of a casual game in progress whose players left (`leftBy`) and that nobody took over (invitations/; never shown). */
  readonly rescuable: readonly RescuableSeat[];
  /** At a rated table, each of those players' rating in its mode (quick play pairs by them; never shown). */
  readonly ratings: readonly number[];
  /** When the countdown of a public table seating players began (epoch ms; 0: none): quick play's window widens from then. */
  readonly waitingSince: number;
}

const STATUS_ORDER = { waiting: 0, playing: 1, over: 2 } as const;

/** Tables of every process (through the matchmaker driver) as the lobby shows them, waiting ones first. */
async function listedTables(keep: (metadata: TableMetadata) => boolean): Promise<TableListing[]> {
  const rooms = await matchMaker.query({ name: TABLE_ROOM });
  return rooms
    .filter((r) => r.metadata !== undefined && keep(r.metadata as TableMetadata))
    .map((r) => {
      const {
        listed: _listed,
        players: _players,
        rescuable: _rescuable,
        ratings: _ratings,
        waitingSince: _waitingSince,
        ...shown
      } = r.metadata as TableMetadata;
      return { roomId: r.roomId, ...shown };
    })
    .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
}

/**
 * Public tables. Colyseus' `private` flag only says whether quick match may seat someone there, so the
 * table's own `listed` decides.
 */
export function publicTables(): Promise<TableListing[]> {
  return listedTables((m) => m.listed);
}

/** Tables, public or private, at which a player sits and whose game has not ended ("return to your game"). */
export function tablesOf(playerId: string): Promise<TableListing[]> {
  return listedTables((m) => m.status !== 'over' && m.players.includes(playerId));
}

/** Whether a table is open now on any process (a room with that id). */
export async function isOpen(roomId: string): Promise<boolean> {
  return (await matchMaker.query({ name: TABLE_ROOM, roomId })).length > 0;
}

/** A table this process holds, as its synced facts show it (the operator's console lists them). */
export interface LocalTable {
  readonly roomId: string;
  readonly createdAt: number;
  readonly facts: TableFacts;
  /** The game's engine state version (TableRoom.version): how far it is. */
  readonly version: number;
}

/** The tables this process holds, read from their synced facts. */
export async function localTables(): Promise<LocalTable[]> {
  const listed = await matchMaker.query({ name: TABLE_ROOM, processId: matchMaker.processId });
  const tables: LocalTable[] = [];
  for (const cache of listed) {
    const room = matchMaker.getLocalRoomById(cache.roomId);
    if (!room?.state) continue;
    tables.push({
      roomId: cache.roomId,
      createdAt: new Date(cache.createdAt ?? Date.now()).getTime(),
      facts: tableFacts(room.state.toJSON()),
      version: (room as { readonly version?: number }).version ?? 0,
    });
  }
  return tables;
}
