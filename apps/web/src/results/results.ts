import type { MatchRecord } from '@flightchess/protocol';
import {
  type BotName,
  type BySeat,
  COLOURS,
  type Colour,
  type DiceCheck,
  type GameState,
  type OutReason,
  levelFor,
  rollsIn,
  scoreGame,
  verifyRolls,
  verifyStreamRolls,
} from '@flightchess/rules';
import { colourName, t } from '../i18n';
import { nameOf } from '../play/describe';
import { botOf } from '../play/gameView';

export interface ResultRow {
  readonly colour: Colour;
  readonly name: string;
  /** The bot that played the seat, null for a person. */
  readonly bot: BotName | null;
  readonly rank: number;
  readonly arrived: number;
  readonly score: number;
  /** −200 for an escaper, else 0 (part of `score`). */
  readonly escapePenalty: number;
  /** The coins added (never below 0 overall), the rule's amount before that floor, and the balance after (null when none is kept). */
  readonly coins: number;
  readonly coinsEarned: number;
  readonly coinsAfter: number | null;
  /** The lifetime score after the game, null when none is kept (offline). */
  readonly lifetimeAfter: number | null;
  /** The level after the game (its name is shown in the reader's language), 0 unknown. */
  readonly level: number;
  /** +1 up a level, −1 down, 0 the same (or unknown). */
  readonly levelChange: number;
  readonly sent: number;
  readonly lost: number;
  readonly winner: boolean;
  /** How the seat left the game, null if it played to the end. */
  readonly out: OutReason | null;
  /** A rated game's rating in its mode before and after (ratings/); null at a casual table, for a bot, offline. */
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
  /** The player's rated games of the mode up to this one (a provisional rating while few); null where there is no rating change. */
  readonly ratedGames: number | null;
}

export interface ResultData {
  readonly reason: string;
  readonly winner: Colour | null;
  readonly rows: readonly ResultRow[];
  readonly matchId: string | null;
  readonly offline: boolean;
  readonly base: number;
  readonly teams: boolean;
  /** The reader's seat, null for a watcher (or a hot-seat game of several people). */
  readonly me: Colour | null;
}

/** The headline: the winner by name, or a winning team by its colours and both its players ("胜者：绿蓝队 Bob + Dee"), or a draw. */
export function resultHeadline(data: ResultData): string {
  const winners = data.rows.filter((r) => r.winner).sort((a, b) => COLOURS.indexOf(a.colour) - COLOURS.indexOf(b.colour));
  if (winners.length === 0) return t('results.draw');
  if (winners.length === 1) return t('results.winner', { name: nameOf(winners[0]!) });
  const [a, b] = winners.map((r) => colourName(r.colour));
  return t('results.teamWinner', { a: a!, b: b ?? '', names: winners.map(nameOf).join(' + ') });
}

/** A finished offline game, scored by the engine with `base` (offline games are not recorded); `bots`: who played which seat. */
export function offlineResults(state: GameState, names: BySeat<string>, base: number, bots: BySeat<BotName> = {}): ResultData | null {
  const scored = scoreGame(state, { base });
  if (!scored.ok || !state.result) return null;
  const rows = scored.value.ranking.map((colour): ResultRow => {
    const s = scored.value.seats[colour]!;
    return {
      colour,
      name: names[colour] ?? '',
      bot: bots[colour] ?? null,
      rank: s.rank,
      arrived: s.arrived,
      score: s.score,
      escapePenalty: s.escapePenalty,
      coins: s.coins,
      coinsEarned: s.coinsEarned,
      coinsAfter: null,
      lifetimeAfter: null,
      level: s.levelAfter.level,
      levelChange: Math.sign(s.levelAfter.level - s.levelBefore.level),
      sent: state.collisions[colour]?.sent ?? 0,
      lost: state.collisions[colour]?.lost ?? 0,
      winner: state.result!.winners.includes(colour),
      out: state.out[colour]?.reason ?? null,
      ratingBefore: null,
      ratingAfter: null,
      ratedGames: null,
    };
  });
  // The reader is the one person at the device; with several (hot seat) nobody is singled out.
  const people = state.seats.filter((c) => !bots[c]);
  const me = people.length === 1 ? people[0]! : null;
  return { reason: state.result.reason, winner: state.result.winner, rows, matchId: null, offline: true, base, teams: state.teams, me };
}

/**
 * A finished online game as recorded (GET /api/matches/:id): the standings show exactly what was stored —
 * ranks, scores, coins and levels — with the collisions of the final state the client played; `playerId`: the reader.
 */
export function onlineResults(match: MatchRecord, final: GameState | null, playerId = ''): ResultData {
  const rows = match.seats.map((s): ResultRow => {
    const after = s.levelAfter ?? 0;
    const before = s.lifetimeAfter !== undefined && s.score !== undefined ? levelFor(s.lifetimeAfter - s.score).level : null;
    return {
      colour: s.colour,
      name: s.name,
      bot: botOf(s),
      rank: s.rank ?? 0,
      arrived: s.arrived ?? 0,
      score: s.score ?? 0,
      escapePenalty: s.escapePenalty ?? 0,
      coins: s.coins ?? 0,
      // Recorded before the coins' floor was: what was added is what the rule gave.
      coinsEarned: s.coinsEarned ?? s.coins ?? 0,
      coinsAfter: s.coinsAfter ?? null,
      lifetimeAfter: s.lifetimeAfter ?? null,
      level: after,
      levelChange: before !== null && after > 0 ? Math.sign(after - before) : 0,
      // A seat that played on after its player left scores the collisions it had then (rules: reading 19).
      sent: (final?.left[s.colour]?.collisions ?? final?.collisions[s.colour])?.sent ?? 0,
      lost: (final?.left[s.colour]?.collisions ?? final?.collisions[s.colour])?.lost ?? 0,
      winner: s.winner ?? false,
      out: outReason(s.out),
      ratingBefore: s.ratingBefore ?? null,
      ratingAfter: s.ratingAfter ?? null,
      ratedGames: s.ratedGames ?? null,
    };
  });
  rows.sort((a, b) => a.rank - b.rank);
  const result = match.result;
  const me = (playerId && match.seats.find((s) => s.playerId === playerId)?.colour) || null;
  return {
    reason: result?.reason ?? '',
    winner: result?.winner ?? null,
    rows,
    matchId: match.id,
    offline: false,
    base: match.base,
    teams: match.setup.teams === true,
    me,
  };
}

const OUT_REASONS: readonly string[] = ['resign', 'escape', 'forfeit'] satisfies OutReason[];

/** A stored seat's way out of the game, if it is one this client knows. */
function outReason(out: string | null | undefined): OutReason | null {
  return out && OUT_REASONS.includes(out) ? (out as OutReason) : null;
}

/** Recompute every roll of a finished match from its revealed seed and check the commitment. */
export function verifyMatchDice(match: Pick<MatchRecord, 'seed' | 'commitment' | 'actions' | 'diceStreams'>): DiceCheck {
  if (!match.seed) return { ok: false, error: { code: 'ERR_BAD_SEED', message: 'the seed has not been revealed' } };
  // A duplicate round's table: each seat's dice from the stream it held on the round's board.
  return match.diceStreams
    ? verifyStreamRolls(match.seed, match.commitment, match.actions, match.diceStreams)
    : verifyRolls(match.seed, match.commitment, rollsIn(match.actions));
}
