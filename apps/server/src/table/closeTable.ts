import { matchMaker } from '@colyseus/core';
import { CLOSE_CODES, type ClosedTable } from '@flightchess/protocol';
import { TABLE_ROOM } from './lobbyTables';
import type { Table } from './table';

/** The reason an aborted game's record gives, and the players read. */
export const CLOSED_BY_OPERATOR = 'closed by the operator';

/**
 * The operator closes a table: a game in progress is aborted — its record says "closed by
 * the operator", its seed is revealed, nobody is scored — and everyone at the table is told why
 * before the connections close. A game that ended is left to be recorded as usual.
 */
export async function closeTable(table: Table, reason = CLOSED_BY_OPERATOR): Promise<ClosedTable> {
  const match = table.play.match;
  const aborted = table.state.status === 'playing' ? await table.play.abort(reason) : false;
  const matchId = match?.id ?? '';
  table.log.info({ event: 'table-closing', reason: 'operator', matchId, aborted }, 'the operator closed the table');
  table.tell('closing', { code: 'ERR_TABLE_CLOSED', message: reason, ...(matchId ? { matchId } : {}) });
  table.close(CLOSE_CODES.closedByOperator);
  return { roomId: table.tableId, matchId, aborted };
}

/**
 * The operator closes a table wherever in the deployment it is held: the process that holds it runs
 * TableRoom.closeByOperator (Colyseus' remoteRoomCall). Undefined when no process holds the table;
 * null when closing it failed.
 */
export async function closeTableAnywhere(roomId: string, timeoutMs: number): Promise<ClosedTable | null | undefined> {
  const [listed] = await matchMaker.query({ name: TABLE_ROOM, roomId });
  if (!listed) return undefined;
  return (await matchMaker.remoteRoomCall(roomId, 'closeByOperator', [], timeoutMs)) as ClosedTable | null;
}
