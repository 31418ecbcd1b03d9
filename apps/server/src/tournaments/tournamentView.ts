import { botLabel } from '@flightchess/protocol';
import type { TournamentRound, TournamentSummary, TournamentTable, TournamentView } from '@flightchess/protocol';
import { TOURNAMENT_BOT } from './director';
import { endTimes, finishesByTable, roundScores, standings } from './results';
import type { Entrant, SeatOutcome, StoredReview, StoredRound, StoredTournament } from './tournamentRepository';

/** What the lists show of a tournament. */
export function summaryOf(t: StoredTournament, players: number, creatorName: string): TournamentSummary {
  return {
    id: t.id,
    name: t.name,
    format: t.format,
    seats: t.seats,
    teams: t.teams,
    rounds: t.rounds,
    minutes: t.minutes,
    duplicate: t.duplicate,
    private: t.private,
    preset: t.preset,
    startsAt: t.startsAt,
    status: t.status,
    round: t.round,
    players,
    creatorName,
  };
}

/**
 * The whole tournament as GET /api/tournaments/:id shows it, from what is stored: each round's tables with
 * their seats' streams and what each earned, the boards' commitments from the start and each seed once its
 * round has ended, the standings.
 */
export function tournamentView(
  t: StoredTournament,
  entrants: readonly Entrant[],
  rounds: readonly StoredRound[],
  outcomes: readonly SeatOutcome[],
  reviews: ReadonlyMap<string, StoredReview>,
  creatorName: string,
  /** Games stored whose room is not open yet: their tables are `waiting`. */
  opening: ReadonlySet<string> = new Set(),
): TournamentView {
  const finishes = finishesByTable(
    rounds.flatMap((r) => r.tables),
    outcomes,
    t.teams,
  );
  const names = new Map(entrants.map((e) => [e.playerId, e.name]));
  const statusOf = new Map(outcomes.map((o) => [o.matchId, o.status]));
  const board = (n: number) => t.boards?.[n - 1] ?? null;
  const played = rounds.map((r): TournamentRound => {
    const scores = roundScores(r, finishes, t.duplicate);
    return {
      number: r.number,
      commitment: board(r.number)?.commitment ?? null,
      seed: r.endedAt === null ? null : (board(r.number)?.seed ?? null),
      startedAt: r.startedAt,
      endedAt: r.endedAt,
      byes: r.byes,
      tables: r.tables.map((x): TournamentTable => ({
        roomId: x.tableId,
        matchId: x.matchId,
        status: opening.has(x.matchId) ? 'waiting' : (statusOf.get(x.matchId) ?? 'waiting'),
        seats: x.seats.map((s, i) => ({
          colour: s.colour,
          playerId: s.playerId,
          name: s.playerId === null ? botLabel(s.colour, TOURNAMENT_BOT) : (names.get(s.playerId) ?? s.playerId),
          bot: s.playerId === null ? TOURNAMENT_BOT : null,
          stream: s.stream,
          points: scores.get(x.matchId)?.points[i] ?? null,
          matchpoints: scores.get(x.matchId)?.matchpoints?.[i] ?? null,
        })),
      })),
    };
  });
  // The rounds to come of a duplicate tournament: their boards are committed to from the start.
  const coming = (t.boards ?? []).slice(rounds.length).map((b, i): TournamentRound => ({
    number: rounds.length + i + 1,
    commitment: b.commitment,
    seed: null,
    startedAt: null,
    endedAt: null,
    tables: [],
    byes: [],
  }));
  const active = entrants.filter((e) => e.withdrawnAt === null).length;
  return {
    ...summaryOf(t, active, creatorName),
    turnSeconds: t.turnSeconds,
    breakSeconds: t.breakSeconds,
    nextRoundAt: t.status === 'running' ? t.nextRoundAt : null,
    entrants: entrants.map((e) => ({ playerId: e.playerId, name: e.name, withdrawn: e.withdrawnAt !== null })),
    roundList: [...played, ...coming],
    standings: standings(t, entrants, rounds, { finishes, endedAt: endTimes(outcomes), reviews }),
  };
}
