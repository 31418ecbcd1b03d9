import { type Action, type BotName, type BySeat, type Colour, type GameSetup, type GameResult, isColour } from '@flightchess/rules';
import {
  AUTO_PLAY_REASONS,
  type AutoPlayReason,
  type MatchRecord,
  type MatchSeat,
  type MatchStatus,
  type MatchSummary,
  type StandIn,
  botLabel,
} from '@flightchess/protocol';
import { type Row, flag } from '../storage/sql';
import { expandLog } from './actionLog';
import type { Absence, MatchPrivacy, MatchTable, Presence, SeatPresence, StoredMatch, StoredStandIn } from './MatchStorage';

/** Rows → match records: both databases keep the same columns (JSON as text, times as epoch milliseconds). */

const orNull = <T>(v: unknown): T | null => (v === null || v === undefined ? null : (v as T));

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
 * A match's log: its compact form once the match has ended (docs/decisions/004-compact-match-records.md: `log`, read back with the seed),
 * else its write-ahead rows, one JSON text per action (a match in play, or one whose log could not be
 * compacted).
 */
const actionsOf = (m: Row, rows: readonly Row[]): Action[] =>
  m.log ? expandLog(m.seed as string, m.log as Uint8Array) : parseActions(rows);

export function matchRecord(m: Row, seats: readonly Row[], actions: readonly Row[]): MatchRecord {
  const status = m.status as MatchStatus;
  // (A row read at an older migration has no presence column: nobody took a seat over there.)
  const presence = typeof m.presence === 'string' ? presenceOf(m.presence) : {};
  return {
    id: m.id as string,
    tableId: m.table_id as string,
    status,
    setup: JSON.parse(m.setup as string) as GameSetup,
    base: m.base as number,
    turnSeconds: m.turn_seconds as number,
    commitment: m.commitment as string,
    // The seed stays secret until the game is over: it would predict every remaining roll — and a
    // duplicate board's until its round is over (`board_ended`): every table of the round plays it.
    seed: status === 'playing' || (m.board_id && !m.board_ended) ? null : (m.seed as string),
    diceStreams: m.dice_streams ? (JSON.parse(m.dice_streams as string) as BySeat<number>) : null,
    tournamentId: orNull<string>(m.tournament_id),
    result: m.result ? (JSON.parse(m.result as string) as GameResult) : null,
    abortReason: orNull<string>(m.abort_reason),
    rated: flag(m.rated),
    seats: seats.map((s) => ({
      ...matchSeat(s),
      score: orNull<number>(s.score) ?? undefined,
      coins: orNull<number>(s.coins) ?? undefined,
      coinsEarned: orNull<number>(s.coins_earned) ?? undefined,
      coinsAfter: orNull<number>(s.coins_after),
      arrived: orNull<number>(s.arrived) ?? undefined,
      rank: orNull<number>(s.rank) ?? undefined,
      escapePenalty: orNull<number>(s.escape_penalty) ?? undefined,
      lifetimeAfter: orNull<number>(s.lifetime_after) ?? undefined,
      levelAfter: orNull<number>(s.level_after) ?? undefined,
      out: orNull<string>(s.out_reason),
      winner: flag(s.winner),
      ratingBefore: orNull<number>(s.rating_before),
      ratingAfter: orNull<number>(s.rating_after),
      ratedGames: orNull<number>(s.rated_games),
      ...standInsOf(presence, s.colour as Colour),
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
    rated: flag(m.rated),
    hostId: m.host_id as string,
    setup: JSON.parse(m.setup as string) as GameSetup,
    base: m.base as number,
    turnSeconds: m.turn_seconds as number,
    seats: seats.map(matchSeat),
    commitment: m.commitment as string,
    seed: m.seed as string,
    ...(m.tournament_id ? { tournamentId: m.tournament_id as string } : {}),
    ...(m.board_id ? { board: { id: m.board_id as string, streams: JSON.parse(m.dice_streams as string) as BySeat<number> } } : {}),
    engine: m.engine as number,
    startedAt: m.started_at as number,
  };
  return { ...table, presence: presenceOf(m.presence as string), actions: parseActions(actions) };
}

/** Who took the seat over after its player left, for its record (nothing when nobody did). */
const standInsOf = (presence: Presence, colour: Colour): { standIns?: readonly StandIn[] } => {
  const standIns = presence[colour]?.standIns;
  return standIns
    ? { standIns: standIns.map(({ playerId, name, fromAction, toAction }) => ({ playerId, name, fromAction, toAction })) }
    : {};
};

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

const isStandIn = (v: unknown): v is StoredStandIn => {
  const p = v as Partial<StoredStandIn> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.playerId === 'string' &&
    typeof p.invitation === 'string' &&
    typeof p.name === 'string' &&
    isTime(p.fromAction) &&
    (p.toAction === null || isTime(p.toAction))
  );
};

/** The stored presence column, keeping only what is well formed (a seat with nothing to say is left out). */
function presenceOf(json: string): Presence {
  const raw = JSON.parse(json) as Record<string, { autoPlay?: unknown; away?: Partial<Absence>; standIns?: unknown } | null>;
  const presence: Record<string, SeatPresence> = {};
  for (const [colour, seat] of Object.entries(raw)) {
    if (!isColour(colour) || !seat) continue;
    const autoPlay = (AUTO_PLAY_REASONS as readonly unknown[]).includes(seat.autoPlay) ? (seat.autoPlay as AutoPlayReason) : undefined;
    const a = seat.away;
    const away =
      a && isTime(a.since) && isTime(a.until) && isTime(a.fromAction)
        ? { since: a.since, until: a.until, fromAction: a.fromAction }
        : undefined;
    const standIns = Array.isArray(seat.standIns) && seat.standIns.length > 0 ? seat.standIns.filter(isStandIn) : undefined;
    if (autoPlay || away || standIns)
      presence[colour] = { ...(autoPlay && { autoPlay }), ...(away && { away }), ...(standIns && { standIns }) };
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
  rated: flag(r.rated),
  startedAt: r.started_at as number,
  endedAt: orNull<number>(r.ended_at),
});

export const matchPrivacy = (r: Row): MatchPrivacy => ({ private: flag(r.private), watchable: flag(r.watchable), code: r.code as string });
