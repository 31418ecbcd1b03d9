import { type BySeat, NEW_SKILL, type RatingMode, type Skill, replayGame, shownRating } from '@flightchess/rules';
import type { MatchRecord } from '@flightchess/protocol';
import type { RatingChange } from '../matches/MatchStorage';
import { ratingInputs } from '../matches/ratingInputs';
import { setupMode } from '../matches/setupMode';
import { rateSeats } from './rateSeats';

/** A player's skill in one mode and the rated games behind it. */
export interface ModeSkill {
  readonly playerId: string;
  readonly mode: RatingMode;
  readonly skill: Skill;
  readonly games: number;
}

/** A seat's rating change as its row keeps it: before and after on the 1500 scale, and the deviation after. */
export interface SeatChange extends RatingChange {
  readonly deviation: number;
}

export interface Rerated {
  /** Each player's skill per mode (keyed `playerId mode`, e.g. `p1 2p`). */
  readonly skills: ReadonlyMap<string, ModeSkill>;
  /** Each rated match's seat changes, as its seats store them. */
  readonly changes: ReadonlyMap<string, BySeat<SeatChange>>;
}

/** The order ratings are computed in: by the time a game ended, then its id (the same on every store). */
export const endedOrder = (a: { endedAt: number | null; id: string }, b: { endedAt: number | null; id: string }): number =>
  a.endedAt! - b.endedAt! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Ratings recomputed from the records alone, one finished rated match at a time in the order they ended
 * (endedOrder): each replayed through the engine for its places and play weights, then rated as its
 * result was (rateSeats.ts). A record that does not replay throws.
 */
export class Rerater implements Rerated {
  readonly skills = new Map<string, ModeSkill>();
  readonly changes = new Map<string, BySeat<SeatChange>>();

  /** Rate `m` after every match added before it; its seats' changes. */
  add(m: MatchRecord): BySeat<SeatChange> {
    const replayed = replayGame(m.setup, m.actions);
    if (!replayed.ok) throw new Error(`match ${m.id} does not replay: ${replayed.error.message}`);
    const mode = setupMode(m.setup);
    const key = (playerId: string) => `${playerId} ${mode}`;
    const rerated = rateSeats(
      m.seats,
      (playerId) => this.skills.get(key(playerId))?.skill ?? NEW_SKILL,
      { mode, teams: m.setup.teams ?? false },
      ratingInputs(replayed.value.state, m.actions),
    );
    const seats: BySeat<SeatChange> = {};
    for (const [colour, change] of Object.entries(rerated)) {
      const k = key(change.playerId);
      this.skills.set(k, { playerId: change.playerId, mode, skill: change.after, games: (this.skills.get(k)?.games ?? 0) + 1 });
      const after = shownRating(change.after);
      seats[colour as keyof BySeat<SeatChange>] = {
        before: shownRating(change.before).rating,
        after: after.rating,
        deviation: after.deviation,
      };
    }
    this.changes.set(m.id, seats);
    return seats;
  }
}

/**
 * Every rating recomputed from these records: the finished rated ones, in the order they ended. What a
 * store holds must equal this (the same records give the same ratings).
 */
export function rerateAll(matches: readonly MatchRecord[]): Rerated {
  const rerater = new Rerater();
  for (const m of matches.filter((r) => r.rated && r.status === 'finished').sort(endedOrder)) rerater.add(m);
  return rerater;
}
