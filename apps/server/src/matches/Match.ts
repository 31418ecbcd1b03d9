import { randomBytes, randomInt } from 'node:crypto';
import {
  type Action,
  type BySeat,
  type Colour,
  ENGINE_VERSION,
  type GameEvent,
  type GameSetup,
  type GameState,
  type SeatControl,
  applyAction,
  commitmentOf,
  createGame,
  replayGame,
  rollAt,
  streamRollAt,
} from '@flightchess/rules';
import { type AutoPlayReason, type MatchSeat, type Rejection, type SeatResult, reject } from '@flightchess/protocol';
import { randomId } from '../core/ids';
import { metrics } from '../core/metrics';
import type { PlayerStorage } from '../players/playerRepository';
import { type Standing, finalScores } from './finalScores';
import {
  type Absence,
  type Board,
  type MatchStorage,
  type MatchTable,
  type Presence,
  type RatingInputs,
  type SeatPresence,
  StorageConflict,
  type StoredStandIn,
  type StoredMatch,
} from './MatchStorage';
import { ratingInputs } from './ratingInputs';

/**
 * What a match needs of its process: the store (its matches, and the players' totals it scores from), who
 * this process is, how long its leases run, and how long a write may wait for a database that does not answer.
 */
export interface MatchDeps {
  readonly storage: MatchStorage & Pick<PlayerStorage, 'getPlayer'>;
  /** This process's owner id in the store. */
  readonly owner: string;
  readonly leaseMs: number;
  /** A write that fails is tried again every WRITE_RETRY_MS for this long (none when left out) before it fails. */
  readonly writeWaitMs?: number;
}

/** How often a write that failed is tried again while it may wait. */
const WRITE_RETRY_MS = 250;

/** The table a game is played at, as the room hands it over when the game starts. */
export interface TableAtStart {
  readonly tableId: string;
  readonly code: string;
  readonly private: boolean;
  readonly watchable: boolean;
  readonly rated: boolean;
  readonly hostId: string;
  readonly setup: Omit<GameSetup, 'firstSeat'>;
  readonly base: number;
  readonly turnSeconds: number;
  readonly seats: readonly MatchSeat[];
  /** The preset picks the first seat at random (RULES.md §2.2): the server draws it. */
  readonly randomFirstSeat: boolean;
  /**
   * A tournament's table (tournaments/): the match's id, drawn ahead with its round, and at a duplicate
   * round the board every table of the round plays (its seed, the seat each stream goes to) and its first
   * seat, the same at every table.
   */
  readonly tournament?: {
    readonly id: string;
    readonly matchId: string;
    readonly board?: Board & { readonly seed: string; readonly firstSeat: Colour };
  };
  /** End-to-end tests only (TEST_DICE_SEED): this seed instead of a drawn one, and the first seat in seat order. */
  readonly testSeed?: string | undefined;
}

/** A recorded game: each seat's result (with its rating change at a rated table), and what the ratings were given. */
export interface Recorded {
  readonly seats: readonly SeatResult[];
  readonly rating: RatingInputs | null;
}

export type Committed = { ok: true; state: GameState; events: readonly GameEvent[] } | { ok: false; error: Rejection };

/**
 * One game as the server keeps it (docs/decisions/001-store-before-show.md): setup, seats, secret seed and commitment, the action log
 * and the engine state it gives, how each seat is played now (auto-play, a player away), scoring and
 * recording. Stored ahead of play: the table when the game starts, each action before the state it
 * makes exists here (and so before anyone sees it). Rebuilt from storage alone by replaying the log
 * through the engine (`restore`).
 */
export class Match {
  private game: GameState;
  /** Actions in the stored log (the log itself stays in storage: a thousand tables need not hold theirs). */
  private logged: number;
  private presence: Presence;
  /** Moves made for each away seat since its player left (counted from the log on a restore). */
  private readonly awayMoves: BySeat<number>;
  /** How many times each seat has rolled (a duplicate board's dice are numbered per seat). */
  private readonly seatRolls: BySeat<number> = {};

