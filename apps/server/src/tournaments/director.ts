import { randomBytes, randomInt } from 'node:crypto';
import { TOURNAMENT_LIMITS, botLabel } from '@flightchess/protocol';
import { type BotName, PRESETS, type SeatFinish, commitmentOf, shuffled } from '@flightchess/rules';
import type { Logger } from 'pino';
import type { TableAtStart } from '../matches/Match';
import { DEFAULT_BASE } from '../table/tableOptions';
import { pairNext } from './pairNext';
import { type ArenaWaiter, pairArena } from './pairArena';
import { endTimes, finishesByTable, standings } from './results';
import type { Board, Entrant, PairedTable, SeatOutcome, StoredRound, StoredTournament, TournamentStorage } from './tournamentRepository';

/** The bot that takes a seat no player fills. */
export const TOURNAMENT_BOT: BotName = 'strong';

/** A round's table not stored this long after the round was paired is opened by whichever process sees it (its pairer stopped). */
const OPEN_GRACE_MS = 5_000;

export interface DirectorDeps {
  readonly storage: TournamentStorage;
  /** Store a round's game and open its table on this process; false when it could not (another process stored it first). */
  readonly openTable: (at: TableAtStart) => Promise<boolean>;
  readonly logger: Logger;
  readonly newId: () => string;
  /** A round's tables opened or the round ended: these players' pages are told their tables (TournamentCall). */
  readonly tablesChanged: (playerIds: readonly string[]) => void;
  readonly now?: () => number;
}

/**
 * Runs every tournament through its course, from any process, as often as it is asked (`tick`): start at
 * its time (draw the order and, duplicate, every round's board), pair a round once the break after the
 * last is over, open its tables, end it when every table has ended (revealing its board), finish after the
 * last. Every step is a conditional write (tournamentRepository): processes racing on a step take it once,
 * and a process that stops between steps leaves nothing another cannot finish.
 */
export class TournamentDirector {
  private readonly now: () => number;

