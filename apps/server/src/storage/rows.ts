import { type Action, type BotName, type Colour, type GameResult, type GameSetup, isColour } from '@flightchess/rules';
import { AUTO_PLAY_REASONS, type AutoPlayReason, botLabel } from '@flightchess/protocol';
import type { DeviceRecord } from '../accounts/AccountStorage';
import { compactLog, expandLog } from '../records/actionLog';
import type { Absence, MatchRecord, MatchSeat, MatchStatus, MatchSummary, MatchPrivacy, MatchTable, MatchesShown, NewPlayer, PlayerRecord, PlayerSummary, Presence, SeatPresence, StoredMatch } from './Storage';

/**
 * Rows → records, shared by the SQLite and PostgreSQL stores: both keep the same columns (JSON as
 * text, times as epoch milliseconds), so one mapping serves both.
 */
export type Row = Record<string, unknown>;

const orNull = <T>(v: unknown): T | null => (v === null || v === undefined ? null : (v as T));
/** SQLite keeps booleans as 0/1, PostgreSQL as true/false. */
const flag = (v: unknown): boolean => v === true || v === 1;

export const playerSummary = (r: Row): PlayerSummary => ({
  id: r.id as string,
  nickname: r.nickname as string,
  lifetimeScore: r.lifetime_score as number,
  coins: r.coins as number,
  games: r.games as number,
  wins: r.wins as number,
});

export const playerRecord = (r: Row): PlayerRecord => ({
  ...playerSummary(r),
  createdAt: r.created_at as number,
});

const matchSeat = (s: Row): MatchSeat => {
  const colour = s.colour as Colour;
  // A bot seat stored before bots were named (migration 2) was played by the strong bot.
  const bot = s.kind === 'bot' ? ((orNull<string>(s.bot) ?? 'strong') as BotName) : null;
  return {
    colour,
    kind: s.kind as 'human' | 'bot',
    bot,
    playerId: orNull<string>(s.player_id),
    // A bot is named by what it is, also in matches stored when bots had labels of their own ("Bot ★").
    name: bot ? botLabel(colour, bot) : (s.name as string),
  };
};

const parseActions = (actions: readonly Row[]): Action[] => actions.map((a) => JSON.parse(a.action as string) as Action);

/**
 * A match's log: its compact form once the match has ended (issue 21: `log`, read back with the seed),
 * else its write-ahead rows, one JSON text per action (a match in play, or one whose log could not be
 * compacted).
 */
const actionsOf = (m: Row, rows: readonly Row[]): Action[] => (m.log ? expandLog(m.seed as string, m.log as Uint8Array) : parseActions(rows));

/** The compact log of a match's write-ahead rows (`SELECT action … ORDER BY idx`), or null to keep the rows. */
export function compactRows(seed: string, rows: readonly Row[]): Buffer | null {
  const log = compactLog(seed, rows.map((r) => r.action as string));
  return log && Buffer.from(log);
}

/**
 * The statements that compact one ended match — its log kept (the log, then the match id), its rows
 * dropped (the match id) — and that pick the next ended matches still to compact (after this id, how
 * many): the same in both dialects but for the placeholders (`param(n)`: the n-th).
 */
export const compactionSql = (param: (n: number) => string) => ({
  rows: `SELECT action FROM match_actions WHERE match_id = ${param(1)} ORDER BY idx`,
  setLog: `UPDATE matches SET log = ${param(1)} WHERE id = ${param(2)}`,
  dropRows: `DELETE FROM match_actions WHERE match_id = ${param(1)}`,
  uncompacted: `SELECT id, seed FROM matches WHERE status <> 'playing' AND log IS NULL AND id > ${param(1)} ORDER BY id LIMIT ${param(2)}`,
});

export function matchRecord(m: Row, seats: readonly Row[], actions: readonly Row[]): MatchRecord {
  const status = m.status as MatchStatus;
  return {
    id: m.id as string,
    tableId: m.table_id as string,
    status,
    setup: JSON.parse(m.setup as string) as GameSetup,
    base: m.base as number,
    turnSeconds: m.turn_seconds as number,
    commitment: m.commitment as string,
    // The seed stays secret until the game is over: it would predict every remaining roll.
    seed: status === 'playing' ? null : (m.seed as string),
    result: m.result ? (JSON.parse(m.result as string) as GameResult) : null,
    abortReason: orNull<string>(m.abort_reason),
    seats: seats.map((s) => ({
      ...matchSeat(s),
      score: orNull<number>(s.score) ?? undefined,
      coins: orNull<number>(s.coins) ?? undefined,
      arrived: orNull<number>(s.arrived) ?? undefined,
      rank: orNull<number>(s.rank) ?? undefined,
      escapePenalty: orNull<number>(s.escape_penalty) ?? undefined,
      lifetimeAfter: orNull<number>(s.lifetime_after) ?? undefined,
      levelAfter: orNull<number>(s.level_after) ?? undefined,
      out: orNull<string>(s.out_reason),
      winner: flag(s.winner),
    })),
    actions: actionsOf(m, actions),
    startedAt: m.started_at as number,
    endedAt: orNull<number>(m.ended_at),
  };
}

