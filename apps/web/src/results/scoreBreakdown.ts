import { COLLISION_POINTS, TEAM_FACTOR } from '@flightchess/rules';
import { t } from '../i18n';
import { signed } from '../ui/signed';
import type { ResultData, ResultRow } from './results';

/** One part of a seat's score: the rule it comes from (RULES.md §7.1), in words with its figures, and the points. */
export interface ScorePart {
  readonly rule: string;
  readonly value: number;
}

/**
 * A seat's score taken apart by the scoring rules: the plane points (the rule that gave them, by how the
 * game ended), the collision points and the escape penalty. The plane points are what is left of the
 * recorded score, so the parts always add up to it.
 */
export function scoreParts(row: ResultRow, data: ResultData): ScorePart[] {
  const collision = COLLISION_POINTS * (row.sent - (data.teams ? row.lost : 0));
  const parts = [planePart(row, data, row.score - collision - row.escapePenalty)];
  if (row.sent > 0 || (data.teams && row.lost > 0)) {
    const rule = data.teams
      ? t('ending.part.teamCollision', { sent: row.sent, lost: row.lost })
      : t('ending.part.collision', { sent: row.sent });
    parts.push({ rule, value: collision });
  }
  if (row.escapePenalty !== 0) parts.push({ rule: t('ending.part.escape'), value: row.escapePenalty });
  return parts;
}

function planePart(row: ResultRow, data: ResultData, value: number): ScorePart {
  const { base } = data;
  /** How many planes the points count, at `factor` × base each. */
  const n = (factor = 1) => (base > 0 ? Math.abs(value) / (base * factor) : 0);
  if (data.winner === null) return { rule: t('ending.part.draw'), value };
  if (data.teams) {
    if (!row.winner) return { rule: t('ending.part.teamLoss', { n: n(TEAM_FACTOR), base }), value };
    return { rule: row.out ? t('ending.part.teamMateOut') : t('ending.part.teamWin'), value };
  }
  // Two players ended by a resignation or an escape count the planes home instead (§7.1).
  const cutShort = data.rows.length === 2 && data.reason !== 'finish';
  if (row.winner) return { rule: t(cutShort ? 'ending.part.ownHome' : 'ending.part.winPot', { n: n(), base }), value };
  if (cutShort && row.out === 'escape') return { rule: t('ending.part.winnerHome', { n: n(), base }), value };
  return { rule: t('ending.part.ownNotHome', { n: n(), base }), value };
}

/**
 * Why a seat's score does not follow its place (null when it does): a better place scored less than it,
 * or a worse one more. Places go by the win and the planes home; the score also counts captures and an
 * escape's penalty, so the line names every part of it.
 */
export function placeNote(row: ResultRow, data: ResultData): string | null {
  const outOfPlace = data.rows.some((o) => (o.rank < row.rank && o.score < row.score) || (o.rank > row.rank && o.score > row.score));
  if (!outOfPlace) return null;
  const parts = scoreParts(row, data).map((p) => `${p.rule} ${signed(p.value)}`);
  return t('results.placeNote', { parts: parts.join(t('results.placeNoteSeparator')) });
}

/** The coins: the rule's amount, and with a kept balance its move ("超级豆 -150：12 → 0（不低于 0）"). */
export function coinsLine(row: ResultRow): string {
  const earned = signed(row.coinsEarned);
  // No balance kept (a bot: it holds none, so its loss stops at 0 as a person's with none does).
  if (row.coinsAfter === null)
    return row.coins === row.coinsEarned
      ? t('ending.coins', { earned })
      : t('ending.coinsNone', { earned, coins: signed(row.coins) }) + t('ending.coinsFloor');
  const line = t('ending.coinsBalance', { earned, before: row.coinsAfter - row.coins, after: row.coinsAfter });
  return row.coins === row.coinsEarned ? line : line + t('ending.coinsFloor');
}
