import { sameLooking } from '../accounts/nicknames';

/**
 * The name a newcomer is shown under at a table: their nickname, or with a number after it where it
 * looks like a name already there ("Ann (2)"), so that nobody at the table passes for anyone else and
 * whoever had the name first keeps it.
 */
export function uniqueName(wanted: string, taken: readonly string[]): string {
  const free = (name: string) => !taken.some((other) => sameLooking(name, other));
  if (free(wanted)) return wanted;
  for (let n = 2; ; n++) if (free(`${wanted} (${n})`)) return `${wanted} (${n})`;
}
