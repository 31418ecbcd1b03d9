import { planeNumber } from '../board/planeNumber';
import { colourName, t } from '../i18n';
import type { MoveMark, MoveRow } from './moveRows';

/** The die's faces, so that a roll reads at a glance. */
const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'] as const;

function markWords(mark: MoveMark, row: MoveRow): string {
  switch (mark) {
    case 'no-move':
      return t('moves.none');
    case 'three-sixes':
      return t('moves.threeSixes');
    case 'extra':
      return t('moves.extra');
    case 'capture':
      return t('game.preview.capture', { n: row.captured });
    default:
      return t(`game.preview.${mark}`);
  }
}

/** One row in few words: "红 ⚄5 ✈2 起飞 · 撞回 1 架". */
export function rowWords(row: MoveRow): string {
  const plane = row.plane === null ? [] : [`✈${planeNumber(row.plane)}`];
  const marks = [...new Set(row.marks)].map((mark) => markWords(mark, row));
  return [colourName(row.seat), `${FACES[row.roll - 1] ?? ''}${row.roll}`, ...plane, marks.join(' · ')].filter(Boolean).join(' ');
}