  private constructor(
    readonly table: MatchTable,
    game: GameState,
    actions: readonly Action[],
    presence: Presence,
    private readonly deps: MatchDeps,
  ) {
    this.game = game;
    this.logged = actions.length;
    this.presence = presence;
    this.awayMoves = {};
    for (const a of actions) if (a.type === 'roll') this.seatRolls[a.seat] = (this.seatRolls[a.seat] ?? 0) + 1;
    for (const [colour, seat] of Object.entries(presence) as [Colour, SeatPresence][]) {
      if (seat.away)
        this.awayMoves[colour] = actions.slice(seat.away.fromAction).filter((a) => a.type === 'move' && a.seat === colour).length;
    }
  }

  /** A new game at this table: draw the seed and the first seat, and store it all before anyone plays. */
  static async begin(at: TableAtStart, deps: MatchDeps): Promise<{ ok: true; match: Match } | { ok: false; error: Rejection }> {
    const colours = at.seats.map((s) => s.colour);
    // The engine never picks the first seat (RULES.md §9.2): the server does, from crypto.
    const first = at.testSeed ? 0 : randomInt(colours.length);
    const board = at.tournament?.board;
    const firstSeat = board?.firstSeat ?? (at.randomFirstSeat ? colours[first]! : undefined);
    const setup: GameSetup = firstSeat ? { ...at.setup, firstSeat } : at.setup;
    const created = createGame(setup);
    if (!created.ok) return { ok: false, error: created.error };
    const seed = board?.seed ?? at.testSeed ?? randomBytes(32).toString('hex');
    const table: MatchTable = {
      id: at.tournament?.matchId ?? randomId(9),
      tableId: at.tableId,
      code: at.code,
      private: at.private,
      watchable: at.watchable,
      rated: at.rated,
      hostId: at.hostId,
      setup,
      base: at.base,
      turnSeconds: at.turnSeconds,
      seats: at.seats,
      commitment: commitmentOf(seed),
      seed,
      ...(board && { board: { id: board.id, streams: board.streams } }),
      ...(at.tournament && { tournamentId: at.tournament.id }),
      engine: ENGINE_VERSION,
      startedAt: Date.now(),
    };
    try {
      await deps.storage.startMatch({ ...table, owner: deps.owner, leaseUntil: Date.now() + deps.leaseMs });
    } catch (err) {
      return { ok: false, error: reject('ERR_STORAGE', `the game could not be stored: ${(err as Error).message}`) };
    }
    return { ok: true, match: new Match(table, created.value, [], {}, deps) };
  }

  /**
   * Rebuild a stored game by replaying its log through this engine. A game stored by another engine
   * version, or whose log this engine refuses, cannot go on: the reason says why (the caller aborts it).
   */
  static restore(stored: StoredMatch, deps: MatchDeps): { ok: true; match: Match } | { ok: false; reason: string } {
    if (stored.engine !== ENGINE_VERSION)
      return { ok: false, reason: `stored by engine version ${stored.engine}; this server plays version ${ENGINE_VERSION}` };
    const replayed = replayGame(stored.setup, stored.actions);
    if (!replayed.ok) return { ok: false, reason: `its action log does not replay: ${replayed.error.message}` };
    const { actions, presence, ...table } = stored;
    return { ok: true, match: new Match(table, replayed.value.state, actions, presence, deps) };
  }

  get id(): string {
    return this.table.id;
  }

  get state(): GameState {
    return this.game;
  }

  /** How many actions have been played (and stored). */
  get actionCount(): number {
    return this.logged;
  }

  get seed(): string {
    return this.table.seed;
  }

  isAutoPlay(seat: Colour): boolean {
    return this.autoPlayOf(seat) !== null;
  }

  /** Why the server plays the seat (托管), or null when it does not: always for a seat its player left that nobody took over. */
  autoPlayOf(seat: Colour): AutoPlayReason | null {
    return this.personGone(seat) ? 'left' : (this.presence[seat]?.autoPlay ?? null);
  }

  /**
   * The seat's player left the game for good (a casual table's `leftSeatsPlayOn`: the seat plays on) and
   * nobody took it over, or the one who did let go: nobody is held for it, auto-play plays it.
   */
  personGone(seat: Colour): boolean {
    return this.game.left[seat] !== undefined && !this.standInOf(seat);
  }

  /** Who took over the seat its player left and plays it now, if anyone. */
  standInOf(seat: Colour): StoredStandIn | null {
    const last = this.standInsOf(seat).at(-1);
    return last && last.toAction === null ? last : null;
  }

