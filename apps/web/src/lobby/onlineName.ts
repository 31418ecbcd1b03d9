import type { AppContext } from '../app';
import { suggestedNickname } from './suggestedNickname';

/** Online a player needs a name others see: the one typed on home, else one made up (and kept). */
export function onlineName(ctx: AppContext): string {
  const n = ctx.prefs.nickname.trim() || suggestedNickname();
  ctx.prefs.nickname = n;
  return n;
}
