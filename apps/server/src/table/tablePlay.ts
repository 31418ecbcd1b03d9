import {
  type Action,
  type AnswerStep,
  type Colour,
  type HouseRules,
  type Intent,
  type IntentType,
  type TurnStep,
  createRng,
  intentAction,
  stepAction,
} from '@flightchess/rules';
import { type Rejection, type ServerMessages, type SnapshotMessage, type TurnClock, reject } from '@flightchess/protocol';
import { Match } from '../matches/Match';
import { metrics } from '../core/metrics';
import { StorageConflict } from '../matches/MatchStorage';
import { clearMatch, showMatch, showPresence, showResult, showScores } from './facts';
import type { Table } from './table';
import { TurnPlanner } from './turnPlanner';

/** An action from a player who left the game, whose seat plays on without them. */
const LEFT_THE_GAME = reject('ERR_NOT_IN_GAME', 'you left this game: your seat plays on without you');

/** How long a failed storage write waits before the server's own next step is tried again. */
const STORAGE_RETRY_MS = 1000;

/** `exact`: the action depends on the board, so it must be made on the current version; `seen`: any version the player has seen. */
const FRESHNESS: Record<IntentType, 'exact' | 'seen'> = {
  roll: 'exact',
  move: 'exact',
  'answer-resign': 'exact',
  'answer-draw': 'exact',
  resign: 'seen',
  'offer-draw': 'seen',
};

/** What a player who took their held seat back missed: how long they were away, and the moves made for them. */
export type Return = ServerMessages['returned'];

/**
 * The game at one table, between the room (connections, seats) and the Match (stored ahead of play):
 * it starts or restores the match, commits actions and sends them as the stream, keeps the synced
 * facts, plays whoever acts by themselves (TurnPlanner) at the table's pace, holds the seats of players
 * who are away (RULES.md §7: 3 minutes, then a forfeit; the game goes on at its pace meanwhile:
 * docs/decisions/007-away-seat-held-at-pace.md), and records the result.
 */
export class TablePlay {
  private current: Match | null = null;
  private readonly planner: TurnPlanner;
  /** The game is over but its result is still being stored. */
  recording = false;
  /** Another process owns the match now: nothing more may be written or released. */
  isLost = false;
  /** No more work: the table is stopping. */
  stopped = false;
  /** The game was aborted (the operator closed the table): there is nothing to store or restore. */
  private aborted = false;
  /** The clock every client was last told (with a step, a snapshot or on its own). */
  private told: TurnClock = {};

  constructor(private readonly t: Table) {
    this.planner = new TurnPlanner({
      timers: t.timers,
      turnSeconds: t.settings.turnSeconds,
      config: t.deps.config,
      pause: (ms) => this.pause(ms),
      act: (step, due) => t.task(() => due() && this.autoAct(step)),
      timeOut: (step, due) => t.task(() => due() && this.timeOut(step.seat, due)),
    });
  }

  get match(): Match | null {
    return this.current;
  }

  /** The game as a client asks for it (`sync`), if there is one. */
  snapshot(): SnapshotMessage | null {
    return this.current && { matchId: this.current.id, state: this.current.state, ...this.planner.clock };
  }

  /** A new game with the seats as they are now, stored before anyone plays. */
  async start(): Promise<Rejection | null> {
    const { t } = this;
    const s = t.settings;
    const begun = await Match.begin(
      {
        tableId: t.tableId,
        code: t.state.code,
        private: s.private,
        watchable: s.watchable,
        rated: s.rated,
        hostId: t.state.hostId,
        setup: { preset: s.preset, options: this.gameOptions(), seats: t.seating.colours(), teams: s.teams },
        base: s.base,
        turnSeconds: s.turnSeconds,
        seats: t.seating.matchSeats(),
        randomFirstSeat: s.rules.firstSeat === 'random',
        testSeed: t.deps.config.testDiceSeed,
      },
      t.deps.matches,
    );
    if (!begun.ok) return begun.error;
    const match = (this.current = begun.match);
    showMatch(t.state, match);
    t.gameChanged();
    t.invitationsMoot();
    void t.deps.people.startedPlaying(
      t.seating.humans().map((seat) => seat.playerId),
      t.tableId,
      t.state.watchable,
    );
    this.planner.plan(match);
    const snapshot = this.snapshot()!;
    t.tell('snapshot', snapshot);
    this.told = snapshot;
    t.log.info(
      {
        event: 'game-started',
        matchId: match.id,
        seats: t.seating.colours(),
        first: match.state.current,
        commitment: match.table.commitment,
      },
      'game started',
    );
    return null;
  }

