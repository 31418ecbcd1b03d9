import { matchMaker } from '@colyseus/core';
import type { Table } from '../../src/table/table';

/** The Table a room of this process plays (the room keeps it to itself), if that room is open here: for tests that look inside or break it on purpose. */
export const liveTable = (roomId: string): Table | undefined =>
  (matchMaker.getLocalRoomById(roomId) as unknown as { table: Table } | undefined)?.table;
