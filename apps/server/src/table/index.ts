/**
 * One table of the game, as the rest of the server reaches it: the room Colyseus runs (TableRoom, a door
 * onto the game played there, TablePlay), the lobby's view of every table and its routes, join codes, and the keeper
 * that restores the games of processes that stopped. Nothing outside this folder reaches a room's insides.
 */
export { tableRoomWith } from './tableRoomWith';
export type { TableDeps } from './tableDeps';
export { type LocalTable, TABLE_ROOM, type TableMetadata, localTables, tablesOf } from './lobbyTables';
export { type LobbyRouterDeps, lobbyRouter } from './lobbyRouter';
export { JoinCodes } from './joinCodes';
export { TableKeeper } from './tableKeeper';
export { CLOSED_BY_OPERATOR, closeTableAnywhere } from './closeTable';
export { websocketServerOf } from './colyseusWorkarounds';
