import type { QuietHours } from '@flightchess/protocol';

const clocks = new Map<string, Intl.DateTimeFormat>();

/** A clock reading hours and minutes in a time zone (made once per zone). */
function clockIn(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock)
    clocks.set(timeZone, (clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })));
  return clock;
}

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    clockIn(name);
    return true;
  } catch {
    return false;
  }
}

/** Minutes after local midnight at `at` in the time zone. */
export function localMinute(timeZone: string, at: number): number {
  const parts = clockIn(timeZone).formatToParts(at);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/** Whether `at` falls in the sleep window (from included, to not; a window from a time to the same time is none). */
export function inQuietHours(quiet: QuietHours | null, at: number): boolean {
  if (!quiet || quiet.from === quiet.to) return false;
  const m = localMinute(quiet.timeZone, at);
  return quiet.from < quiet.to ? m >= quiet.from && m < quiet.to : m >= quiet.from || m < quiet.to;
}