  /**
   * The house rules of a new game: at a casual table where two people or more sit, a seat its player leaves
   * plays on for someone the others ask to take over (`leftSeatsPlayOn`), unless the host said not; alone
   * with bots, or at a rated table, a seat that is left goes out (RULES.md §7; docs/decisions/012-left-seat-plays-on.md).
   */
  private gameOptions(): HouseRules {
    const { options, rated } = this.t.settings;
    const together = this.t.seating.humans().length >= 2;
    return rated || !together || options.leftSeatsPlayOn !== undefined ? options : { ...options, leftSeatsPlayOn: true };
  }

  /**
   * A game rebuilt from storage (tableKeeper.ts) goes on here, every player away: a seat held before keeps
   * its deadline (past already: forfeited now), the others are held from now.
   */
  async restore(match: Match): Promise<void> {
    this.current = match;
    showMatch(this.t.state, match);
    for (const seat of this.peopleIn()) {
      const away = match.awayOf(seat);
      if (away) this.hold(seat, away.until);
      else await this.away(seat);
    }
    this.plan();
    // Who is in the game and which seat is open to take over show in the listing only now.
    this.t.listingChanged();
  }

  /** A player's intent at their seat, on the version they saw (intentAction: the same translation as offline and on the client). */
  playerAction(seat: Colour, intent: Intent & { readonly version: number }): Promise<Rejection | null> | Rejection {
    const match = this.current;
    if (!match || this.t.state.status === 'waiting') return reject('ERR_NOT_STARTED', 'the game has not started');
    if (match.personGone(seat)) return LEFT_THE_GAME;
    const game = match.state;
    const { version } = intent;
    const stale = FRESHNESS[intent.type] === 'exact' ? version !== game.version : version > game.version;
    if (game.phase !== 'over' && stale) {
      return reject('ERR_STALE_VERSION', `you acted on version ${version} but the game is at version ${game.version}: look again`);
    }
    return this.commit(intentAction(intent, seat, () => match.nextRoll()));
  }

  /** An action the server takes itself (escape, forfeit, automatic play); a refusal here is a bug, so it is logged. */
  async serverAction(action: Action): Promise<void> {
    const refused = await this.commit(action);
    if (!refused) return;
    this.t.log.error(
      {
        event: 'server-action-refused',
        seat: 'seat' in action ? action.seat : undefined,
        action: action.type,
        code: refused.code,
        reason: refused.message,
      },
      'server action refused',
    );
    if (refused.code === 'ERR_STORAGE') this.retryLater();
  }

  /** 托管 on or off: by the player, or on because their turn timed out (while they were away, it says so). */
  async setAutoPlay(seat: Colour, on: boolean, by: 'player' | 'timeout'): Promise<Rejection | null> {
    const match = this.current;
    if (!match || match.state.result || match.isAutoPlay(seat) === on) return null;
    const reason = on ? (by === 'timeout' && match.awayOf(seat) ? 'away' : by) : null;
    try {
      await match.setAutoPlay(seat, reason);
    } catch (error) {
      return this.storageFailed(error);
    }
    showPresence(this.t.state, match, seat);
    if (on && by === 'timeout') metrics.autoPlayTakeovers.inc();
    this.t.log.info({ event: on ? 'auto-play-on' : 'auto-play-off', seat, by: reason ?? by }, `auto-play ${on ? 'on' : 'off'}`);
    this.plan();
    return null;
  }

