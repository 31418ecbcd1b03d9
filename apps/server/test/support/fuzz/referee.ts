import type { Client } from '@colyseus/core';
import type { Rejection } from '@flightchess/protocol';
import {
  type Action,
  type Colour,
  type EndReason,
  type GameState,
  applyAction,
  createGame,
  legalMoves,
  replayGame,
  rollAt,
} from '@flightchess/rules';
import { InvariantError, checkState, checkTransition, sameData } from '../../../../../packages/rules/test/support/checks';
import type { Match } from '../../../src/matches/Match';
import type { Storage } from '../../../src/repositories';
import type { Ledger } from './ledger';

/**
 * The parts of a live Table the referee reads and wraps (its Inbox keeps them private): every
 * message of a table, every timer and every join runs in its one queue, and `answer` is one message's
 * turn in it, so what `answer` sees before and after is exactly what that message did.
 */
export interface TableInternals {
  readonly tableId: string;
  readonly state: { toJSON(): unknown; readonly matchId: string; readonly status: string };
  readonly play: { readonly match: Match | null };
  readonly seating: { colourOf(sessionId: string): Colour | null };
  run<T>(work: () => T | Promise<T>): Promise<T | undefined>;
  readonly inbox: InboxInternals;
}

/** What a table's Inbox keeps to itself: its rate limit, and each message read and then answered. */
interface InboxInternals {
  readonly limiter: { take(client: string): { allowed: boolean; notify: boolean } };
  answer(client: Client, type: string, payload: unknown): Promise<Rejection | null>;
  receive(client: Client, type: string, payload: unknown): void;
}

/** One table as the referee follows it: the match it is on, and that match's game replayed and checked so far. */
interface Watch {
  readonly room: TableInternals;
  match: Match | null;
  game: GameState | null;
  checked: number;
  /** Every match the table played (checked against storage at the end). */
  readonly matches: Match[];
  /** Tasks the table's queue has started. */
  tasks: number;
  /** How the table looked when the last message was answered, and the task that may take it as its "before". */
  last: { readonly look: Look; readonly nextTask: number } | null;
}

/** What a message must not change when it is refused (or when it only asks for a snapshot). */
interface Look {
  readonly facts: string;
  readonly match: Match | null;
  readonly game: GameState | undefined;
  readonly actions: number;
  readonly control: string;
}

const GAME_ACTIONS = new Set(['roll', 'move', 'resign', 'answer-resign', 'offer-draw', 'answer-draw']);
const MAX_VIOLATIONS_KEPT = 50;

export interface Tally {
  accepted: number;
  rejected: number;
  rateLimited: number;
  readonly acceptedByType: Record<string, number>;
  readonly rejectedByCode: Record<string, number>;
}

export interface GamesSummary {
  readonly started: number;
  readonly finished: number;
  readonly byReason: Partial<Record<EndReason, number>>;
  /** Engine actions checked, over every game. */
  readonly actions: number;
  readonly longest: number;
}

/**
 * Watches live tables from inside the server: every message read as it was sent, every refusal
 * changing nothing, every engine action (players', bots', timers') satisfying the engine invariants,
 * the match state always equal to its replayed log, and (at the end) every stored log replaying to it.
 */
export class Referee {
  readonly tally: Tally = { accepted: 0, rejected: 0, rateLimited: 0, acceptedByType: {}, rejectedByCode: {} };
  private readonly watches: Watch[] = [];
  /** Every match's action log as the server wrote it to storage (a match keeps only its count in memory). */
  private readonly written = new Map<string, Action[]>();
  private readonly kept: string[] = [];
  private failures = 0;

  constructor(private readonly ledger: Ledger) {}

  get violations(): number {
    return this.failures;
  }

  /** The first violations found (each names the table and what broke). */
  get examples(): readonly string[] {
    return this.kept;
  }

  /** Keep each action the server stores, in the order it stores them (before the server starts). */
  recordWrites(storage: Storage): void {
    const append = storage.appendAction.bind(storage);
    storage.appendAction = async (matchId, owner, index, action, at) => {
      await append(matchId, owner, index, action, at);
      const log = this.written.get(matchId) ?? [];
      if (index !== log.length) this.record(`match ${matchId}: action ${index} written when ${log.length} were`);
      log[index] = action;
      this.written.set(matchId, log);
    };
  }

  private logOf(match: Match): readonly Action[] {
    return this.written.get(match.id) ?? [];
  }

