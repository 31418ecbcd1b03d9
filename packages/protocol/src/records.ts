import type { Action, BotName, BySeat, Colour, DiceCheck, GameResult, GameSetup, RuleError } from '@flightchess/rules';
import type { TableStatus } from './tableFacts';
import type { ErrorCode } from './errorCodes';
import type { TableSettingsRequest } from './tableOptions';
import type { PlayerRatings, RatingHistory } from './ratings';
import type { TournamentResult } from './tournaments';

/** What the HTTP API answers (apps/server README: HTTP endpoints), as the server writes it and a client reads it. */

export interface GuestCredentials {
  readonly playerId: string;
  readonly secret: string;
  readonly nickname: string;
}

/** PUT /api/players/:id/nickname: the guest's new name (the same player: id, secret, level and history kept). */
export interface RenamedPlayer {
  readonly playerId: string;
  readonly nickname: string;
}

export interface PlayerSummary {
  readonly id: string;
  readonly nickname: string;
  readonly lifetimeScore: number;
  readonly coins: number;
  readonly games: number;
  readonly wins: number;
}

export type MatchStatus = 'playing' | 'finished' | 'aborted';

export interface MatchSummary {
  readonly id: string;
  readonly preset: string;
  readonly status: MatchStatus;
  readonly colour: Colour;
  readonly score: number | null;
  readonly rank: number | null;
  readonly winner: boolean;
  readonly players: number;
  /** Played at a rated table: it changed the players' ratings in its mode. */
  readonly rated: boolean;
  readonly startedAt: number;
  readonly endedAt: number | null;
}

/** GET /api/players/:id */
export interface PlayerProfile extends PlayerSummary {
  readonly createdAt: number;
  readonly level: number;
  readonly levelName: string;
  /** Finished games and the one being played; aborted ones are left out. */
  readonly recentMatches: readonly MatchSummary[];
  /** The rating of each mode played rated (ratings/). */
  readonly ratings: PlayerRatings;
  /** Each mode's rating after every rated game, oldest first (at most RATING_HISTORY_POINTS; others see public games only). */
  readonly ratingHistory: RatingHistory;
  /** The tournaments they played in, newest first, with where they stand (others see public ones only). */
  readonly tournaments: readonly TournamentResult[];
}

/** GET /api/leaderboard */
export interface LeaderboardEntry extends PlayerSummary {
  readonly rank: number;
  readonly level: number;
  readonly levelName: string;
}

/** GET /api/tables */
export interface TableListing {
  readonly roomId: string;
  readonly preset: string;
  readonly size: number;
  readonly teams: boolean;
  readonly base: number;
  readonly turnSeconds: number;
  readonly status: TableStatus;
  /** Seats taken by players or bots. */
  readonly seated: number;
  /** The names of the seats taken (a bot's as `botLabel` says it). */
  readonly names: readonly string[];
  /** The seats taken: who sits there, for a page to name each in its reader's language (a bot by colour and strength). */
  readonly seats: readonly ListedSeat[];
  /** Whether the table may be watched, and how many watch it now. */
  readonly watchable: boolean;
  readonly watchers: number;
  /** Seats taken by people (not bots). */
  readonly humans: number;
  /** Planes home per seat, in the order of `seats` (all 0 before a game). */
  readonly arrived: readonly number[];
  /** When the game in progress started (epoch ms); 0 while the table is seating players. */
  readonly startedAt: number;
  /** A rated table: its game changes the players' ratings in its mode. */
  readonly rated: boolean;
}

export interface ListedSeat {
  readonly colour: Colour;
  readonly name: string;
  /** The bot playing the seat; null for a person. */
  readonly bot: BotName | null;
}

/** GET /api/tables/code/:code */
export interface TableCodeAnswer {
  readonly code: string;
  readonly roomId: string;
  readonly link: string;
}

/** GET /api/tables/code/:code's 404: no table has the code now; `ended` when a game was stored at the table that had it. */
export interface TableCodeMiss extends ApiError {
  readonly ended?: EndedTable;
}

/**
 * What became of a table that is gone, by its code (`TableCodeMiss`) or, for a public table, its room id
 * (`GET /api/tables/:roomId/ended`): its last stored game, and its settings, so that a link that outlived
 * its table says what happened and can open a new table like it.
 */
export interface EndedTable {
  readonly tableId: string;
  /** The last game's state: 'playing' when it is stored but no process holds its table now. */
  readonly status: MatchStatus;
  readonly endedAt: number | null;
  /** The game's record when the asker may read it (a private table's game nobody may watch: null). */
  readonly matchId: string | null;
  /** The people who played there (bots left out), when the asker may read the game; else empty. */
  readonly players: readonly string[];
  /** The table's settings, to open a new table like it. */
  readonly settings: EndedTableSettings;
}