  constructor(private readonly deps: DirectorDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Take every step due now. */
  async tick(): Promise<void> {
    for (const t of await this.deps.storage.due(this.now())) {
      try {
        await this.advance(t);
      } catch (err) {
        this.deps.logger.error({ event: 'tournament-step-failed', tournamentId: t.id, err }, 'a tournament step failed');
      }
    }
  }

  private async advance(t: StoredTournament): Promise<void> {
    const { storage } = this.deps;
    if (t.status === 'upcoming') return this.start(t);
    if (t.format === 'arena') return this.advanceArena(t);
    const rounds = await storage.rounds(t.id);
    const current = rounds.at(-1);
    if (current && current.endedAt === null) return this.watch(t, current);
    const now = this.now();
    if (t.round >= t.rounds || t.nextRoundAt === null || now < t.nextRoundAt) return;
    const entrants = await storage.entrants(t.id);
    const [finishes, reviews] = await Promise.all([this.finishes(t, rounds), storage.reviews(t.id)]);
    const paired = pairNext(t, entrants, rounds, { finishes, reviews }, this.deps.newId);
    const round: StoredRound = { id: this.deps.newId(), number: t.round + 1, ...paired, startedAt: now, endedAt: null };
    if (!(await storage.addRound(t.id, round))) return;
    this.deps.logger.info(
      { event: 'tournament-round', tournamentId: t.id, round: round.number, tables: round.tables.length, byes: round.byes.length },
      'tournament round paired',
    );
    await this.open(t, entrants, round, round.tables);
    this.deps.tablesChanged(playersOf(round));
  }

  /** The start: fewer than two players cancels it; else the order is drawn and, duplicate, every round's board. */
  private async start(t: StoredTournament): Promise<void> {
    const players = (await this.deps.storage.entrants(t.id)).filter((e) => e.withdrawnAt === null).map((e) => e.playerId);
    const now = this.now();
    if (players.length < 2) {
      if (await this.deps.storage.start(t.id, now, null, null))
        this.deps.logger.info({ event: 'tournament-cancelled', tournamentId: t.id, players: players.length }, 'tournament cancelled');
      return;
    }
    // Crypto: the order decides round one's tables and the last tiebreak, and nobody may foresee it.
    const draw = shuffled(players, randomInt);
    const boards: Board[] | null = t.duplicate
      ? Array.from({ length: t.rounds }, () => {
          const seed = randomBytes(32).toString('hex');
          return { seed, commitment: commitmentOf(seed) };
        })
      : null;
    if (await this.deps.storage.start(t.id, now, draw, boards))
      this.deps.logger.info({ event: 'tournament-started', tournamentId: t.id, players: players.length }, 'tournament started');
  }

  /** A round under way: open the tables nobody stored (their pairer stopped), and end the round once every table has ended. */
  private async watch(t: StoredTournament, round: StoredRound): Promise<void> {
    const outcomes = await this.deps.storage.outcomes(round.tables.map((x) => x.matchId));
    if (await this.openMissing(t, [round], outcomes)) return;
    const now = this.now();
    if (outcomes.some((o) => o.status === 'playing')) return;
    const last = round.number >= t.rounds;
    if (!(await this.deps.storage.endRound(t.id, round.id, now, last ? null : now + t.breakSeconds * 1000))) return;
    this.deps.logger.info({ event: 'tournament-round-ended', tournamentId: t.id, round: round.number, last }, 'tournament round ended');
    this.deps.tablesChanged(playersOf(round));
  }

  /**
   * Open the tables of these rounds that nobody stored OPEN_GRACE_MS after their pairing (their pairer
   * stopped between the two); whether any was missing.
   */
  private async openMissing(t: StoredTournament, rounds: readonly StoredRound[], outcomes: readonly SeatOutcome[]): Promise<boolean> {
    const stored = new Set(outcomes.map((o) => o.matchId));
    let missing = false;
    for (const round of rounds) {
      const tables = round.tables.filter((x) => !stored.has(x.matchId));
      if (tables.length === 0) continue;
      missing = true;
      if (this.now() - round.startedAt >= OPEN_GRACE_MS) await this.open(t, await this.deps.storage.entrants(t.id), round, tables);
    }
    return missing;
  }

  /**
   * An arena under way: until its time is up, whoever is free is seated again (pairArena) — not a player
   * whose last game went on without them (they never came: paused until they join again); once it is up,
   * no new tables, and it finishes when its last game has ended.
   */
  private async advanceArena(t: StoredTournament): Promise<void> {
    const { storage } = this.deps;
    const now = this.now();
    const rounds = await storage.rounds(t.id);
    const tables = rounds.flatMap((r) => r.tables);
    const outcomes = await storage.outcomes(tables.map((x) => x.matchId));
    const missing = await this.openMissing(t, rounds, outcomes);
    const playing = new Set(outcomes.filter((o) => o.status === 'playing').map((o) => o.matchId));
    const stored = new Set(outcomes.map((o) => o.matchId));
    const busy = new Set(
      tables
        .filter((x) => playing.has(x.matchId) || !stored.has(x.matchId))
        .flatMap((x) => x.seats.flatMap((s) => (s.playerId ? [s.playerId] : []))),
    );
    const entrants = await storage.entrants(t.id);
    if (now >= t.startsAt + t.minutes * 60_000) {
      if (missing || busy.size > 0 || !(await storage.finish(t.id, now))) return;
      this.deps.logger.info({ event: 'tournament-finished', tournamentId: t.id, games: tables.length }, 'arena finished');
      this.deps.tablesChanged(entrants.map((e) => e.playerId));
      return;
    }
    const finishes = finishesByTable(tables, outcomes, t.teams);
    const endedAt = endTimes(outcomes);
    const scores = new Map(standings(t, entrants, rounds, { finishes, endedAt }).map((s) => [s.playerId, s.points]));
    const waiting: ArenaWaiter[] = [];
    for (const e of entrants) {
      if (e.withdrawnAt !== null || busy.has(e.playerId)) continue;
      const last = lastGameOf(e.playerId, tables, outcomes);
      if (last && last.out === 'forfeit' && (last.endedAt ?? 0) > e.joinedAt) continue;
      waiting.push({
        playerId: e.playerId,
        score: scores.get(e.playerId) ?? 0,
        since: Math.max(e.joinedAt, t.startsAt, last?.endedAt ?? 0),
      });
    }
    const paired = pairArena(t, waiting, now, TOURNAMENT_LIMITS.arenaWaitSeconds * 1000, this.deps.newId);
    if (paired.length === 0) return;
    const round: StoredRound = { id: this.deps.newId(), number: t.round + 1, tables: paired, byes: [], startedAt: now, endedAt: null };
    if (!(await storage.addRound(t.id, round))) return;
    this.deps.logger.info(
      { event: 'tournament-round', tournamentId: t.id, round: round.number, tables: paired.length, byes: 0 },
      'arena tables paired',
    );
    await this.open(t, entrants, round, paired);
    this.deps.tablesChanged(playersOf(round));
  }

  private async finishes(t: StoredTournament, rounds: readonly StoredRound[]): Promise<Map<string, SeatFinish[]>> {
    const tables = rounds.flatMap((r) => r.tables);
    return finishesByTable(tables, await this.deps.storage.outcomes(tables.map((x) => x.matchId)), t.teams);
  }

  /** Store and open these tables of the round: each player's seat held for them until they join. */
  private async open(t: StoredTournament, entrants: readonly Entrant[], round: StoredRound, tables: StoredRound['tables']): Promise<void> {
    const names = new Map(entrants.map((e) => [e.playerId, e.name]));
    const board = t.boards?.[round.number - 1];
    for (const table of tables) {
      const streams = Object.fromEntries(table.seats.flatMap((s) => (s.stream === null ? [] : [[s.colour, s.stream]])));
      const firstSeat = table.seats.find((s) => s.stream === 0)?.colour;
      const at: TableAtStart = {
        tableId: table.tableId,
        code: '',
        private: t.private,
        watchable: true,
        rated: !t.private,
        hostId: t.creatorId,
        setup: { preset: t.preset, options: { leftSeatsPlayOn: true }, seats: table.seats.map((s) => s.colour), teams: t.teams },
        base: DEFAULT_BASE,
        turnSeconds: t.turnSeconds,
        seats: table.seats.map((s) =>
          s.playerId === null
            ? { colour: s.colour, kind: 'bot', bot: TOURNAMENT_BOT, playerId: null, name: botLabel(s.colour, TOURNAMENT_BOT) }
            : { colour: s.colour, kind: 'human', bot: null, playerId: s.playerId, name: names.get(s.playerId) ?? s.playerId },
        ),
        randomFirstSeat: !board && PRESETS[t.preset].firstSeat === 'random',
        tournament: {
          id: t.id,
          matchId: table.matchId,
          ...(board && firstSeat && { board: { id: round.id, seed: board.seed, streams, firstSeat } }),
        },
      };
      try {
        if (!(await this.deps.openTable(at))) continue;
      } catch (err) {
        this.deps.logger.error(
          { event: 'tournament-table-failed', tournamentId: t.id, matchId: table.matchId, err },
          'could not open a table',
        );
      }
    }
  }
}

/** The player's seat in the last of their games that ended, if any. */
function lastGameOf(playerId: string, tables: readonly PairedTable[], outcomes: readonly SeatOutcome[]): SeatOutcome | null {
  let last: SeatOutcome | null = null;
  for (const x of tables) {
    const seat = x.seats.find((s) => s.playerId === playerId);
    const outcome = seat && outcomes.find((o) => o.matchId === x.matchId && o.colour === seat.colour);
    if (outcome?.endedAt != null && (last === null || outcome.endedAt > (last.endedAt ?? 0))) last = outcome;
  }
  return last;
}

/** The people seated at the round's tables. */
const playersOf = (round: StoredRound): string[] => round.tables.flatMap((x) => x.seats.flatMap((s) => (s.playerId ? [s.playerId] : [])));
