import {
  TOURNAMENT_LIMITS,
  type TournamentCall,
  type TournamentList,
  type TournamentRequest,
  type TournamentResult,
  type TournamentStatus,
  type TournamentSummary,
  type TournamentView,
} from '@flightchess/protocol';
import type { HttpRefusal } from '../http/respond';
import type { PlayerStorage } from '../players/playerRepository';
import { summaryOf, tournamentView } from './tournamentView';
import type { StoredTournament, TournamentStorage } from './tournamentRepository';

export interface TournamentsDeps {
  readonly storage: TournamentStorage;
  readonly players: Pick<PlayerStorage, 'getPlayer'>;
  readonly turnSeconds: number;
  readonly breakSeconds: number;
  readonly newId: () => string;
  /** Whether a table's room is open now, on any process (its game is stored a moment before its room opens). */
  readonly roomOpen: (roomId: string) => Promise<boolean>;
  readonly now?: () => number;
}

/** A tournament starts this long after it is created when its creator gives no time. */
export const DEFAULT_LEAD_MS = 60_000;
/** How many tournaments a profile lists. */
const PROFILE_TOURNAMENTS = 10;
/** How many of each status GET /api/tournaments lists. */
const LISTED = 50;

const refusal = (status: number, code: HttpRefusal['code'], message: string): { refused: HttpRefusal } => ({
  refused: { status, code, message },
});
const NO_TOURNAMENT = refusal(404, 'ERR_NO_TOURNAMENT', 'no such tournament');

/** What is wrong with the format's own fields: a Swiss has rounds, an arena minutes and no duplicate dice. */
function formatRefusal(asked: Pick<TournamentRequest, 'format' | 'rounds' | 'minutes' | 'duplicate' | 'teams' | 'seats'>): string | null {
  if (asked.teams && asked.seats !== 4) return 'teams: 2v2 is played at tables of four';
  if (asked.format === 'swiss')
    return asked.rounds === undefined
      ? 'rounds: a Swiss needs its number of rounds'
      : asked.minutes === undefined
        ? null
        : 'minutes: for an arena';
  if (asked.minutes === undefined) return 'minutes: an arena needs its length';
  if (asked.rounds !== undefined) return 'rounds: for a Swiss';
  return asked.duplicate ? 'duplicate: for a Swiss (an arena’s tables deal their own dice)' : null;
}

/** Tournaments as the API reaches them: create, list, show, join, withdraw. Their course is the director's. */
export class Tournaments {
  private readonly now: () => number;