/** A match row as the server restores it: the whole table, the seed included (it never leaves the server). */
export function storedMatch(m: Row, seats: readonly Row[], actions: readonly Row[]): StoredMatch {
  const table: MatchTable = {
    id: m.id as string,
    tableId: m.table_id as string,
    code: m.code as string,
    private: flag(m.private),
    watchable: flag(m.watchable),
    hostId: m.host_id as string,
    setup: JSON.parse(m.setup as string) as GameSetup,
    base: m.base as number,
    turnSeconds: m.turn_seconds as number,
    seats: seats.map(matchSeat),
    commitment: m.commitment as string,
    seed: m.seed as string,
    engine: m.engine as number,
    startedAt: m.started_at as number,
  };
  return { ...table, presence: presenceOf(m.presence as string), actions: parseActions(actions) };
}

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The stored presence column, keeping only what is well formed (a seat with nothing to say is left out). */
export function presenceOf(json: string): Presence {
  const raw = JSON.parse(json) as Record<string, { autoPlay?: unknown; away?: Partial<Absence> } | null>;
  const presence: Record<string, SeatPresence> = {};
  for (const [colour, seat] of Object.entries(raw)) {
    if (!isColour(colour) || !seat) continue;
    const autoPlay = (AUTO_PLAY_REASONS as readonly unknown[]).includes(seat.autoPlay) ? (seat.autoPlay as AutoPlayReason) : undefined;
    const a = seat.away;
    const away = a && isTime(a.since) && isTime(a.until) && isTime(a.fromAction) ? { since: a.since, until: a.until, fromAction: a.fromAction } : undefined;
    if (autoPlay || away) presence[colour] = { ...(autoPlay && { autoPlay }), ...(away && { away }) };
  }
  return presence;
}

export const matchSummary = (r: Row): MatchSummary => ({
  id: r.id as string,
  preset: r.preset as string,
  status: r.status as MatchStatus,
  colour: r.colour as MatchSummary['colour'],
  score: orNull<number>(r.score),
  rank: orNull<number>(r.rank),
  winner: flag(r.winner),
  players: r.players as number,
  startedAt: r.started_at as number,
  endedAt: orNull<number>(r.ended_at),
});

/**
 * The recent-matches query (aborted matches left out; with `public`, only finished games of public tables),
 * the same in both dialects but for the placeholders (`NOT private` reads SQLite's 0/1 and PostgreSQL's boolean).
 */
export const recentMatchesSql = (playerParam: string, limitParam: string, shown: MatchesShown): string =>
  `SELECT m.id, m.preset, m.status, m.started_at, m.ended_at, s.colour, s.score, s.rank, s.winner,
          (SELECT COUNT(*) FROM match_seats o WHERE o.match_id = m.id) AS players
   FROM match_seats s JOIN matches m ON m.id = s.match_id
   WHERE s.player_id = ${playerParam} AND ${shown === 'public' ? `m.status = 'finished' AND NOT m.private` : `m.status <> 'aborted'`}
   ORDER BY m.started_at DESC, m.id LIMIT ${limitParam}`;

/** The match row's privacy columns (MatchPrivacy). */
export const matchPrivacySql = (idParam: string): string => `SELECT private, watchable, code FROM matches WHERE id = ${idParam}`;

export const matchPrivacy = (r: Row): MatchPrivacy => ({ private: flag(r.private), watchable: flag(r.watchable), code: r.code as string });

/**
 * Guests created before the first parameter who have no game at all — nor a login, a passkey or a second
 * device (issue 19) — the same in both dialects but for the placeholder.
 */
export const idleGuestsSql = (beforeParam: string): string =>
  `DELETE FROM players WHERE games = 0 AND created_at < ${beforeParam}
     AND NOT EXISTS (SELECT 1 FROM match_seats s WHERE s.player_id = players.id)
     AND NOT EXISTS (SELECT 1 FROM logins l WHERE l.player_id = players.id)
     AND NOT EXISTS (SELECT 1 FROM passkeys k WHERE k.player_id = players.id)
     AND (SELECT COUNT(*) FROM devices d WHERE d.player_id = players.id) <= 1`;

/** The first device of a new player (NewPlayer), as stored. */
export const firstDevice = (p: NewPlayer): DeviceRecord => ({
  id: p.deviceId ?? p.id,
  playerId: p.id,
  secretHash: p.secretHash,
  name: p.deviceName ?? '',
  createdAt: p.createdAt,
  lastSeenAt: p.createdAt,
});

/** The health check's write (the same in both dialects but for the placeholder): one row, rewritten each time. */
export const probeSql = (atParam: string): string =>
  `INSERT INTO health_probe (id, checked_at) VALUES (1, ${atParam}) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`;
