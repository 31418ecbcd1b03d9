import type { BotName, Colour, PresetName } from '@flightchess/rules';
import { PRESET_NAMES } from '@flightchess/rules';
import { z } from 'zod';

/**
 * Tournaments (issue 42; docs/server/tournaments.md): a Swiss of 2- or 4-seat tables, optionally with
 * duplicate dice — every table of a round plays the same committed board, each seat the stream it holds.
 */

/** swiss: a set number of rounds, paired by score; arena: a set time, each player paired again as soon as their game ends. */
export const TOURNAMENT_FORMATS = ['swiss', 'arena'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

/** upcoming: taking players; running: rounds under way; finished; cancelled (fewer than two players at the start). */
export type TournamentStatus = 'upcoming' | 'running' | 'finished' | 'cancelled';

export const TOURNAMENT_LIMITS = {
  maxRounds: 15,
  /** An arena lasts 1 minute to 3 hours. */
  maxMinutes: 180,
  /** An arena player waiting this long is seated with bots rather than waiting on for people. */
  arenaWaitSeconds: 20,
  /** A tournament starts at most this far ahead. */
  maxLeadDays: 30,
  maxNameLength: 40,
  maxPlayers: 256,
  /** Tournaments a player may have created that have not ended (upcoming or running). */
  openPerCreator: 5,
} as const;

/** The body of POST /api/tournaments (with the creator's credentials). */
export const tournamentRequestSchema = z.strictObject({
  playerId: z.string().min(1).max(64),
  secret: z.string().min(1).max(128),
  name: z.string().trim().min(1).max(TOURNAMENT_LIMITS.maxNameLength).optional(),
  format: z.enum(TOURNAMENT_FORMATS),
  seats: z.union([z.literal(2), z.literal(4)]),
  /** 2v2 at tables of four: the seats opposite each other play as a team (paired anew each game). */
  teams: z.boolean().optional(),
  /** A Swiss: how many rounds. */
  rounds: z.number().int().min(1).max(TOURNAMENT_LIMITS.maxRounds).optional(),
  /** An arena: how long it lasts. */
  minutes: z.number().int().min(1).max(TOURNAMENT_LIMITS.maxMinutes).optional(),
  /** A Swiss's option (an arena's tables deal their own dice). */
  duplicate: z.boolean().optional(),
  /** Epoch ms; left out: in a minute. */
  startsAt: z.number().int().nonnegative().optional(),
  private: z.boolean().optional(),
  preset: z.enum(PRESET_NAMES).optional(),
});
export type TournamentRequest = z.infer<typeof tournamentRequestSchema>;

/** The body of POST /api/admin/tournaments: a public tournament the operator schedules (named; nobody in it yet). */
export const scheduledTournamentSchema = tournamentRequestSchema
  .omit({ playerId: true, secret: true, private: true })
  .extend({ name: z.string().trim().min(1).max(TOURNAMENT_LIMITS.maxNameLength) });
export type ScheduledTournament = z.infer<typeof scheduledTournamentSchema>;

/** What GET /api/tournaments lists of each one. */
export interface TournamentSummary {
  readonly id: string;
  readonly name: string;
  readonly format: TournamentFormat;
  readonly seats: 2 | 4;
  /** 2v2: partners sit opposite, and share their team's result. */
  readonly teams: boolean;
  /** A Swiss's rounds (0 for an arena). */
  readonly rounds: number;
  /** An arena's length in minutes (0 for a Swiss); it ends at `startsAt` + that. */
  readonly minutes: number;
  readonly duplicate: boolean;
  readonly private: boolean;
  readonly preset: PresetName;
  readonly startsAt: number;
  readonly status: TournamentStatus;
  /** The round being played, or the last one played (0 before the first). */
  readonly round: number;
  /** Players who joined and did not withdraw. */
  readonly players: number;
  readonly creatorName: string;
}

/** GET /api/tournaments */
export interface TournamentList {
  readonly upcoming: readonly TournamentSummary[];
  readonly running: readonly TournamentSummary[];
  readonly finished: readonly TournamentSummary[];
}

export interface TournamentPlayer {
  readonly playerId: string;
  readonly name: string;
  readonly withdrawn: boolean;
}

/** A seat of a round's table: its player (null: a bot plays it) and, at a duplicate round, the dice stream it holds. */
export interface TournamentSeat {
  readonly colour: Colour;
  readonly playerId: string | null;
  readonly name: string;
  readonly bot: BotName | null;
  readonly stream: number | null;
  /** Once the table's game is over: the tournament points the seat earned (and, duplicate, its matchpoints). */
  readonly points: number | null;
  readonly matchpoints: number | null;
}

export interface TournamentTable {
  /** The table to join (colyseus `joinById`) or watch. */
  readonly roomId: string;
  readonly matchId: string;
  readonly status: 'waiting' | 'playing' | 'finished' | 'aborted';
  readonly seats: readonly TournamentSeat[];
}

export interface TournamentRound {
  readonly number: number;
  /** SHA-256 of the round's board (duplicate rounds), published from the tournament's start. */
  readonly commitment: string | null;
  /** The board, revealed once the round's last table has ended (duplicate rounds). */
  readonly seed: string | null;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  readonly tables: readonly TournamentTable[];
  /** Who sat the round out (an odd count at tables of two): BYE_POINTS each. */
  readonly byes: readonly string[];
}

export interface TournamentStanding {
  readonly rank: number;
  readonly playerId: string;
  readonly name: string;
  readonly points: number;
  /** Duplicate tournaments: the sum of the matchpoints of every game (null otherwise). */
  readonly matchpoints: number | null;
  /**
   * Duplicate tournaments: what they are ranked by — a least-squares rating of every result against each
   * other seat, less the part the dice played in it as the game's review read it (0 is the field's middle;
   * a game not reviewed yet counts as it finished). Null otherwise.
   */
  readonly rating: number | null;
  /** Sonneborn–Berger. */
  readonly tiebreak: number;
  /**
   * The luck-free column: the win chance (points, 0..100 a decision) the player's own decisions lost against
   * the expert's, summed over their games reviewed so far (`reviewed` of `games`); null before any. Lower is
   * better; the dice play no part in it.
   */
  readonly decisionLoss: number | null;
  readonly reviewed: number;
  readonly wins: number;
  readonly games: number;
  readonly withdrawn: boolean;
}

/** A player's table of a tournament's round under way, told to their open pages (SocialEvent `tournamentTables`). */
export interface TournamentCall {
  readonly tournamentId: string;
  readonly name: string;
  /** An arena's pairings are numbered as rounds too, but a player is told of their next game, not a round. */
  readonly format: TournamentFormat;
  readonly round: number;
  readonly roomId: string;
  readonly matchId: string;
  readonly colour: Colour;
}

/** A tournament a player played in, as their profile lists it: where they stand (or finished). */
export interface TournamentResult {
  readonly id: string;
  readonly name: string;
  readonly status: TournamentStatus;
  readonly startsAt: number;
  readonly duplicate: boolean;
  readonly rank: number;
  readonly players: number;
  readonly points: number;
  readonly matchpoints: number | null;
}

/** GET /api/tournaments/:id */
export interface TournamentView extends TournamentSummary {
  readonly turnSeconds: number;
  /** Seconds between a round's end and the next round's start. */
  readonly breakSeconds: number;
  /** When the next round starts (the break after a round), if it is known. */
  readonly nextRoundAt: number | null;
  readonly entrants: readonly TournamentPlayer[];
  /** Every round so far; a duplicate tournament lists the rounds still to come with their commitments. */
  readonly roundList: readonly TournamentRound[];
  readonly standings: readonly TournamentStanding[];
}
