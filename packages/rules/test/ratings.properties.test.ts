import fc from 'fast-check';
import { type BySeat, type Colour, type RatedSeat, type Skill, rateGame } from '../src';

/**
 * Properties of rateGame over any priors, fields and weights: free-for-all of 2–4 seats or 2v2, every
 * seat with its own skill, some of them anchored bots, weights in [0.5, 1].
 */
const COLOURS: readonly Colour[] = ['red', 'green', 'yellow', 'blue'];
const skill = fc.record({ mu: fc.double({ min: -20, max: 70, noNaN: true }), sigma: fc.double({ min: 0.3, max: 9, noNaN: true }) });

interface Field {
  readonly seats: RatedSeat[];
  readonly teams: boolean;
}

/** A game's seats with places drawn as any ranking (ties allowed), seat 0 (red) unanchored. */
const field: fc.Arbitrary<Field> = fc
  .record({
    n: fc.integer({ min: 2, max: 4 }),
    teams: fc.boolean(),
    skills: fc.array(skill, { minLength: 4, maxLength: 4 }),
    places: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
    anchored: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    weights: fc.array(fc.double({ min: 0.5, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 }),
  })
  .map(({ n, teams, skills, places, anchored, weights }) => {
    const withTeams = teams && n === 4;
    return {
      teams: withTeams,
      seats: COLOURS.slice(0, n).map((colour, i) => ({
        colour,
        skill: skills[i]!,
        place: places[i]!,
        anchored: i > 0 && anchored[i]!,
        weight: weights[i]!,
      })),
    };
  });

/** The field with red alone in first place (with teams, red's side), everyone else behind. */
const redWins = ({ seats, teams }: Field): Field => ({
  teams,
  seats: seats.map((s) => ({ ...s, place: s.colour === 'red' || (teams && s.colour === 'yellow') ? 1 : Math.max(2, s.place) })),
});

/** The field with red alone in last place (with teams, red's side). */
const redLast = ({ seats, teams }: Field): Field => ({
  teams,
  seats: seats.map((s) => ({ ...s, place: s.colour === 'red' || (teams && s.colour === 'yellow') ? 5 : s.place })),
});

describe('rateGame properties', () => {
  test("a win never lowers the winner's rating", () => {
    fc.assert(
      fc.property(field.map(redWins), ({ seats, teams }) => {
        const after = rateGame(seats, teams);
        expect(after.red!.mu).toBeGreaterThanOrEqual(seats[0]!.skill.mu);
      }),
    );
  });

  test("a loss never raises the last place's rating", () => {
    fc.assert(
      fc.property(field.map(redLast), ({ seats, teams }) => {
        const after = rateGame(seats, teams);
        expect(after.red!.mu).toBeLessThanOrEqual(seats[0]!.skill.mu);
      }),
    );
  });

  test('anchored seats are never in the output, every other seat is', () => {
    fc.assert(
      fc.property(field, ({ seats, teams }) => {
        const after = rateGame(seats, teams);
        expect(Object.keys(after).sort()).toEqual(
          seats
            .filter((s) => !s.anchored)
            .map((s) => s.colour)
            .sort(),
        );
      }),
    );
  });

  /** Players 0..7 rated through a list of games, each game naming which player sits where. */
  type Game = { readonly players: number[]; readonly places: number[]; readonly teams: boolean };
  const game: fc.Arbitrary<Game> = fc
    .record({
      players: fc.uniqueArray(fc.integer({ min: 0, max: 7 }), { minLength: 2, maxLength: 4 }),
      places: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
      teams: fc.boolean(),
    })
    .map(({ players, places, teams }) => ({ players, places: places.slice(0, players.length), teams: teams && players.length === 4 }));

  function replay(games: readonly Game[], start: readonly Skill[]): Skill[] {
    const skills = [...start];
    for (const g of games) {
      const seats = g.players.map((p, i) => ({ colour: COLOURS[i]!, skill: skills[p]!, anchored: false, place: g.places[i]!, weight: 1 }));
      const after: BySeat<Skill> = rateGame(seats, g.teams);
      g.players.forEach((p, i) => (skills[p] = after[COLOURS[i]!]!));
    }
    return skills;
  }

  test('the same games give the same ratings, and leave their inputs as they were', () => {
    fc.assert(
      fc.property(fc.array(game, { maxLength: 12 }), fc.array(skill, { minLength: 8, maxLength: 8 }), (games, start) => {
        const frozen = JSON.stringify([games, start]);
        expect(replay(games, start)).toEqual(replay(games, start));
        expect(JSON.stringify([games, start])).toBe(frozen);
      }),
    );
  });

  test('games among disjoint players commute', () => {
    const pair = fc.tuple(game, game).map(([a, b]) => [a, { ...b, players: b.players.map((p) => p + 8) }] as const);
    fc.assert(
      fc.property(pair, fc.array(skill, { minLength: 16, maxLength: 16 }), ([a, b], start) => {
        expect(replay([a, b], start)).toEqual(replay([b, a], start));
      }),
    );
  });
});