  /**
   * The turn ran out: auto-play takes the seat. A write that failed (the database away) is tried again a
   * second later, the turn still out; else nothing would move the table on while its player waits too.
   */
  private async timeOut(seat: Colour, due: () => boolean): Promise<void> {
    const refused = await this.setAutoPlay(seat, true, 'timeout');
    if (refused?.code === 'ERR_STORAGE')
      this.t.timers.set('turn', STORAGE_RETRY_MS, () => this.t.task(() => due() && this.timeOut(seat, due)));
  }

  /**
   * The seat's player dropped during the game: the seat is held for the reconnection time (RULES.md §7),
   * stored so that a restart keeps the deadline; its turns are played as before (the turn timer, then
   * auto-play), at the table's pace.
   */
  async away(seat: Colour): Promise<void> {
    const match = this.current;
    if (!match || match.state.result || match.state.out[seat] || match.personGone(seat) || match.awayOf(seat)) return;
    const now = Date.now();
    const until = now + this.t.deps.config.reconnectSeconds * 1000;
    this.hold(seat, until);
    try {
      await match.setAway(seat, { since: now, until, fromAction: match.actionCount });
    } catch (error) {
      this.storageFailed(error); // logged; the hold runs all the same (Match.setAway)
    }
    showPresence(this.t.state, match, seat);
  }

  /**
   * The seat's player is back: the hold ends; what they missed, if they were away — and, back too late,
   * that the seat was forfeited (out, or playing on without them).
   */
  async back(seat: Colour): Promise<Return | null> {
    const match = this.current;
    const away = match && (match.personGone(seat) ? match.lastAbsence(seat) : match.awayOf(seat));
    if (!match || !away) return null;
    this.t.timers.clear(`hold:${seat}`);
    try {
      await match.setAway(seat, null);
    } catch (error) {
      this.storageFailed(error);
    }
    showPresence(this.t.state, match, seat);
    const forfeited = (match.state.out[seat] ?? match.state.left[seat])?.reason === 'forfeit';
    return { seconds: Math.round((Date.now() - away.since) / 1000), moves: away.moves, forfeited };
  }

  /** Forfeit the seat when its hold runs out (at once if it has already). */
  private hold(seat: Colour, until: number): void {
    this.t.timers.set(`hold:${seat}`, Math.max(0, until - Date.now()), () => this.t.task(() => this.forfeit(seat)));
  }

  /**
   * A seat held past the reconnection time counts as a resignation (RULES.md §7); for someone who took
   * over a seat its player left, it ends their part (the seat plays on as before they came).
   */
  private async forfeit(seat: Colour): Promise<void> {
    const game = this.current?.state;
    if (!game || game.result || game.out[seat] || !this.current!.awayOf(seat)) return;
    if (game.left[seat]) return this.letGo(seat);
    this.t.log.info({ event: 'seat-forfeited', seat }, 'seat held too long: counts as a resignation');
    await this.serverAction({ type: 'forfeit', seat });
  }