  /** Start refereeing a live table (before anyone sends it a message). */
  watch(room: TableInternals): void {
    const w: Watch = { room, match: null, game: null, checked: 0, matches: [], tasks: 0, last: null };
    this.watches.push(w);
    const run = room.run.bind(room);
    room.run = (task) =>
      run(() => {
        w.tasks++;
        return task();
      });
    const { inbox } = room;
    const receive = inbox.receive.bind(inbox);
    const answer = inbox.answer.bind(inbox);
    const take = inbox.limiter.take.bind(inbox.limiter);
    inbox.receive = (client, type, payload) => {
      const sent = this.ledger.of(client.sessionId).read();
      if (sent !== type) this.fail(room, `a message sent as ${show(sent)} was read as ${show(type)}`);
      receive(client, type, payload);
    };
    inbox.limiter.take = (clientId) => {
      const outcome = take(clientId);
      if (!outcome.allowed) {
        this.tally.rateLimited++;
        this.ledger.of(clientId).settle();
      }
      return outcome;
    };
    inbox.answer = async (client, type, payload) => {
      // A ping is answered at once, outside the table's queue (Inbox.receive), while a task may be half
      // done: there is no "before" to compare with, and its handler only answers. Counted, not judged.
      if (type === 'ping') return this.counted(client.sessionId, await answer(client, type, payload));
      try {
        this.follow(w); // what the timers and bots did since the last message
        // Nothing ran since the previous message was answered: the table looks as it did then (one look a message).
        const before = w.last?.nextTask === w.tasks ? w.last.look : look(room);
        const seat = room.seating.colourOf(client.sessionId);
        const rejection = await answer(client, type, payload);
        const after = this.judge(w, { type, payload, seat, before, rejection });
        w.last = { look: after, nextTask: w.tasks + 1 };
        return rejection;
      } finally {
        this.ledger.of(client.sessionId).settle();
      }
    };
  }

  private counted(sessionId: string, rejection: Rejection | null): Rejection | null {
    if (rejection) {
      this.tally.rejected++;
      count(this.tally.rejectedByCode, rejection.code);
    } else {
      this.tally.accepted++;
      count(this.tally.acceptedByType, 'ping');
    }
    this.ledger.of(sessionId).settle();
    return rejection;
  }

  /** Check what one message did; returns how the table looks after it. */
  private judge(w: Watch, m: { type: string; payload: unknown; seat: Colour | null; before: Look; rejection: Rejection | null }): Look {
    const { room } = w;
    const after = look(room);
    if (m.rejection) {
      this.tally.rejected++;
      count(this.tally.rejectedByCode, m.rejection.code);
      const changed = differences(m.before, after);
      if (changed.length > 0) this.fail(room, `a refused '${m.type.slice(0, 40)}' (${m.rejection.code}) changed ${changed.join(', ')}`);
      return after;
    }
    this.tally.accepted++;
    count(this.tally.acceptedByType, m.type);
    this.follow(w);
    if (m.type === 'sync') {
      const changed = differences(m.before, after);
      if (changed.length > 0) this.fail(room, `a sync changed ${changed.join(', ')}`);
    }
    if (GAME_ACTIONS.has(m.type)) this.checkApplied(room, m, after);
    return after;
  }

  /** An accepted game message is applied as exactly that one action, for the sender's own seat. */
  private checkApplied(room: TableInternals, m: { type: string; payload: unknown; seat: Colour | null; before: Look }, after: Look): void {
    const action = after.match ? this.logOf(after.match)[after.actions - 1] : undefined;
    const payload = m.payload as { plane?: number; accept?: boolean };
    const faithful =
      after.match === m.before.match &&
      after.actions === m.before.actions + 1 &&
      action?.type === m.type &&
      action.seat === m.seat &&
      (action.type !== 'move' || action.plane === payload.plane) &&
      (!('accept' in action) || action.accept === payload.accept);
    if (!faithful)
      this.fail(
        room,
        `an accepted ${m.type} ${show(m.payload)} from ${m.seat} was applied as ${show(action)} (${m.before.actions} → ${after.actions} actions)`,
      );
  }

  /** Check every engine action the table's match took since the last look, and the table's facts against the match. */
  private follow(w: Watch): void {
    const current = w.room.play.match;
    if (current !== w.match) {
      if (w.match) this.advance(w);
      w.match = current;
      w.checked = 0;
      w.game = current ? this.created(w, current) : null;
      if (current) w.matches.push(current);
    }
    if (current) this.advance(w);
    const facts = w.room.state;
    const expected = current
      ? { matchId: current.id, status: current.state.result ? 'over' : 'playing' }
      : { matchId: '', status: 'waiting' };
    const shown = { matchId: facts.matchId, status: facts.status };
    if (!sameData(shown, expected)) this.fail(w.room, `the table shows ${show(shown)} for its match ${show(expected)}`);
  }