  constructor(private readonly deps: TournamentsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** A new tournament, its creator in it; the operator's (`creator` null: scheduled from the console) is public and has nobody in it yet. */
  async create(
    creator: { id: string; nickname: string } | null,
    asked: Omit<TournamentRequest, 'playerId' | 'secret'>,
  ): Promise<{ id: string } | { refused: HttpRefusal }> {
    const now = this.now();
    const startsAt = asked.startsAt ?? now + DEFAULT_LEAD_MS;
    if (startsAt < now - 1000 || startsAt > now + TOURNAMENT_LIMITS.maxLeadDays * 86_400_000)
      return refusal(400, 'ERR_BAD_REQUEST', `startsAt: from now to ${TOURNAMENT_LIMITS.maxLeadDays} days ahead (epoch milliseconds)`);
    const format = formatRefusal(asked);
    if (format) return refusal(400, 'ERR_BAD_REQUEST', format);
    if (creator && (await this.deps.storage.openCreatedBy(creator.id)) >= TOURNAMENT_LIMITS.openPerCreator)
      return refusal(429, 'ERR_TOO_MANY', `${TOURNAMENT_LIMITS.openPerCreator} tournaments of yours have not ended yet`);
    const id = this.deps.newId();
    await this.deps.storage.create({
      id,
      name: asked.name ?? `${creator?.nickname ?? ''}'s ${asked.duplicate ? 'duplicate ' : ''}Swiss`,
      format: asked.format,
      seats: asked.seats,
      teams: asked.teams ?? false,
      rounds: asked.rounds ?? 0,
      minutes: asked.minutes ?? 0,
      duplicate: asked.duplicate ?? false,
      private: asked.private ?? false,
      creatorId: creator?.id ?? '',
      preset: asked.preset ?? 'online',
      turnSeconds: this.deps.turnSeconds,
      breakSeconds: this.deps.breakSeconds,
      startsAt: Math.max(now, startsAt),
      createdAt: now,
    });
    if (creator) await this.deps.storage.join(id, creator.id, creator.nickname, now);
    return { id };
  }

  /** Public tournaments: upcoming (soonest first), running, finished (newest first). */
  async list(): Promise<TournamentList> {
    const [upcoming, running, finished] = await Promise.all(
      (['upcoming', 'running', 'finished'] as const).map((s: TournamentStatus) => this.deps.storage.listed(s, LISTED)),
    );
    const counts = await this.deps.storage.counts([...upcoming!, ...running!, ...finished!].map((t) => t.id));
    const summaries = (ts: readonly StoredTournament[]) =>
      Promise.all(ts.map(async (t): Promise<TournamentSummary> => summaryOf(t, counts.get(t.id) ?? 0, await this.creatorName(t))));
    return { upcoming: await summaries(upcoming!), running: await summaries(running!), finished: await summaries(finished!) };
  }

  /** The whole tournament (a private one too: its id is its link). */
  async view(id: string): Promise<TournamentView | null> {
    const t = await this.deps.storage.get(id);
    if (!t) return null;
    const [entrants, rounds, reviews] = await Promise.all([
      this.deps.storage.entrants(id),
      this.deps.storage.rounds(id),
      this.deps.storage.reviews(id),
    ]);
    const outcomes = await this.deps.storage.outcomes(rounds.flatMap((r) => r.tables.map((x) => x.matchId)));
    // A game of a round under way is stored a moment before its room opens (or, after a process stopped, is
    // restored): until its room is open, its table is said to be opening, so that nobody is sent to it too soon.
    const playing = new Set(outcomes.filter((o) => o.status === 'playing').map((o) => o.matchId));
    const live = rounds.filter((r) => r.endedAt === null).flatMap((r) => r.tables.filter((x) => playing.has(x.matchId)));
    // Asked all at once: a round of 64 tables is 64 lookups in the listing (Redis with several processes).
    const open = await Promise.all(live.map((x) => this.deps.roomOpen(x.tableId)));
    const opening = new Set(live.filter((_, i) => !open[i]).map((x) => x.matchId));
    return tournamentView(t, entrants, rounds, outcomes, reviews, await this.creatorName(t), opening);
  }

  /** Join before the start (again after withdrawing). */
  async join(id: string, player: { id: string; nickname: string }): Promise<{ refused: HttpRefusal } | null> {
    const t = await this.deps.storage.get(id);
    if (!t) return NO_TOURNAMENT;
    const open = t.status === 'upcoming' || (t.format === 'arena' && t.status === 'running');
    if (!open)
      return refusal(
        409,
        'ERR_ALREADY_STARTED',
        'the tournament has started: players join a Swiss before its start, an arena before its end',
      );
    const entrants = await this.deps.storage.entrants(id);
    const inIt = entrants.some((e) => e.playerId === player.id && e.withdrawnAt === null);
    if (!inIt && entrants.filter((e) => e.withdrawnAt === null).length >= TOURNAMENT_LIMITS.maxPlayers)
      return refusal(409, 'ERR_TOURNAMENT_FULL', `a tournament takes ${TOURNAMENT_LIMITS.maxPlayers} players`);
    if (!(await this.deps.storage.join(id, player.id, player.nickname, this.now())))
      return refusal(409, 'ERR_ALREADY_STARTED', 'the tournament is over, or has started: players join a Swiss before its start');
    return null;
  }

  /** Withdraw: before the start, or between and during rounds (not paired again; a game under way is played on by auto-play). */
  async withdraw(id: string, playerId: string): Promise<{ refused: HttpRefusal } | null> {
    if (!(await this.deps.storage.get(id))) return NO_TOURNAMENT;
    return (await this.deps.storage.withdraw(id, playerId, this.now()))
      ? null
      : refusal(409, 'ERR_NOT_JOINED', 'you are not in this tournament, withdrew already, or it is over');
  }

  /** The tournaments the player played in, newest first, with where they stand: their profile's list. */
  async resultsOf(playerId: string, shown: 'all' | 'public'): Promise<TournamentResult[]> {
    const results: TournamentResult[] = [];
    for (const id of await this.deps.storage.playedBy(playerId, shown, PROFILE_TOURNAMENTS)) {
      const v = await this.view(id);
      const s = v?.standings.find((x) => x.playerId === playerId);
      if (!v || !s) continue;
      const { name, status, startsAt, duplicate } = v;
      results.push({
        id,
        name,
        status,
        startsAt,
        duplicate,
        rank: s.rank,
        players: v.standings.length,
        points: s.points,
        matchpoints: s.matchpoints,
      });
    }
    return results;
  }

  /** The player's tables of rounds under way whose game is still being played (their pages are told: TournamentCall). */
  async calls(playerId: string): Promise<TournamentCall[]> {
    const calls: TournamentCall[] = [];
    for (const { tournamentId, name, format, round } of await this.deps.storage.roundsUnderWay(playerId)) {
      const table = round.tables.find((x) => x.seats.some((s) => s.playerId === playerId));
      if (!table) continue;
      const outcomes = await this.deps.storage.outcomes([table.matchId]);
      if (outcomes.length === 0 || outcomes.some((o) => o.status !== 'playing')) continue;
      const colour = table.seats.find((s) => s.playerId === playerId)!.colour;
      calls.push({ tournamentId, name, format, round: round.number, roomId: table.tableId, matchId: table.matchId, colour });
    }
    return calls;
  }

  private async creatorName(t: StoredTournament): Promise<string> {
    return (await this.deps.players.getPlayer(t.creatorId))?.nickname ?? '';
  }
}
