import type { Action, BySeat, GameResult, GameSetup } from '@flightchess/rules';
import type { AutoPlayReason, MatchRecord, MatchSeat, MatchSummary, SeatResult, StandIn } from '@flightchess/protocol';

/**
 * The matches kept (the match repository's interface).
 *
 * A game is stored ahead of play: its whole table (setup, seats, seed) when it starts, then every
 * action before anyone sees it. The process holding a table owns its match row (`owner`) for a
 * lease it keeps renewing; every write of the match names its owner, so a process that lost the
 * table (its lease ran out and another process restored it) can write nothing more.
 */
export interface MatchStorage {
  /** A game began: the table, its seats and dice (the seed is shown only once the game is over), owned by `owner`. */
  startMatch(match: MatchStart): Promise<void>;
  /**
   * Append one applied action at `index` (its 0-based place in the log). Throws StorageConflict when
   * `owner` no longer holds the match or the place is taken: the table must stop, nothing was written.
   */
  appendAction(matchId: string, owner: string, index: number, action: Action, at: number): Promise<void>;
  /**
   * Who plays each seat now beyond the game itself (auto-play and why, a player away and until when),
   * kept so that a restored table goes on the same. Throws StorageConflict like appendAction.
   */
  setPresence(matchId: string, owner: string, presence: Presence): Promise<void>;
  /**
   * A game ended (its actions are all stored already): store its result and every seat's score, add
   * them to the players' lifetime totals and take the steps the server gives the repository (FinishStep:
   * at a rated table every person's rating of its mode, quick play's conduct), all at once; answers the
   * seats' rating changes stored. A match is finished once only: a repeated call changes nothing (and
   * answers the changes stored). Throws StorageConflict when `owner` no longer holds it.
   */
  finishMatch(match: MatchFinish): Promise<SeatRatings>;
  /** A match that cannot be played on (e.g. stored by another engine version): aborted, scored nothing, seed revealed. */
  abortMatch(matchId: string, reason: string, at: number): Promise<void>;
  /** Matches still being played that `scope` lets another process take at `now`: to restore. */
  unfinishedMatches(now: number, scope: RestoreScope): Promise<string[]>;
  /** Take over a match still being played that `claim.scope` lets this process take; null when another process holds it. */
  claimMatch(matchId: string, claim: LeaseClaim): Promise<StoredMatch | null>;
  /** Keep this process's matches: push every lease of `owner` to `until`. */
  renewLeases(owner: string, until: number): Promise<void>;
  /** `owner`'s process is alive until `until` (it says so again well before). */
  beat(owner: string, until: number): Promise<void>;
  /** `owner`'s process stopped on purpose (its matches are released): nothing more to say about it. */
  forgetProcess(owner: string): Promise<void>;
  /** Forget processes silent since before `before` that hold no match any more. */
  forgetStoppedProcesses(before: number): Promise<void>;
  /** Give up one match (this process stops it), so that any process may restore it at once. */
  releaseLease(matchId: string, owner: string): Promise<void>;
  getMatch(id: string): Promise<MatchRecord | null>;
  /** The newest match stored of a table, by its join code or its id; null when none was. */
  lastMatchAt(table: TableKey): Promise<string | null>;
  /** Who may read a match (matchAccess.ts): its table's privacy and code; null when there is no such match. */
  matchPrivacy(id: string): Promise<MatchPrivacy | null>;
  /** Whether the player is seated at a game of this duplicate board still being played (they may not watch its other tables). */
  playingBoard(boardId: string, playerId: string): Promise<boolean>;
  /**
   * A player's matches, newest first, aborted ones left out: `all` for the player themself (the one being
   * played and private ones too), `public` for anyone else (finished games of public tables only).
   */
  recentMatches(playerId: string, limit: number, shown: MatchesShown): Promise<MatchSummary[]>;
}

export type MatchesShown = 'all' | 'public';

/** A table as a link names it: by its join code, or by its id. */
export type TableKey = { readonly code: string } | { readonly tableId: string };

/** The table a match was played at, as far as who may read the match goes. */
export interface MatchPrivacy {
  readonly private: boolean;
  readonly watchable: boolean;
  /** The table's join code. */
  readonly code: string;
}

