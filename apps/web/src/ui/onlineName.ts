import type { AppContext } from '../app';
import { t } from '../i18n';
import { cryptoIndex } from '../util/ports';

/** Online a player needs a name others see: the one typed on home, else one made up (and kept). */
export function onlineName(ctx: AppContext): string {
  const n = ctx.prefs.nickname || t('home.defaultNickname', { n: 100 + cryptoIndex(900) });
  ctx.prefs.nickname = n;
  return n;
}