  /**
   * A friend of the table takes over a seat whose player left (a casual table whose seats play on:
   * `leftSeatsPlayOn`), from the next action on: their part counts in no score or rating (the seat's result
   * stays its player's), the record names them (Match.standInsOf).
   */
  async takeOver(
    seat: Colour,
    who: { readonly playerId: string; readonly name: string; readonly invitation: string },
  ): Promise<Rejection | null> {
    const match = this.current;
    if (!match || match.state.result) return reject('ERR_NO_FREE_SEAT', 'the game at this table is over');
    if (this.t.settings.rated || !match.personGone(seat)) return reject('ERR_NO_FREE_SEAT', `the ${seat} seat is not open to take over`);
    // An invitation takes a seat over once: letting go and coming back needs a new one.
    if (match.usedInvitation(who.invitation)) return reject('ERR_NO_INVITATION', 'this invitation took a seat of this game over already');
    // Who played in this game (and left it) takes no other seat of it.
    if (match.table.seats.some((s) => s.playerId === who.playerId))
      return reject('ERR_NOT_ALLOWED', 'you played in this game: a seat of it is for someone else to take over');
    try {
      await match.setStandIn(seat, who);
    } catch (error) {
      return this.storageFailed(error);
    }
    this.t.log.info({ event: 'seat-taken-over', seat, playerId: who.playerId }, 'a seat its player left was taken over');
    this.standInChanged(match, seat);
    return null;
  }

  /** Who took over the seat lets go (left on purpose, or away past the hold): it plays on as before they came. */
  async letGo(seat: Colour): Promise<void> {
    const match = this.current;
    if (!match || match.state.result || !match.standInOf(seat)) return;
    this.t.timers.clear(`hold:${seat}`);
    try {
      await match.setStandIn(seat, null);
    } catch (error) {
      this.storageFailed(error); // logged; the part ends all the same with the next write
    }
    this.t.log.info({ event: 'seat-let-go', seat }, 'who took over a seat let it go');
    this.standInChanged(match, seat);
  }

  private standInChanged(match: Match, seat: Colour): void {
    showPresence(this.t.state, match, seat);
    this.t.listingChanged();
    this.plan();
  }

  /** The people still in the game (each of them here, or away with the seat held). */
  private peopleIn(): Colour[] {
    const match = this.current;
    if (!match || match.state.result) return [];
    return match.table.seats
      .filter((s) => s.kind === 'human' && !match.state.out[s.colour] && !match.personGone(s.colour))
      .map((s) => s.colour);
  }

  /**
   * Pauses are for people to follow the game. They are kept while any person can still come back to it
   * (a seat held for a player away is still theirs) or anyone watches; only a game no person can return
   * to plays on at once.
   */
  private pause(ms: number): number {
    return this.peopleIn().length > 0 || this.t.watched() ? ms : 0;
  }

  /** Forget the finished game (a rematch): the table looks as before its first game. */
  clear(): void {
    this.current = null;
    this.planner.reset();
    this.told = {};
    clearMatch(this.t.state);
  }

  /** Stop all work: the table is closing. */
  stop(): void {
    this.stopped = true;
    this.planner.reset();
  }

  /** A game is held here that is neither recorded nor aborted: stored as it is when the table closes, for another process to restore. */
  get unfinished(): boolean {
    return this.current !== null && !this.aborted && !this.t.state.result.recorded;
  }

  /**
   * The operator closes the table (closeTable.ts): a game in progress is aborted in storage (seed
   * revealed, nothing scored) and no more work is done. False when there was none to abort; a failed
   * write throws and changes nothing.
   */
  async abort(reason: string): Promise<boolean> {
    const match = this.current;
    if (!match || match.state.result || this.stopped) return false;
    await match.abort(reason);
    this.aborted = true;
    this.stop();
    this.t.timers.clearAll();
    return true;
  }

  /** Apply one action through the match (stored before anything changes), then tell everyone and plan what comes next. */
  private async commit(action: Action): Promise<Rejection | null> {
    const { t } = this;
    const match = this.current!;
    const version = match.state.version;
    let committed;
    try {
      committed = await match.commit(action);
    } catch (error) {
      return this.storageFailed(error);
    }
    if (!committed.ok) return committed.error;
    metrics.actions.inc();
    for (const e of committed.events) {
      if (e.type !== 'out') continue;
      t.log.info({ event: 'seat-out', seat: e.seat, reason: e.reason, playsOn: e.playsOn === true }, 'seat out of the game');
      // A seat out is held for nobody; one that plays on (its player gone) is auto-played from now.
      t.timers.clear(`hold:${e.seat}`);
      showPresence(t.state, match, e.seat);
      if (e.playsOn) t.listingChanged();
    }
    this.planner.shown(committed.events);
    const over = committed.state.result !== null;
    if (over) this.finish();
    else this.planner.plan(match);
    // The lobby lists how far a game is (planes home): it changes only when one arrives.
    if (!over && committed.events.some((e) => e.type === 'arrived')) t.gameChanged();
    // One message for the step: the action and the clock after it. The facts it changed (a seat out, the
    // result) follow in the same write.
    const message = { version, action, ...this.planner.clock };
    t.tell('action', message);
    this.told = message;
    t.flush();
    if (over) await this.record();
    return null;
  }

