import type { TournamentView } from '@flightchess/protocol';
import { commitmentOf } from '@flightchess/rules';

export interface Expected {
  readonly players: number;
  readonly rounds: number;
  readonly seats: number;
  readonly duplicate: boolean;
}

/**
 * What the finished tournament must show, as its page reads it: every round played with a table for every
 * `seats` players, every game finished (none aborted) and scored, every player in the standings and, duplicate,
 * every round's board revealed and matching the commitment published at the start. Returns what is wrong.
 */
export function tournamentFaults(view: TournamentView, e: Expected): string[] {
  const faults: string[] = [];
  if (view.status !== 'finished') faults.push(`status ${view.status}, not finished`);
  if (view.roundList.length !== e.rounds) faults.push(`${view.roundList.length} rounds listed of ${e.rounds}`);
  const tables = Math.ceil(e.players / e.seats);
  for (const r of view.roundList) {
    const at = `round ${r.number}`;
    if (r.tables.length !== tables) faults.push(`${at}: ${r.tables.length} tables, not ${tables}`);
    if (r.endedAt === null) faults.push(`${at}: not ended`);
    const unfinished = r.tables.filter((t) => t.status !== 'finished');
    if (unfinished.length > 0)
      faults.push(`${at}: ${unfinished.length} games not finished (${unfinished.map((t) => t.status).join(', ')})`);
    const unscored = r.tables.flatMap((t) => t.seats).filter((s) => s.playerId !== null && s.points === null);
    if (unscored.length > 0) faults.push(`${at}: ${unscored.length} seats without points`);
    if (!e.duplicate) continue;
    if (r.seed === null) faults.push(`${at}: seed not revealed`);
    else if (r.commitment !== commitmentOf(r.seed)) faults.push(`${at}: the revealed seed does not match the commitment`);
  }
  if (view.standings.length !== e.players) faults.push(`${view.standings.length} players in the standings, not ${e.players}`);
  return faults;
}