/** A write of a match that this process no longer owns, or a place in its log already taken. */
export class StorageConflict extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageConflict';
  }
}

/** Everything a table needs to be rebuilt from storage alone (with its action log). */
export interface MatchTable {
  readonly id: string;
  readonly tableId: string;
  /** The table's join code. */
  readonly code: string;
  readonly private: boolean;
  /** The table may be watched (kept so that a restored table keeps its settings). */
  readonly watchable: boolean;
  /** A rated table: its result changes the players' ratings of its mode (ratings/). */
  readonly rated: boolean;
  readonly hostId: string;
  readonly setup: GameSetup;
  readonly base: number;
  readonly turnSeconds: number;
  readonly seats: readonly MatchSeat[];
  readonly commitment: string;
  readonly seed: string;
  /**
   * A tournament's duplicate round (tournaments/): the round whose board (`seed`) every one of its tables
   * plays, and the dice stream each seat holds. Absent for a game with dice of its own.
   */
  readonly board?: Board;
  /** A tournament's table: its tournament (a game of it, its table takes no rematch). */
  readonly tournamentId?: string;
  /** ENGINE_VERSION of the engine that played it. */
  readonly engine: number;
  readonly startedAt: number;
}

/** A duplicate round's board as one of its tables plays it: the round's id and each seat's stream. */
export interface Board {
  readonly id: string;
  readonly streams: BySeat<number>;
}

export interface MatchStart extends MatchTable {
  readonly owner: string;
  readonly leaseUntil: number;
}

/**
 * A person away from a game in progress (RULES.md §7): their seat is held from `since` until `until`,
 * when it counts as a resignation; `fromAction` is how many actions the log had when they left.
 */
export interface Absence {
  readonly since: number;
  readonly until: number;
  readonly fromAction: number;
}

/**
 * How a seat is played now, beyond the game itself: auto-play (托管) and why, whether its player is away,
 * and who took it over after its player left (`leftSeatsPlayOn`), the last one with no `toAction` playing now.
 */
export interface SeatPresence {
  readonly autoPlay?: AutoPlayReason;
  readonly away?: Absence;
  readonly standIns?: readonly StoredStandIn[];
}

/** A part played by someone who took the seat over, with the invitation that let them (kept here, never shown: it admits). */
export interface StoredStandIn extends StandIn {
  readonly invitation: string;
}

export type Presence = BySeat<SeatPresence>;

/** A match as restored: its table, how its seats are played now and every action so far. */
export interface StoredMatch extends MatchTable {
  readonly presence: Presence;
  readonly actions: readonly Action[];
}

/**
 * Which unfinished matches a process may take: those whose lease ran out (`lapsed`); those too whose
 * process stopped beating (`stopped`: found dead within seconds); or every one (`all`: a single process
 * restarting on its own data).
 */
export type RestoreScope = 'lapsed' | 'stopped' | 'all';

export interface LeaseClaim {
  readonly owner: string;
  readonly now: number;
  readonly until: number;
  readonly scope: RestoreScope;
}

export interface MatchFinish {
  readonly id: string;
  readonly owner: string;
  readonly result: GameResult;
  readonly seats: readonly SeatResult[];
  readonly endedAt: number;
  /** A rated match's places and play weights (ratingInputs.ts); required when the match is rated. */
  readonly rating?: RatingInputs;
}

/** A person's rating in the game's mode before and after a rated game, on the 1500 scale (match_seats keeps both). */
export interface RatingChange {
  readonly before: number;
  readonly after: number;
}

/** The rating change of each person's seat of a finished match (none at a casual table, nor for a bot). */
export type SeatRatings = BySeat<RatingChange>;

/**
 * What a finished rated game's result gives its seats' ratings, from its final state and action log: the
 * match carries them with its result to the step that rates it (ratings/rateFinished.ts).
 */
export interface RatingInputs {
  /** Each seat's place, 1 the best (rules: ratingPlaces). */
  readonly places: BySeat<number>;
  /** How much each seat's game counts, by the share of moves its player made (rules: playWeights). */
  readonly weights: BySeat<number>;
}
