import type { Prefs } from '../ui/prefs';
import { suggestedNickname } from './suggestedNickname';

/** Online a player needs a name others see: the one typed on home, else one made up (and kept). */
export function onlineName(prefs: Prefs): string {
  const n = prefs.nickname.trim() || suggestedNickname();
  prefs.nickname = n;
  return n;
}