  /** Everyone who took the seat over after its player left, in order. */
  standInsOf(seat: Colour): readonly StoredStandIn[] {
    return this.presence[seat]?.standIns ?? [];
  }

  /** Whether this invitation has taken a seat of this game over already (each does once). */
  usedInvitation(invitation: string): boolean {
    return Object.values(this.presence).some((p) => p?.standIns?.some((s) => s.invitation === invitation));
  }

  /** The player's last absence from the seat, even one that ended the way the seat's player left (a forfeit). */
  lastAbsence(seat: Colour): (Absence & { readonly moves: number }) | null {
    const away = this.presence[seat]?.away;
    return away ? { ...away, moves: this.awayMoves[seat] ?? 0 } : null;
  }

  /**
   * Someone takes over the seat its player left, from the next action on (stored first: a write that fails
   * seats nobody), or the one playing it lets go (null: held here first, so that the seat plays on even when
   * the write fails; it is stored with the next one). Auto-play and an absence start afresh; a part in which
   * no action was played is not kept.
   */
  async setStandIn(
    seat: Colour,
    who: { readonly playerId: string; readonly name: string; readonly invitation: string } | null,
  ): Promise<void> {
    const parts = [...this.standInsOf(seat)];
    const current = parts.at(-1);
    if (current && current.toAction === null) {
      if (current.fromAction === this.logged) parts.pop();
      else parts[parts.length - 1] = { ...current, toAction: this.logged };
    }
    if (who) parts.push({ ...who, fromAction: this.logged, toAction: null });
    const next = this.withSeat(seat, parts.length > 0 ? { standIns: parts } : {});
    this.awayMoves[seat] = 0;
    if (!who) this.presence = next;
    await this.store(next);
    this.presence = next;
  }

  /** The seat's player is away: since when, until when it is held, and how many moves were made for it meanwhile. */
  awayOf(seat: Colour): (Absence & { readonly moves: number }) | null {
    if (this.personGone(seat)) return null;
    return this.lastAbsence(seat);
  }

  /** Who decides for each seat now (for nextSteps). */
  control(): BySeat<SeatControl> {
    const control: BySeat<SeatControl> = {};
    for (const s of this.table.seats) control[s.colour] = { bot: s.bot, autoPlay: this.isAutoPlay(s.colour) };
    return control;
  }

  /**
   * The die of the next roll: derived from the secret seed and the roll's index (provably fair) — at a
   * duplicate round's table, from the board and the stream the seat to roll holds, and how often it rolled.
   */
  nextRoll(): number {
    const { board, seed } = this.table;
    const seat = this.game.current;
    const stream = board?.streams[seat];
    return stream === undefined ? rollAt(seed, this.game.rolls) : streamRollAt(seed, stream, this.seatRolls[seat] ?? 0);
  }

  /**
   * Apply one action: the engine decides; an accepted action is stored first, and only then becomes
   * the match's state. A refusal (or a failed write) changes nothing. Throws StorageConflict when this
   * process no longer owns the match.
   */
  async commit(action: Action): Promise<Committed> {
    const applied = applyAction(this.game, action);
    if (!applied.ok) return { ok: false, error: applied.error };
    const index = this.logged;
    const stop = metrics.storageWrites.startTimer();
    await this.patiently(() => this.deps.storage.appendAction(this.id, this.deps.owner, index, action, Date.now())).finally(stop);
    this.logged = index + 1;
    this.game = applied.value.state;
    if (action.type === 'roll') this.seatRolls[action.seat] = (this.seatRolls[action.seat] ?? 0) + 1;
    if (action.type === 'move' && this.presence[action.seat]?.away) this.awayMoves[action.seat] = (this.awayMoves[action.seat] ?? 0) + 1;
    return { ok: true, state: this.game, events: applied.value.events };
  }

  /** Turn auto-play (托管) on, saying why, or off (null) for a seat, stored first. Throws StorageConflict as commit does. */
  async setAutoPlay(seat: Colour, reason: AutoPlayReason | null): Promise<void> {
    const next = this.withSeat(seat, { ...this.presence[seat], autoPlay: reason ?? undefined });
    await this.store(next);
    this.presence = next;
  }

