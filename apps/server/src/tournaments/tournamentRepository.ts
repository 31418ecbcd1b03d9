import type { TournamentFormat, TournamentStatus } from '@flightchess/protocol';
import type { BySeat, Colour, DecisionLoss, GameLuck, PresetName } from '@flightchess/rules';
import { type Row, type Sql, flag } from '../storage/sql';

/** A tournament as stored (migration 20). */
export interface StoredTournament {
  readonly id: string;
  readonly name: string;
  readonly format: TournamentFormat;
  readonly seats: 2 | 4;
  /** 2v2: the seats opposite each other are partners. */
  readonly teams: boolean;
  /** A Swiss's rounds (0 for an arena). */
  readonly rounds: number;
  /** An arena's length (0 for a Swiss): it ends at startsAt + minutes. */
  readonly minutes: number;
  readonly duplicate: boolean;
  readonly private: boolean;
  readonly creatorId: string;
  readonly preset: PresetName;
  readonly turnSeconds: number;
  readonly breakSeconds: number;
  readonly startsAt: number;
  readonly status: TournamentStatus;
  /** The round being played or the last one played (0 before the first). */
  readonly round: number;
  /** When the next round is paired (set at the start and when a round ends). */
  readonly nextRoundAt: number | null;
  /** Duplicate tournaments: each round's board, drawn at the start (the seeds never leave the server before their round ends). */
  readonly boards: readonly Board[] | null;
  /** The players' order drawn at the start: round one's pairing and the last tiebreak. */
  readonly draw: readonly string[] | null;
  readonly createdAt: number;
  readonly endedAt: number | null;
}

export interface Board {
  readonly seed: string;
  readonly commitment: string;
}

export interface Entrant {
  readonly playerId: string;
  readonly name: string;
  readonly joinedAt: number;
  readonly withdrawnAt: number | null;
}

/** A seat of a round's table as paired: its player (null: a bot) and the stream it holds (duplicate rounds). */
export interface PairedSeat {
  readonly colour: Colour;
  readonly playerId: string | null;
  readonly stream: number | null;
}

/** A table of a round as paired: its match and room ids are drawn with the pairing, so any process can open it. */
export interface PairedTable {
  readonly matchId: string;
  readonly tableId: string;
  readonly seats: readonly PairedSeat[];
}

export interface StoredRound {
  /** The round's id: a duplicate round's board id (matches.board_id). */
  readonly id: string;
  readonly number: number;
  readonly tables: readonly PairedTable[];
  readonly byes: readonly string[];
  readonly startedAt: number;
  readonly endedAt: number | null;
}

/** How a seat of a round's match finished (its stored result): null fields while the match is played. */
export interface SeatOutcome {
  readonly matchId: string;
  readonly colour: Colour;
  readonly status: 'playing' | 'finished' | 'aborted';
  /** When the game ended (null while it is played). */
  readonly endedAt: number | null;
  readonly winner: boolean;
  readonly arrived: number | null;
  /** How its player left the game, if they did. */
  readonly out: string | null;
}

/** A tournament game's review as stored: what each seat's decisions lost, and the dice's part of the game (null when the review failed). */
export interface StoredReview {
  readonly losses: BySeat<DecisionLoss>;
  readonly luck: GameLuck | null;
}

export type NewTournament = Omit<StoredTournament, 'status' | 'round' | 'nextRoundAt' | 'boards' | 'draw' | 'endedAt'>;

