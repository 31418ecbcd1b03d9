import { NEW_SKILL, type Skill, replayGame, shownRating } from '@flightchess/rules';
import type { MatchRecord } from '@flightchess/protocol';
import type { SeatRatings } from './RatingStorage';
import { ratingInputs } from './ratingInputs';
import { rateSeats } from './rateSeats';
import { setupMode } from './setupMode';

/** A player's skill in one mode and the rated games behind it. */
export interface ModeSkill {
  readonly skill: Skill;
  readonly games: number;
}

export interface Rerated {
  /** Each player's skill per mode (keyed `playerId mode`, e.g. `p1 2p`). */
  readonly skills: ReadonlyMap<string, ModeSkill>;
  /** Each rated match's rating changes, as its seats store them. */
  readonly changes: ReadonlyMap<string, SeatRatings>;
}

/**
 * Every rating recomputed from the records alone: the finished rated matches in the order they ended,
 * each replayed through the engine for its places and play weights, then rated as its result was
 * (rateSeats.ts). What a store holds must equal this (the same records give the same ratings); a record
 * that does not replay throws.
 */
export function rerateAll(matches: readonly MatchRecord[]): Rerated {
  const skills = new Map<string, ModeSkill>();
  const changes = new Map<string, SeatRatings>();
  const rated = matches
    .filter((m) => m.rated && m.status === 'finished')
    .sort((a, b) => a.endedAt! - b.endedAt! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const m of rated) {
    const replayed = replayGame(m.setup, m.actions);
    if (!replayed.ok) throw new Error(`match ${m.id} does not replay: ${replayed.error.message}`);
    const mode = setupMode(m.setup);
    const key = (playerId: string) => `${playerId} ${mode}`;
    const rerated = rateSeats(
      m.seats,
      (playerId) => skills.get(key(playerId))?.skill ?? NEW_SKILL,
      { mode, teams: m.setup.teams ?? false },
      ratingInputs(replayed.value.state, m.actions),
    );
    const seatRatings: SeatRatings = {};
    for (const [colour, change] of Object.entries(rerated)) {
      const k = key(change.playerId);
      skills.set(k, { skill: change.after, games: (skills.get(k)?.games ?? 0) + 1 });
      seatRatings[colour as keyof SeatRatings] = { before: shownRating(change.before).rating, after: shownRating(change.after).rating };
    }
    changes.set(m.id, seatRatings);
  }
  return { skills, changes };
}
