import { t } from '../i18n';
import { cryptoIndex } from '../util/ports';

/** A made-up nickname ("玩家123", "Player 123") for someone who has not chosen one: unlikely to be another's at the same table. */
export function suggestedNickname(): string {
  return t('home.defaultNickname', { n: 100 + cryptoIndex(900) });
}