/** What tournaments/ keeps. Every change of a tournament's course is conditional on the state it changes, so that processes racing on it change it once. */
export interface TournamentStorage {
  create(t: NewTournament): Promise<void>;
  get(id: string): Promise<StoredTournament | null>;
  /** How many tournaments the player created that are upcoming or running. */
  openCreatedBy(playerId: string): Promise<number>;
  /** Public tournaments of a status, soonest or newest first. */
  listed(status: TournamentStatus, limit: number): Promise<StoredTournament[]>;
  /** Tournaments with work due at `now`: upcoming ones whose start has come, and running ones. */
  due(now: number): Promise<StoredTournament[]>;
  entrants(id: string): Promise<Entrant[]>;
  /** How many joined and did not withdraw, per tournament. */
  counts(ids: readonly string[]): Promise<Map<string, number>>;
  /** An arena whose time is over and whose last game ended: finished (once). */
  finish(id: string, at: number): Promise<boolean>;
  /** Join (or come back after withdrawing) while it is upcoming — an arena until it ends; false when it is not. */
  join(id: string, playerId: string, name: string, at: number): Promise<boolean>;
  /** Withdraw; false when not joined (or withdrawn already), or the tournament is over. */
  withdraw(id: string, playerId: string, at: number): Promise<boolean>;
  /** upcoming → running (its draw and boards), or cancelled (draw null); false when another process did it first. */
  start(id: string, at: number, draw: readonly string[] | null, boards: readonly Board[] | null): Promise<boolean>;
  rounds(id: string): Promise<StoredRound[]>;
  /** Store round `round.number` as the tournament's current round; false when another process paired it first. */
  addRound(tournamentId: string, round: StoredRound): Promise<boolean>;
  /** The round is over (every table ended): the next one is due at `next` (null: the tournament is finished). */
  endRound(tournamentId: string, roundId: string, at: number, next: number | null): Promise<boolean>;
  /** The stored results of these matches' seats (matches not stored yet are left out). */
  outcomes(matchIds: readonly string[]): Promise<SeatOutcome[]>;
  /** A finished game of a tournament not reviewed yet (the oldest first), if any. */
  unreviewed(): Promise<{ readonly matchId: string; readonly tournamentId: string } | null>;
  /** A game's review, as the standings read it (stored once: a second process's is dropped). */
  storeReview(matchId: string, tournamentId: string, review: StoredReview, at: number): Promise<void>;
  /** The reviews stored of a tournament's games, by match. */
  reviews(tournamentId: string): Promise<Map<string, StoredReview>>;
  /** The started tournaments the player is in (not withdrawn before the start), newest first; `public` leaves private ones out. */
  playedBy(playerId: string, shown: 'all' | 'public', limit: number): Promise<string[]>;
  /** The rounds under way of the running tournaments the player is in, with their tournament's name. */
  roundsUnderWay(
    playerId: string,
  ): Promise<{ readonly tournamentId: string; readonly name: string; readonly format: TournamentFormat; readonly round: StoredRound }[]>;
}

const tournamentOf = (r: Row): StoredTournament => ({
  id: r.id as string,
  name: r.name as string,
  format: r.format as TournamentFormat,
  seats: Number(r.seats) as 2 | 4,
  teams: flag(r.teams),
  rounds: Number(r.rounds),
  minutes: Number(r.minutes),
  duplicate: flag(r.duplicate),
  private: flag(r.private),
  creatorId: r.creator_id as string,
  preset: r.preset as PresetName,
  turnSeconds: Number(r.turn_seconds),
  breakSeconds: Number(r.break_seconds),
  startsAt: Number(r.starts_at),
  status: r.status as TournamentStatus,
  round: Number(r.round),
  nextRoundAt: r.next_round_at === null ? null : Number(r.next_round_at),
  boards: r.boards ? (JSON.parse(r.boards as string) as Board[]) : null,
  draw: r.draw ? (JSON.parse(r.draw as string) as string[]) : null,
  createdAt: Number(r.created_at),
  endedAt: r.ended_at === null ? null : Number(r.ended_at),
});

const roundOf = (r: Row): StoredRound => {
  const { tables, byes } = JSON.parse(r.pairing as string) as Pick<StoredRound, 'tables' | 'byes'>;
  return {
    id: r.id as string,
    number: Number(r.number),
    tables,
    byes,
    startedAt: Number(r.started_at),
    endedAt: r.ended_at === null ? null : Number(r.ended_at),
  };
};

/** `?, ?, …` for a list of values (never empty: `NULL` then, which matches nothing). */
const placeholders = (n: number) => (n === 0 ? 'NULL' : Array.from({ length: n }, () => '?').join(', '));

const LISTED_ORDER: Record<TournamentStatus, string> = {
  upcoming: 'starts_at ASC',
  running: 'starts_at DESC',
  finished: 'ended_at DESC',
  cancelled: 'starts_at DESC',
};