/** The settings of an ended table, as a new table is asked for (house rules only when it had some). */
export type EndedTableSettings = Required<
  Pick<TableSettingsRequest, 'preset' | 'size' | 'teams' | 'base' | 'turnSeconds' | 'private' | 'rated' | 'watchable'>
> &
  Pick<TableSettingsRequest, 'options'>;

export interface MatchSeat {
  readonly colour: Colour;
  readonly kind: 'human' | 'bot';
  /** The bot that played a bot seat; null for a person. */
  readonly bot: BotName | null;
  readonly playerId: string | null;
  readonly name: string;
}

/** A seat's result once the match is recorded (RULES.md §7.1). */
export interface SeatResult {
  readonly colour: Colour;
  readonly score: number;
  /**
   * The coins added to the player's (never below 0: a loss takes at most what the player held). A bot
   * holds none, so a bot's loss stops at 0 as a person's who holds none does (one floor for both).
   */
  readonly coins: number;
  /** The coins the rule gives (score × multiplier − fee), before that floor; may be below 0. */
  readonly coinsEarned: number;
  /** The player's coins after the game; null for a seat with no player (a bot). */
  readonly coinsAfter: number | null;
  readonly arrived: number;
  readonly rank: number;
  readonly escapePenalty: number;
  readonly lifetimeAfter: number;
  readonly levelAfter: number;
  readonly out: string | null;
  readonly winner: boolean;
  /** A rated game (ratings/): the seat's rating in the game's mode before and after it; null at a casual table and for a bot. */
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
}

/**
 * The body of POST /api/matches/:id (and /verify): who asks. A private game, or one being played at a
 * table nobody may watch, is shown only to the players who sat there, or with its table's join code.
 */
export interface MatchViewer {
  readonly playerId?: string;
  readonly secret?: string;
  readonly code?: string;
}

/** GET /api/matches/:id */
export interface MatchRecord {
  readonly id: string;
  readonly tableId: string;
  readonly status: MatchStatus;
  readonly setup: GameSetup;
  readonly base: number;
  readonly turnSeconds: number;
  readonly commitment: string;
  /**
   * The revealed dice seed: null while the game is being played — and, at a tournament's duplicate round,
   * until the round's last table has ended (every table of the round plays the same board).
   */
  readonly seed: string | null;
  /**
   * A duplicate round's table (tournaments): the dice stream each seat held (roll n of a seat is
   * `streamRollAt(seed, stream, n)`); null for a game with dice of its own (`rollAt(seed, index)`).
   */
  readonly diceStreams: BySeat<number> | null;
  /** A tournament's game: the tournament (GET /api/tournaments/:id); null for any other. */
  readonly tournamentId: string | null;
  readonly result: GameResult | null;
  /** Why an aborted match could not go on (e.g. stored by another engine version); null otherwise. */
  readonly abortReason: string | null;
  /** Played at a rated table (ratings/): each person's seat has its rating before and after once finished. */
  readonly rated: boolean;
  readonly seats: readonly RecordedSeat[];
  readonly actions: readonly Action[];
  readonly startedAt: number;
  readonly endedAt: number | null;
}

/**
 * A part of a game played by someone who took a seat over after its player left (a casual table's
 * `leftSeatsPlayOn`): from the action at `fromAction` (its index in the log) until the one at `toAction`
 * (null: to the end). It counts in no score or rating: the seat's result is its player's who left.
 */
export interface StandIn {
  readonly playerId: string;
  readonly name: string;
  readonly fromAction: number;
  readonly toAction: number | null;
}

/** A seat of a match record: who sat there and, once finished, what they scored. */
export interface RecordedSeat extends MatchSeat, Partial<Omit<SeatResult, 'colour'>> {
  /** Who took the seat over after its player left, in order (none when nobody did). */
  readonly standIns?: readonly StandIn[];
  /**
   * A person's seat at a finished rated game: their rated games of its mode up to this one, this one
   * included (the rating is provisional while fewer than PROVISIONAL_GAMES); null otherwise.
   */
  readonly ratedGames?: number | null;
}

/** GET /api/matches/:id/verify */
export interface VerifyAnswer {
  readonly dice: DiceCheck;
  readonly replay:
    | { readonly ok: true; readonly result: GameResult | null; readonly gameOver: boolean; readonly matchesRecord: boolean }
    | { readonly ok: false; readonly error: RuleError };
}

/** Every HTTP refusal: a status code and this body. */
export interface ApiError {
  readonly error: { readonly code: ErrorCode; readonly message: string };
}
