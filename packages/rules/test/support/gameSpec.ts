import fc from 'fast-check';
import { type BotName, COLOURS, type Colour, type GameSetup, type HouseRules, PRESETS, type PresetName } from '../../src';

/** Everything that fixes one seeded test game: replaying a spec replays the game exactly. */
export interface GameSpec {
  readonly preset: PresetName;
  /** Seated colours, clockwise. */
  readonly seats: readonly Colour[];
  readonly teams: boolean;
  readonly firstSeat: Colour;
  /** One bot per seat, in `seats` order. */
  readonly bots: readonly BotName[];
  /** Seeds the dice, the bots' choices and the random leave actions. */
  readonly seed: number;
  /** House rules on top of the preset, if any. */
  readonly options?: HouseRules;
}

export const TEST_BOTS = ['random', 'heuristic'] as const satisfies readonly BotName[];

/** Any legal table for `preset`: 2..4 players on any allowed colours, team mode where allowed, any first seat; `options` as given. */
export function gameSpecFor(preset: PresetName, options?: HouseRules): fc.Arbitrary<GameSpec> {
  const config = PRESETS[preset];
  return fc
    .integer({ min: config.minPlayers, max: config.maxPlayers })
    .chain((players) =>
      fc.record({
        preset: fc.constant(preset),
        seats: fc.shuffledSubarray([...config.colours], { minLength: players, maxLength: players }),
        teams: config.teamsAllowed && players === 4 ? fc.boolean() : fc.constant(false),
        first: fc.nat({ max: players - 1 }),
        bots: fc.array(fc.constantFrom(...TEST_BOTS), { minLength: players, maxLength: players }),
        seed: fc.integer(),
      }),
    )
    .map(({ seats, first, ...rest }) => {
      const clockwise = COLOURS.filter((c) => seats.includes(c));
      const spec: GameSpec = { ...rest, seats: clockwise, firstSeat: clockwise[first]! };
      return options ? { ...spec, options } : spec;
    });
}

export function setupOf(spec: GameSpec): GameSetup {
  const setup: GameSetup = { preset: spec.preset, seats: spec.seats, teams: spec.teams, firstSeat: spec.firstSeat };
  return spec.options ? { ...setup, options: spec.options } : setup;
}

export function botOf(spec: GameSpec, seat: Colour): BotName {
  return spec.bots[spec.seats.indexOf(seat)]!;
}