export function tournamentRepository(sql: Sql): TournamentStorage {
  return {
    create: async (t) =>
      void (await sql.run(
        `INSERT INTO tournaments (id, name, format, seats, teams, rounds, minutes, duplicate, private, creator_id, preset, turn_seconds,
           break_seconds, starts_at, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'upcoming', ?)`,
        [
          t.id,
          t.name,
          t.format,
          t.seats,
          t.teams,
          t.rounds,
          t.minutes,
          t.duplicate,
          t.private,
          t.creatorId,
          t.preset,
          t.turnSeconds,
          t.breakSeconds,
          t.startsAt,
          t.createdAt,
        ],
      )),

    get: async (id) => {
      const r = await sql.get('SELECT * FROM tournaments WHERE id = ?', [id]);
      return r ? tournamentOf(r) : null;
    },

    openCreatedBy: async (playerId) =>
      Number(
        (await sql.get(`SELECT COUNT(*) AS n FROM tournaments WHERE creator_id = ? AND status IN ('upcoming', 'running')`, [playerId]))!.n,
      ),

    listed: async (status, limit) =>
      (
        await sql.all(`SELECT * FROM tournaments WHERE status = ? AND NOT private ORDER BY ${LISTED_ORDER[status]} LIMIT ?`, [
          status,
          limit,
        ])
      ).map(tournamentOf),

    due: async (now) =>
      (await sql.all(`SELECT * FROM tournaments WHERE status = 'running' OR (status = 'upcoming' AND starts_at <= ?)`, [now])).map(
        tournamentOf,
      ),

    entrants: async (id) =>
      (
        await sql.all(
          'SELECT player_id, name, joined_at, withdrawn_at FROM tournament_players WHERE tournament_id = ? ORDER BY joined_at, player_id',
          [id],
        )
      ).map((r) => ({
        playerId: r.player_id as string,
        name: r.name as string,
        joinedAt: Number(r.joined_at),
        withdrawnAt: r.withdrawn_at === null ? null : Number(r.withdrawn_at),
      })),

    counts: async (ids) => {
      const rows = await sql.all(
        `SELECT tournament_id, COUNT(*) AS n FROM tournament_players
         WHERE tournament_id IN (${placeholders(ids.length)}) AND withdrawn_at IS NULL GROUP BY tournament_id`,
        ids,
      );
      return new Map(rows.map((r) => [r.tournament_id as string, Number(r.n)]));
    },

    join: (id, playerId, name, at) =>
      sql.transaction(async (tx) => {
        const open = await tx.get(
          `SELECT id FROM tournaments WHERE id = ? AND (status = 'upcoming' OR (format = 'arena' AND status = 'running' AND starts_at + minutes * 60000 > ?))`,
          [id, at],
        );
        if (!open) return false;
        // Coming back (an arena player paused after a game they did not come to) counts from now.
        await tx.run(
          `INSERT INTO tournament_players (tournament_id, player_id, name, joined_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (tournament_id, player_id) DO UPDATE SET withdrawn_at = NULL, name = excluded.name, joined_at = excluded.joined_at`,
          [id, playerId, name, at],
        );
        return true;
      }),

    withdraw: async (id, playerId, at) =>
      (await sql.run(
        `UPDATE tournament_players SET withdrawn_at = ?
         WHERE tournament_id = ? AND player_id = ? AND withdrawn_at IS NULL
           AND EXISTS (SELECT 1 FROM tournaments t WHERE t.id = ? AND t.status IN ('upcoming', 'running'))`,
        [at, id, playerId, id],
      )) > 0,

    start: async (id, at, draw, boards) =>
      (await sql.run(
        `UPDATE tournaments SET status = ?, draw = ?, boards = ?, next_round_at = ?, ended_at = ? WHERE id = ? AND status = 'upcoming'`,
        [
          draw ? 'running' : 'cancelled',
          draw && JSON.stringify(draw),
          boards && JSON.stringify(boards),
          draw ? at : null,
          draw ? null : at,
          id,
        ],
      )) > 0,

    finish: async (id, at) =>
      (await sql.run(`UPDATE tournaments SET status = 'finished', ended_at = ? WHERE id = ? AND status = 'running'`, [at, id])) > 0,

    rounds: async (id) => (await sql.all('SELECT * FROM tournament_rounds WHERE tournament_id = ? ORDER BY number', [id])).map(roundOf),

    addRound: (tournamentId, round) =>
      sql.transaction(async (tx) => {
        const taken = await tx.run(
          `UPDATE tournaments SET round = ?, next_round_at = NULL WHERE id = ? AND status = 'running' AND round = ?`,
          [round.number, tournamentId, round.number - 1],
        );
        if (taken === 0) return false;
        await tx.run(`INSERT INTO tournament_rounds (id, tournament_id, number, pairing, started_at) VALUES (?, ?, ?, ?, ?)`, [
          round.id,
          tournamentId,
          round.number,
          JSON.stringify({ tables: round.tables, byes: round.byes }),
          round.startedAt,
        ]);
        return true;
      }),

    endRound: (tournamentId, roundId, at, next) =>
      sql.transaction(async (tx) => {
        const ended = await tx.run('UPDATE tournament_rounds SET ended_at = ? WHERE id = ? AND ended_at IS NULL', [at, roundId]);
        if (ended === 0) return false;
        await tx.run(
          next === null
            ? `UPDATE tournaments SET status = 'finished', ended_at = ?, next_round_at = NULL WHERE id = ?`
            : `UPDATE tournaments SET next_round_at = ? WHERE id = ?`,
          [next ?? at, tournamentId],
        );
        return true;
      }),

    unreviewed: async () => {
      const r = await sql.get(
        `SELECT m.id, m.tournament_id FROM matches m
         WHERE m.tournament_id IS NOT NULL AND m.status = 'finished'
           AND NOT EXISTS (SELECT 1 FROM tournament_reviews v WHERE v.match_id = m.id)
         ORDER BY m.ended_at, m.id LIMIT 1`,
      );
      return r ? { matchId: r.id as string, tournamentId: r.tournament_id as string } : null;
    },

    storeReview: async (matchId, tournamentId, { losses, luck }, at) =>
      void (await sql.run(
        `INSERT INTO tournament_reviews (match_id, tournament_id, losses, luck, reviewed_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id) DO NOTHING`,
        [matchId, tournamentId, JSON.stringify(losses), luck && JSON.stringify(luck), at],
      )),

    reviews: async (tournamentId) =>
      new Map(
        (await sql.all('SELECT match_id, losses, luck FROM tournament_reviews WHERE tournament_id = ?', [tournamentId])).map((r) => [
          r.match_id as string,
          {
            losses: JSON.parse(r.losses as string) as BySeat<DecisionLoss>,
            luck: r.luck === null ? null : (JSON.parse(r.luck as string) as GameLuck),
          },
        ]),
      ),

    playedBy: async (playerId, shown, limit) =>
      (
        await sql.all(
          `SELECT t.id FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id
           WHERE p.player_id = ? AND t.status IN ('running', 'finished') AND (p.withdrawn_at IS NULL OR p.withdrawn_at > t.starts_at)
             ${shown === 'public' ? 'AND NOT t.private' : ''}
           ORDER BY t.starts_at DESC, t.id LIMIT ?`,
          [playerId, limit],
        )
      ).map((r) => r.id as string),

    roundsUnderWay: async (playerId) =>
      (
        await sql.all(
          `SELECT t.id AS tournament_id, t.name AS tournament_name, t.format AS tournament_format, r.* FROM tournament_players p
           JOIN tournaments t ON t.id = p.tournament_id
           JOIN tournament_rounds r ON r.tournament_id = t.id AND r.ended_at IS NULL
           WHERE p.player_id = ? AND t.status = 'running' AND r.ended_at IS NULL`,
          [playerId],
        )
      ).map((r) => ({
        tournamentId: r.tournament_id as string,
        name: r.tournament_name as string,
        format: r.tournament_format as TournamentFormat,
        round: roundOf(r),
      })),

    outcomes: async (matchIds) =>
      (
        await sql.all(
          `SELECT s.match_id, s.colour, m.status, m.ended_at, s.winner, s.arrived, s.out_reason FROM match_seats s JOIN matches m ON m.id = s.match_id
           WHERE s.match_id IN (${placeholders(matchIds.length)}) ORDER BY s.match_id, s.colour`,
          matchIds,
        )
      ).map((r) => ({
        matchId: r.match_id as string,
        colour: r.colour as Colour,
        status: r.status as SeatOutcome['status'],
        endedAt: r.ended_at === null ? null : Number(r.ended_at),
        winner: flag(r.winner),
        arrived: r.arrived === null ? null : Number(r.arrived),
        out: (r.out_reason as string | null) ?? null,
      })),
  };
}
