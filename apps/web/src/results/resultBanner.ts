import { COLOURS } from '@flightchess/rules';
import { colourName, t } from '../i18n';
import { nameOf } from '../play/describe';
import type { ResultData } from './results';

const PLACES = ['ending.place.1', 'ending.place.2', 'ending.place.3', 'ending.place.4'] as const;

export interface ResultBanner {
  readonly title: string;
  /** A second line: in a team game, whether the reader's team won. */
  readonly detail: string;
  readonly tone: 'won' | 'lost' | 'neutral';
}

/**
 * The end for the reader, in large: "你赢了！", "第 2 名", "红黄队获胜" (and whether it was theirs); a watcher
 * sees who won. The headline under it names the winners and how the game ended.
 */
export function resultBanner(data: ResultData): ResultBanner {
  const winners = data.rows.filter((r) => r.winner).sort((a, b) => COLOURS.indexOf(a.colour) - COLOURS.indexOf(b.colour));
  const mine = data.rows.find((r) => r.colour === data.me) ?? null;
  if (winners.length === 0) return { title: t('results.draw'), detail: '', tone: 'neutral' };
  if (winners.length > 1) {
    const [a, b] = winners.map((r) => colourName(r.colour));
    const title = t('ending.teamWon', { a: a!, b: b ?? '' });
    if (!mine) return { title, detail: '', tone: 'neutral' };
    return { title, detail: t(mine.winner ? 'ending.teamYouWon' : 'ending.teamYouLost'), tone: mine.winner ? 'won' : 'lost' };
  }
  if (!mine) return { title: t('ending.winner', { name: nameOf(winners[0]!) }), detail: '', tone: 'neutral' };
  if (mine.winner) return { title: t('ending.won'), detail: '', tone: 'won' };
  return { title: t(PLACES[mine.rank - 1] ?? 'ending.place.4'), detail: '', tone: 'lost' };
}
