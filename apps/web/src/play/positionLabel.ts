import { FINISH, LANE_START, type Position } from '@flightchess/rules';
import { t } from '../i18n';

/** Where a plane is, as a label on its own (under a plane button): "Hangar", "Square 12" — not the sentence's "the hangar". */
export function positionLabel(position: Position): string {
  if (position === 'hangar') return t('spot.hangar');
  if (position === 0) return t('spot.launch');
  if (position >= FINISH) return '✓';
  if (position >= LANE_START) return t('spot.lane', { n: position - LANE_START + 1 });
  return t('spot.ring', { p: position });
}