  private created(w: Watch, match: Match): GameState | null {
    const created = createGame(match.table.setup);
    if (created.ok) return created.value;
    this.fail(w.room, `match ${match.id}: its setup does not create a game: ${created.error.message}`);
    return null;
  }

  /** Replay the actions not checked yet, checking each transition; the result must be the match's state. */
  private advance(w: Watch): void {
    const match = w.match!;
    const log = this.logOf(match);
    if (!w.game || w.checked === log.length) return;
    for (; w.checked < log.length; w.checked++) {
      const next = this.step(w, match, w.game, log[w.checked]!);
      if (!next) {
        w.game = null; // the replay is broken: reported once, not after every action
        return;
      }
      w.game = next;
    }
    if (!sameData(w.game, match.state))
      this.fail(w.room, `match ${match.id}: the state at version ${match.state.version} is not its replayed log`);
  }

  private step(w: Watch, match: Match, prev: GameState, action: Action): GameState | null {
    const where = `match ${match.id} action ${w.checked} ${show(action)}`;
    const applied = applyAction(prev, action);
    if (!applied.ok) {
      this.fail(w.room, `${where}: the engine refuses it on replay: ${applied.error.message}`);
      return null;
    }
    const next = applied.value.state;
    if (action.type === 'roll' && action.value !== rollAt(match.seed, prev.rolls))
      this.fail(w.room, `${where}: not the die the seed gives`);
    try {
      const route = action.type === 'move' ? legalMoves(prev).find((m) => m.plane === action.plane)?.route : undefined;
      checkTransition(prev, action, next, applied.value.events, route);
      checkState(next, legalMoves(next));
    } catch (error) {
      if (!(error instanceof InvariantError)) throw error;
      this.fail(w.room, `${where}: ${error.message}`);
    }
    return next;
  }

  /**
   * After the run, in each table's queue: catch up with what the bots did, then every match's stored
   * log must be the match's log and replay to its state.
   */
  async finish(storage: Storage): Promise<GamesSummary> {
    const byReason: Partial<Record<EndReason, number>> = {};
    let started = 0;
    let finished = 0;
    let actions = 0;
    let longest = 0;
    for (const w of this.watches) {
      await w.room.run(async () => {
        this.follow(w);
        for (const match of w.matches) {
          await this.checkStored(w, match, storage);
          started++;
          actions += match.actionCount;
          longest = Math.max(longest, match.actionCount);
          const reason = match.state.result?.reason;
          if (reason) {
            finished++;
            byReason[reason] = (byReason[reason] ?? 0) + 1;
          }
        }
      });
    }
    return { started, finished, byReason, actions, longest };
  }

  private async checkStored(w: Watch, match: Match, storage: Storage): Promise<void> {
    const stored = await storage.getMatch(match.id);
    if (!stored) return this.fail(w.room, `match ${match.id} is not stored`);
    const log = this.logOf(match);
    if (log.length !== match.actionCount || !sameData(stored.actions, log))
      return this.fail(w.room, `match ${match.id}: the stored log is not the log the server wrote`);
    const replayed = replayGame(match.table.setup, stored.actions);
    if (!replayed.ok || !sameData(replayed.value.state, match.state))
      this.fail(w.room, `match ${match.id}: the stored log does not replay to the match's state`);
  }

  private fail(room: TableInternals, what: string): void {
    this.record(`table ${room.tableId}: ${what}`);
  }

  private record(violation: string): void {
    this.failures++;
    if (this.kept.length < MAX_VIOLATIONS_KEPT) this.kept.push(violation);
  }
}

function look(room: TableInternals): Look {
  const match = room.play.match;
  return {
    facts: JSON.stringify(room.state.toJSON()),
    match,
    game: match?.state,
    actions: match?.actionCount ?? 0,
    control: match ? JSON.stringify(match.control()) : '',
  };
}

function differences(before: Look, after: Look): string[] {
  const names: string[] = [];
  if (before.facts !== after.facts) names.push('the synced table');
  if (before.match !== after.match) names.push('the match');
  if (before.game !== after.game) names.push('the game state');
  if (before.actions !== after.actions) names.push('the action log');
  if (before.control !== after.control) names.push('auto-play');
  return names;
}

function count(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

/** A short rendering of any value for a violation message (bigints and binary included). */
function show(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
    return (text ?? String(value)).slice(0, 200);
  } catch {
    return String(value).slice(0, 200);
  }
}
