import { type GameReview, type MoveReview, createRng, reviewGame } from '@flightchess/rules';
import { playGame } from '../../../packages/rules/src/sim/playGame';
import { setLanguage } from '../src/i18n';
import { chartPoint, indexAt } from '../src/review/chanceChart';
import { chanceSeries, mistakes, moveAt, nextMistake, previousMistake, signed } from '../src/review/reviewModel';

/** A seeded game (red plays random moves, so it makes errors) and its review. */
function reviewed(teams = false): { review: GameReview; actions: number } {
  const setup = teams
    ? { preset: 'online' as const, seats: ['red', 'green', 'yellow', 'blue'] as const, teams: true }
    : { preset: 'online' as const, seats: ['red', 'yellow'] as const };
  const bots = teams
    ? ({ red: 'random', green: 'heuristic', yellow: 'heuristic', blue: 'heuristic' } as const)
    : ({ red: 'random', yellow: 'strong' } as const);
  // The team game is cut short: its first 120 actions draw two lines as well as the whole game would.
  const actions = playGame({ ...setup, seats: [...setup.seats] }, bots, createRng('web-review')).actions.slice(0, teams ? 120 : undefined);
  const result = reviewGame({ ...setup, seats: [...setup.seats] }, actions);
  if (!result.ok) throw new Error(result.error.message);
  return { review: result.value, actions: actions.length };
}

describe('the review as the pages show it', () => {
  beforeAll(() => setLanguage('en'));
  afterAll(() => setLanguage('zh-CN'));

  test('the chart has a line per side over every action; a team shares one line, named as the team', () => {
    const { review, actions } = reviewed();
    const lines = chanceSeries(
      review,
      [
        { colour: 'red', name: 'Ann', bot: null },
        { colour: 'yellow', name: '', bot: 'strong' },
      ],
      false,
    );
    expect(lines.map((l) => [l.colour, l.name])).toEqual([
      ['red', 'Ann'],
      ['yellow', 'Yellow bot (strong)'],
    ]);
    for (const l of lines) expect(l.points).toHaveLength(actions + 1);
    const teams = chanceSeries(reviewed(true).review, [], true);
    expect(teams.map((l) => [l.colour, l.name])).toEqual([
      ['red', 'Red+Yellow team'],
      ['green', 'Green+Blue team'],
    ]);
  });

  test('next and previous mistake step through the errors (inaccuracies, mistakes, blunders) in order; the move at a step is the one about to be played, else the one just played', () => {
    const move = (index: number, label: MoveReview['label']): MoveReview =>
      ({
        index,
        seat: 'red',
        roll: 3,
        plane: 0,
        by: 'player',
        forced: label === null,
        choices: [],
        best: 0,
        chance: null,
        bestChance: null,
        loss: 0,
        label,
      }) as MoveReview;
    const moves = [move(3, 'best'), move(7, 'inaccuracy'), move(9, null), move(12, 'good'), move(15, 'blunder'), move(21, 'mistake')];
    const review = { seats: [], chances: [], rolls: [], moves } as unknown as GameReview;
    expect(mistakes(review).map((m) => m.index)).toEqual([7, 15, 21]);
    expect(nextMistake(review, 0)?.index).toBe(7);
    expect(nextMistake(review, 7)?.index).toBe(15);
    expect(nextMistake(review, 21)).toBeNull();
    expect(previousMistake(review, 15)?.index).toBe(7);
    expect(previousMistake(review, 7)).toBeNull();
    expect(previousMistake(review, 100)?.index).toBe(21);
    expect(moveAt(review, 15)?.index).toBe(15);
    expect(moveAt(review, 16)?.index).toBe(15);
    expect(moveAt(review, 18)).toBeNull();
    // A real review: a player who picks at random makes errors.
    expect(mistakes(reviewed().review).length).toBeGreaterThan(0);
  });

  test('chart geometry: the ends of the game and of the scale sit at the drawing’s edges, and a tap finds the action under it', () => {
    const start = chartPoint(0, 100, 1);
    const end = chartPoint(100, 100, 0);
    expect(start.x).toBeLessThan(end.x);
    expect(start.y).toBeLessThan(end.y);
    expect(indexAt(0, 100)).toBe(0);
    expect(indexAt(1, 100)).toBe(100);
    expect(indexAt(0.5, 100)).toBe(50);
  });

  test('points are shown signed with a true minus sign', () => {
    expect(signed(12.34)).toBe('+12.3');
    expect(signed(-4)).toBe('−4.0');
    expect(signed(0.01)).toBe('0.0');
  });
});