  /**
   * The seat's player left (an absence from now, until its hold runs out) or is back (null). Held here
   * first: the hold must run even when the write fails (then it is stored with the next one, the whole
   * presence being written each time). Throws what the write throws. Auto-play that a timeout turned on
   * is told as the absence from then: a link that dies silently is noticed seconds after it did, and the
   * turn that timed out meanwhile was the absence's, not the player's.
   */
  async setAway(seat: Colour, away: Absence | null): Promise<void> {
    const now = this.presence[seat];
    const autoPlay = away && now?.autoPlay === 'timeout' ? 'away' : now?.autoPlay;
    this.presence = this.withSeat(seat, { ...now, away: away ?? undefined, autoPlay });
    this.awayMoves[seat] = 0;
    await this.store(this.presence);
  }

  /** The presence with one seat's changed (a seat with nothing to say left out). */
  private withSeat(seat: Colour, now: SeatPresence): Presence {
    const next: Record<string, SeatPresence> = { ...this.presence };
    const kept = Object.fromEntries(Object.entries(now).filter(([, v]) => v !== undefined)) as SeatPresence;
    if (Object.keys(kept).length > 0) next[seat] = kept;
    else delete next[seat];
    return next;
  }

  private async store(presence: Presence): Promise<void> {
    // A finished game's presence matters to nobody (a restore records the result, holding no seat), and its
    // row may be finished already: a write there would read as the match taken by another process.
    if (this.game.result) return;
    const stop = metrics.storageWrites.startTimer();
    await this.patiently(() => this.deps.storage.setPresence(this.id, this.deps.owner, presence)).finally(stop);
  }

  /**
   * A write, tried again while the database does not answer, for writeWaitMs at most: a database that
   * restarts in a second or two goes unseen (the table's queue waits). Past it, or when another process
   * owns the match (StorageConflict), it throws.
   */
  private async patiently(write: () => Promise<void>): Promise<void> {
    const until = Date.now() + (this.deps.writeWaitMs ?? 0);
    for (;;) {
      try {
        return await write();
      } catch (error) {
        if (error instanceof StorageConflict || Date.now() + WRITE_RETRY_MS > until) throw error;
        await new Promise((r) => setTimeout(r, WRITE_RETRY_MS));
      }
    }
  }

  /**
   * Score the finished game (RULES.md §7.1) and store the result with the players' new totals and, at a
   * rated table, their new ratings (from the final state and the stored log: ratingInputs.ts), once.
   */
  async record(): Promise<Recorded> {
    const result = this.game.result;
    if (!result) throw new Error('record: the game is not over');
    const people: BySeat<Standing> = {};
    for (const seat of this.table.seats) {
      if (!seat.playerId) continue;
      const player = await this.deps.storage.getPlayer(seat.playerId);
      people[seat.colour] = { lifetime: player?.lifetimeScore ?? 0, coins: player?.coins ?? 0 };
    }
    const scored = finalScores(this.game, this.table.base, people);
    if (!scored.ok) throw new Error(`scoring failed: ${scored.error.message}`);
    const scores = scored.value;
    const rating = this.table.rated ? ratingInputs(this.game, await this.storedActions()) : undefined;
    const changes = await this.deps.storage.finishMatch({
      id: this.id,
      owner: this.deps.owner,
      result,
      seats: scores,
      endedAt: Date.now(),
      ...(rating && { rating }),
    });
    const seats = scores.map((s) => ({
      ...s,
      ratingBefore: changes[s.colour]?.before ?? null,
      ratingAfter: changes[s.colour]?.after ?? null,
    }));
    return { seats, rating: rating ?? null };
  }

  /** The whole log, read back from storage (it is not held here). */
  private async storedActions(): Promise<readonly Action[]> {
    const stored = await this.deps.storage.getMatch(this.id);
    if (!stored) throw new Error(`record: match ${this.id} is not stored`);
    return stored.actions;
  }

  /** The game cannot go on (the operator closed its table): aborted in storage, its seed revealed, nothing scored. */
  abort(reason: string): Promise<void> {
    return this.deps.storage.abortMatch(this.id, reason, Date.now());
  }

  /** This process stops holding the game (it stays stored as it is): any process may restore it at once. */
  release(): Promise<void> {
    return this.deps.storage.releaseLease(this.id, this.deps.owner);
  }
}
