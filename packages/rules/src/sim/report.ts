import { COLOURS } from '../colours';
import type { SimOptions } from './args';
import { mean, percentile, wilsonInterval } from './stats';
import type { Tally, WinCount } from './tournament';

const pct = (x: number): string => (x * 100).toFixed(2);

/** `win 61.20% (95% CI 60.24-62.15%) over 10000 games`, with a Wilson score interval (stats.ts). */
export function winLine(count: WinCount): string {
  const rate = count.games > 0 ? count.wins / count.games : Number.NaN;
  const { low, high } = wilsonInterval(count.wins, count.games);
  return `win ${pct(rate)}% (95% CI ${pct(low)}-${pct(high)}%) over ${count.games} games`;
}

/** The simulator's report, one line per string; `seconds` is the wall time the games took. */
export function formatReport(options: SimOptions, tally: Tally, seconds: number): string[] {
  const lines = [
    `preset ${options.preset}, ${options.players} players${options.teams ? ' in teams' : ''}, bots ${options.bots.join(',')}, seed ${options.seed}${options.shard ? `, shard ${options.shard.index}/${options.shard.of}` : ''}`,
    `games: ${tally.games} in ${seconds.toFixed(1)} s, ${(tally.games / seconds).toFixed(1)} games/s`,
    `rolls per game: mean ${mean(tally.rolls).toFixed(1)}, p95 ${percentile(tally.rolls, 95)}`,
    `captures per game: mean ${mean(tally.captures).toFixed(2)}`,
  ];
  if (tally.unfinished > 0) lines.push(`unfinished games (action limit reached): ${tally.unfinished}`);
  if (tally.draws > 0) lines.push(`draws: ${tally.draws}`);
  for (const colour of COLOURS) {
    const count = tally.seats[colour];
    if (count) lines.push(`seat ${colour}: ${winLine(count)}`);
  }
  lines.push(`first seat: ${winLine(tally.firstSeat)}`);
  for (const bot of new Set(options.bots)) {
    const count = tally.bots[bot];
    if (count) lines.push(`bot ${bot}: ${winLine(count)}`);
  }
  return lines;
}
