import type { TableStatus } from './tableFacts';

/**
 * The operator's console: what `/api/admin/*` answers (apps/server README: Operator's
 * console), and the notice every page shows (`GET /api/notice`).
 */

/** GET /api/notice: the operator's notice, or none. */
export interface Notice {
  readonly text: string;
  /** Epoch ms when it was set. */
  readonly at: number;
}

export interface NoticeAnswer {
  readonly notice: Notice | null;
}

/** A banned guest: refused when creating or joining tables and sending phrases; their games in progress go on. */
export interface Ban {
  readonly playerId: string;
  /** The guest's name now (null once the guest is gone). */
  readonly nickname: string | null;
  readonly reason: string;
  readonly at: number;
  /** The address banned with the player (the one they were last seen from), until `addressUntil`; null: none. */
  readonly address: string | null;
  readonly addressUntil: number | null;
}

/** What the console does; each one is logged (`admin-action`) and kept in the audit table. */
export const ADMIN_ACTIONS = [
  'close-table',
  'ban',
  'lift-ban',
  'lift-address-ban',
  'set-notice',
  'clear-notice',
  'drain',
  'schedule-tournament',
] as const;
export type AdminActionName = (typeof ADMIN_ACTIONS)[number];

/** One line of the audit: what was done, when, from which address, to what. */
export interface AdminAction {
  readonly at: number;
  readonly address: string;
  readonly action: AdminActionName;
  /** The table, guest or process acted on ('' for the notice). */
  readonly target: string;
  readonly detail: string;
}

/** One process of the deployment, as it reports itself. */
export interface ProcessFigures {
  /** Colyseus' process id: what a drain names. */
  readonly processId: string;
  /** The process's name in the store (host:pid:random): the owner of the matches it holds. */
  readonly owner: string;
  readonly host: string;
  readonly pid: number;
  readonly storage: 'sqlite' | 'postgres';
  readonly draining: boolean;
  readonly uptimeSeconds: number;
  readonly tables: { readonly waiting: number; readonly playing: number; readonly over: number };
  /** Players seated and connected at this process's tables. */
  readonly players: number;
  /** Websockets open. */
  readonly sockets: number;
  /** Engine actions per second over the last ten seconds. */
  readonly actionsPerSecond: number;
}

export interface AdminSeat {
  readonly colour: string;
  readonly kind: 'human' | 'bot';
  readonly name: string;
  /** The guest's id ('' for a bot): what a ban names. */
  readonly playerId: string;
  readonly connected: boolean;
}

/** GET /api/admin/tables: every table of every process. */
export interface AdminTable {
  readonly roomId: string;
  readonly processId: string;
  readonly code: string;
  readonly preset: string;
  readonly size: number;
  readonly teams: boolean;
  readonly private: boolean;
  readonly status: TableStatus;
  /** The engine state version of its game (0 before one). */
  readonly version: number;
  readonly matchId: string;
  /** Epoch ms when the table was opened (restored, for a restored one). */
  readonly createdAt: number;
  readonly seats: readonly AdminSeat[];
}

/** GET /api/admin/overview */
export interface AdminOverview {
  readonly processes: readonly ProcessFigures[];
  /** Processes of the deployment that did not answer in time. */
  readonly unreachable: readonly string[];
  readonly notice: Notice | null;
  readonly bans: readonly Ban[];
  /** The newest entries of the audit. */
  readonly audit: readonly AdminAction[];
}

/** POST /api/admin/tables/:roomId/close */
export interface ClosedTable {
  readonly roomId: string;
  /** The game that was aborted ('' when none was being played). */
  readonly matchId: string;
  readonly aborted: boolean;
}