  /** Plan what is due; a clock that changed with no action is told on its own. */
  private plan(): void {
    if (this.current && !this.stopped) this.planner.plan(this.current);
    this.tellClock();
  }

  private tellClock(): void {
    const clock = this.planner.clock;
    if (!this.current || sameClock(clock, this.told)) return;
    this.told = clock;
    this.t.tell('clock', { version: this.current.state.version, ...clock });
  }

  private async autoAct(step: TurnStep | AnswerStep): Promise<void> {
    const match = this.current!;
    const action = stepAction(match.state, step, () => match.nextRoll(), createRng(`${match.id}:${match.state.version}`));
    if (action) await this.serverAction(action);
  }

  /** The game is over: show the result and the seed (it is then scored and stored: record). */
  private finish(): void {
    const match = this.current!;
    this.planner.reset();
    this.t.timers.clearAll();
    showResult(this.t.state, match);
    this.recording = true;
    this.t.gameChanged();
    this.t.invitationsMoot();
    const result = match.state.result!;
    this.t.log.info(
      { event: 'game-over', matchId: match.id, reason: result.reason, winners: result.winners, actions: match.actionCount },
      'game over',
    );
  }

  /** Score the finished game and store it with the players' totals (retried until it is stored). */
  private async record(): Promise<void> {
    const match = this.current!;
    try {
      const { seats, rating } = await match.record();
      showScores(this.t.state, seats);
      this.recording = false;
      this.t.gameChanged();
      this.t.log.info(
        {
          event: 'match-recorded',
          matchId: match.id,
          scores: Object.fromEntries(seats.map((s) => [s.colour, s.score])),
          ...(rating && { rating, ratings: Object.fromEntries(seats.map((s) => [s.colour, [s.ratingBefore, s.ratingAfter]])) }),
        },
        'match recorded',
      );
    } catch (error) {
      this.storageFailed(error);
      if (!this.isLost) this.retryLater();
    }
  }

  /** A write that failed: lost ownership stops the table; anything else refuses this step and changes nothing. */
  private storageFailed(error: unknown): Rejection {
    if (error instanceof StorageConflict) {
      if (!this.isLost) {
        this.isLost = true;
        this.stop();
        this.t.log.warn(
          { event: 'table-lost', matchId: this.current?.id, reason: error.message },
          'the match belongs to another process now',
        );
        this.t.lost();
      }
      return reject('ERR_SHUTTING_DOWN', 'this table moved to another server: you will be back in a moment');
    }
    metrics.storageErrors.inc({ where: 'write' });
    this.t.log.error({ event: 'storage-failed', matchId: this.current?.id, err: error }, 'storage write failed');
    return reject('ERR_STORAGE', 'the game could not be stored just now: nothing changed, try again');
  }

  /** The server's own next step could not be stored: plan it again in a moment. */
  private retryLater(): void {
    this.planner.reset();
    this.tellClock();
    this.t.timers.set('retry', STORAGE_RETRY_MS, () => this.t.task(() => (this.current?.state.result ? this.record() : this.plan())));
  }
}

const sameClock = (a: TurnClock, b: TurnClock) => a.deadline === b.deadline && a.answerDeadline === b.answerDeadline;
