import {
  type BotName,
  type BySeat,
  type Colour,
  type RatedSeat,
  type RatingMode,
  type Skill,
  botSkill,
  rateGame,
} from '@flightchess/rules';
import type { RatingInputs } from '../matches/MatchStorage';

/** A seat of a rated game: a bot (an anchor) or a person. */
export interface RatingSeat {
  readonly colour: Colour;
  readonly bot: BotName | null;
  readonly playerId: string | null;
}

/** A person's skill before and after one game. */
export interface SkillChange {
  readonly playerId: string;
  readonly before: Skill;
  readonly after: Skill;
}

/**
 * Every person's skill after a finished rated game (rules: rateGame), bots anchored at their fixed
 * rating; `priorOf` is each person's skill before it. The one computation behind both the update stored
 * with a result (rateFinished.ts) and the recomputation from the records (rerateAll.ts). A game without
 * a person rates nobody.
 */
export function rateSeats(
  seats: readonly RatingSeat[],
  priorOf: (playerId: string) => Skill,
  game: { readonly mode: RatingMode; readonly teams: boolean },
  inputs: RatingInputs,
): BySeat<SkillChange> {
  if (!seats.some((s) => s.playerId)) return {};
  const rated: RatedSeat[] = seats.map((s) => {
    const place = inputs.places[s.colour];
    const weight = inputs.weights[s.colour];
    if (place === undefined || weight === undefined) throw new Error(`rating a game: no place or weight for ${s.colour}`);
    // A bot seat stored before bots were named was played by the strong bot (matchRows.ts).
    const skill = s.playerId ? priorOf(s.playerId) : botSkill(game.mode, s.bot ?? 'strong');
    return { colour: s.colour, skill, anchored: !s.playerId, place, weight };
  });
  const after = rateGame(rated, game.teams);
  const changes: BySeat<SkillChange> = {};
  seats.forEach((s, i) => {
    const next = after[s.colour];
    if (s.playerId && next) changes[s.colour] = { playerId: s.playerId, before: rated[i]!.skill, after: next };
  });
  return changes;
}
