import {
  type Action,
  type BySeat,
  type Colour,
  type DiceCheck,
  type GameSetup,
  type GameState,
  isColour,
  levelFor,
  rollsIn,
  scoreGame,
  verifyRolls,
} from '@flightchess/rules';
import type { TableSnapshot } from './tableView';

export interface ResultRow {
  readonly colour: Colour;
  readonly name: string;
  readonly rank: number;
  readonly arrived: number;
  readonly score: number;
  readonly coins: number;
  readonly level: number;
  readonly levelName: string;
  /** +1 up a level, −1 down, 0 the same (or unknown). */
  readonly levelChange: number;
  readonly sent: number;
  readonly lost: number;
  readonly winner: boolean;
  readonly out: string;
}

export interface ResultData {
  readonly reason: string;
  readonly winner: Colour | null;
  readonly rows: readonly ResultRow[];
  readonly matchId: string | null;
  readonly offline: boolean;
  readonly base: number;
}

/** A finished offline game, scored by the engine with `base` (offline games are not recorded). */
export function offlineResults(state: GameState, names: BySeat<string>, base: number): ResultData | null {
  const scored = scoreGame(state, { base });
  if (!scored.ok || !state.result) return null;
  const rows = scored.value.ranking.map((colour): ResultRow => {
    const s = scored.value.seats[colour]!;
    return {
      colour,
      name: names[colour] ?? '',
      rank: s.rank,
      arrived: s.arrived,
      score: s.score,
      coins: s.coins,
      level: s.levelAfter.level,
      levelName: s.levelAfter.name,
      levelChange: Math.sign(s.levelAfter.level - s.levelBefore.level),
      sent: state.collisions[colour]?.sent ?? 0,
      lost: state.collisions[colour]?.lost ?? 0,
      winner: state.result!.winners.includes(colour),
      out: state.out[colour]?.reason ?? '',
    };
  });
  return { reason: state.result.reason, winner: state.result.winner, rows, matchId: null, offline: true, base };
}

/** The stored match (GET /api/matches/:id), as far as the client uses it. */
export interface MatchRecord {
  readonly id: string;
  readonly status: string;
  readonly setup: GameSetup;
  readonly base: number;
  readonly commitment: string;
  readonly seed: string | null;
  readonly actions: readonly Action[];
  readonly seats: readonly {
    readonly colour: Colour;
    readonly name: string;
    readonly kind: string;
    readonly score?: number;
    readonly rank?: number;
    readonly lifetimeAfter?: number;
    readonly levelAfter?: number;
  }[];
}

/** A finished online game from the synced table, with level changes from the match record when known. */
export function onlineResults(table: TableSnapshot, match: MatchRecord | null): ResultData {
  const winners = table.result.winners;
  const ranked = [...table.seats].sort(
    (a, b) => Number(winners.includes(b.colour)) - Number(winners.includes(a.colour)) || b.arrived - a.arrived,
  );
  const rows = ranked.map((s, i): ResultRow => {
    const recorded = match?.seats.find((m) => m.colour === s.colour);
    const before =
      recorded?.lifetimeAfter !== undefined && recorded.score !== undefined ? levelFor(recorded.lifetimeAfter - recorded.score).level : null;
    const after = s.level || recorded?.levelAfter || 0;
    return {
      colour: s.colour,
      name: s.name,
      rank: recorded?.rank ?? i + 1,
      arrived: s.arrived,
      score: s.score,
      coins: s.coins,
      level: after,
      levelName: s.levelName,
      levelChange: before !== null && after > 0 ? Math.sign(after - before) : 0,
      sent: s.sent,
      lost: s.lost,
      winner: winners.includes(s.colour),
      out: s.out,
    };
  });
  rows.sort((a, b) => a.rank - b.rank);
  const winner = isColour(table.result.winner) ? table.result.winner : null;
  return { reason: table.result.reason, winner, rows, matchId: table.matchId || null, offline: false, base: table.base };
}

/** Recompute every roll of a finished match from its revealed seed and check the commitment (issue 4). */
export function verifyMatchDice(match: Pick<MatchRecord, 'seed' | 'commitment' | 'actions'>): DiceCheck {
  if (!match.seed) return { ok: false, error: { code: 'ERR_BAD_SEED', message: 'the seed has not been revealed' } };
  return verifyRolls(match.seed, match.commitment, rollsIn(match.actions));
}
