import {
  type Action,
  type Colour,
  NEW_SKILL,
  RATING_BETA,
  type RatedSeat,
  applyAction,
  createRng,
  predictedWins,
  rateGame,
  ratingPlaces,
  shownRating,
  skillOf,
} from '../src';
import { botAction } from '../src/sim/playGame';
import { act, create, game } from './helpers';

/**
 * rateGame against updates worked out by hand from OpenSkill's Plackett–Luce formulas (Weng & Lin 2011,
 * algorithm 4), with this game's β per mode: 4.25 for 2p, 2.75 for 4p, 8 for 2v2 (README: Ratings). For a newcomer, μ = 25, σ = 25/3; OpenSkill
 * first adds the drift τ = 25/300: σ'² = (25/3)² + (25/300)² = 69.45139, σ' = 8.33375. For sides (one seat,
 * or a team: μ and σ² summed) q with ranks r_q:
 *   c² = Σ_q (σ_q'² + β²);  p_q = exp(μ_q/c);  S_q = Σ_{s: r_s ≥ r_q} p_s;  A_q = #{s: r_s = r_q}
 *   Ω_i = (σ_i'²/c) Σ_{q: r_q ≤ r_i} (𝟙[q = i] − p_i/S_q)/A_q
 *   Δ_i = (σ_i'/c)(σ_i'²/c²) Σ_{q: r_q ≤ r_i} (p_i/S_q)(1 − p_i/S_q)/A_q
 * and a member j of side i moves to μ_j + (σ_j'²/σ_i'²)Ω_i, σ_j'·√(1 − (σ_j'²/σ_i'²)Δ_i).
 */
const close = (actual: number, expected: number): void => expect(actual).toBeCloseTo(expected, 4);
const newcomer = (colour: Colour, place: number, weight = 1): RatedSeat => ({
  colour,
  skill: NEW_SKILL,
  anchored: false,
  place,
  weight,
});

test('the hand-worked cases below use the fitted β', () => {
  expect(RATING_BETA).toEqual({ '2p': 4.25, '3p': 3.5, '4p': 2.75, '2v2': 8 });
});

describe('rateGame, worked by hand', () => {
  test('2p: a newcomer beats a newcomer', () => {
    // c² = 2(69.45139 + 4.25²) = 175.02778, c = 13.22981. Equal μ: p/S is ½ for the winner's own term.
    // Winner: Ω = (69.45139/13.22981)(1 − ½) = 2.62481 → μ 27.62481.
    //         Δ = (8.33375/13.22981)(69.45139/175.02778)(½ · ½) = 0.062489 → σ = 8.33375·√(1 − 0.062489) = 8.06917.
    // Loser: Ω = (69.45139/13.22981)(−½) = −2.62481 → μ 22.37519; the same Δ, σ 8.06917.
    const after = rateGame([newcomer('red', 1), newcomer('yellow', 2)], false);
    close(after.red!.mu, 27.62481);
    close(after.red!.sigma, 8.06917);
    close(after.yellow!.mu, 22.37519);
    close(after.yellow!.sigma, 8.06917);
    expect(shownRating(after.red!)).toEqual({ rating: 1610, deviation: 339 });
    expect(shownRating(after.yellow!)).toEqual({ rating: 1390, deviation: 339 });
  });

  // 4p, four newcomers placed 1..4: c² = 4(69.45139 + 2.75²) = 308.05556, c = 17.55151; equal μ, so
  // p/S_q = 1/(4 − r_q): ¼, ⅓, ½, 1 for r_q = 0..3.
  //   place 1: Ω·c/σ'² = 1 − ¼ = ¾;                 Δ sum = ¼·¾ = 3/16
  //   place 2: −¼ + (1 − ⅓) = 5/12;                  3/16 + ⅓·⅔ = 59/144
  //   place 3: −¼ − ⅓ + (1 − ½) = −1/12;             59/144 + ½·½ = 95/144
  //   place 4: −¼ − ⅓ − ½ + (1 − 1) = −13/12;        95/144 + 1·0 = 95/144
  // μ = 25 + (Ω·c/σ'²)(69.45139/17.55151); σ = 8.33375·√(1 − (Δ sum)(69.45139/308.05556)(8.33375/17.55151)).
  const fourPlaces: [Colour, number, number, number][] = [
    ['red', 1, 27.96775, 8.24969],
    ['green', 2, 26.64875, 8.14894],
    ['yellow', 3, 24.67025, 8.03409],
    ['blue', 4, 20.71325, 8.03409],
  ];
  test.each(fourPlaces)('4p: %s placed %p moves to μ %p, σ %p', (colour, _, mu, sigma) => {
    const after = rateGame(
      fourPlaces.map(([c, place]) => newcomer(c, place)),
      false,
    );
    close(after[colour]!.mu, mu);
    close(after[colour]!.sigma, sigma);
  });

  test('2v2: both team-mates move together', () => {
    // Sides of two newcomers: μ 50, σ'² 138.90278 each; c² = 2(138.90278 + 8²) = 405.80556, c = 20.14462.
    // Winning side: Ω = (138.90278/20.14462)(½) = 3.44766; each member takes σ'²/σ_side'² = ½ of it:
    // μ 26.72383. Δ = (11.78570/20.14462)(138.90278/405.80556)(¼) = 0.050065, each member's share ½:
    // σ = 8.33375·√(1 − 0.025032) = 8.22878. The losers: μ 23.27617, the same σ.
    // Places as ratingPlaces gives them: the winners tie, the losing side's best place counts.
    const after = rateGame([newcomer('red', 1), newcomer('green', 3), newcomer('yellow', 1), newcomer('blue', 4)], true);
    for (const c of ['red', 'yellow'] as const) {
      close(after[c]!.mu, 26.72383);
      close(after[c]!.sigma, 8.22878);
    }
    for (const c of ['green', 'blue'] as const) close(after[c]!.mu, 23.27617);
    expect(after.red).toEqual(after.yellow);
    expect(after.green).toEqual(after.blue);
  });

  test('a draw: equal newcomers stay equal, and surer', () => {
    // Both rank 0, A = 2: Ω ∝ (1 − ½)/2 + (−½)/2 = 0; Δ sum = 2 · (½ · ½)/2 = ¼, as for 2p's winner: σ 8.06917.
    const after = rateGame([newcomer('red', 1), newcomer('yellow', 1)], false);
    expect(after.red).toEqual(after.yellow);
    close(after.red!.mu, 25);
    close(after.red!.sigma, 8.06917);
  });

  test('partial play: a weight of 0.5 moves μ half as far, and the variance half as far', () => {
    // μ 25 + ½ · 2.62481 = 26.31240; σ² = (25/3)² + ½(8.06917² − (25/3)²) → σ 8.20231.
    const after = rateGame([newcomer('red', 1, 0.5), newcomer('yellow', 2)], false);
    close(after.red!.mu, 26.3124);
    close(after.red!.sigma, 8.20231);
    close(after.yellow!.mu, 22.37519);
  });

  test('an anchored bot rates the person and is never in the output', () => {
    const bot: RatedSeat = { colour: 'yellow', skill: skillOf(1500, 30), anchored: true, place: 1, weight: 1 };
    const after = rateGame([newcomer('red', 2), bot], false);
    expect(Object.keys(after)).toEqual(['red']);
    expect(after.red!.mu).toBeLessThan(NEW_SKILL.mu);
  });
});

describe('rateGame after a real game', () => {
  test('a seat that escaped loses rating though it had arrived the most planes', () => {
    let state = create(game('online', { red: [56, 56, 56] }, { seats: ['red', 'green', 'yellow'], firstSeat: 'red' }));
    const dice = createRng('escape');
    const step = (a: Action): void => {
      const applied = applyAction(state, a);
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.value.state;
    };
    step(act('escape', 'red'));
    while (state.phase !== 'over') step(botAction(state, 'heuristic', dice));
    const places = ratingPlaces(state);
    const after = rateGame(
      state.seats.map((c) => newcomer(c, places[c]!)),
      false,
    );
    expect(after.red!.mu).toBeLessThan(Math.min(...state.seats.filter((c) => c !== 'red').map((c) => after[c]!.mu)));
  });
});

describe('predictedWins', () => {
  test.each<[string, Colour[], boolean, number]>([
    ['2p', ['red', 'yellow'], false, 1 / 2],
    ['3p', ['red', 'green', 'yellow'], false, 1 / 3],
    ['4p', ['red', 'green', 'yellow', 'blue'], false, 1 / 4],
    ['2v2', ['red', 'green', 'yellow', 'blue'], true, 1 / 2],
  ])('%s: equal ratings, an even game', (_, colours, teams, chance) => {
    const chances = predictedWins(
      colours.map((colour) => ({ colour, skill: NEW_SKILL })),
      teams,
    );
    for (const c of colours) close(chances[c]!, chance);
  });

  test('2p: 1800 ± 30 against 1500 ± 30 wins 76.35%', () => {
    // Δμ = 300/42 = 7.14286; c² = 2(0.71429²) + 2 · 4.25² = 37.14541, c = 6.09470; 1/(1 + e^(−Δμ/c)) = 0.76350.
    const chances = predictedWins(
      [
        { colour: 'red', skill: skillOf(1800, 30) },
        { colour: 'yellow', skill: skillOf(1500, 30) },
      ],
      false,
    );
    close(chances.red!, 0.7635);
    close(chances.yellow!, 1 - 0.7635);
  });

  test('2v2: a team of two at 1800 against two at 1500 wins 77.78%', () => {
    // Sides' μ differ by 2 × 7.14286; c² = 2(2 · 0.71429² + 8²) = 130.04082, c = 11.40354 → 0.77777.
    const skill = (c: Colour) => skillOf(c === 'red' || c === 'yellow' ? 1800 : 1500, 30);
    const colours: Colour[] = ['red', 'green', 'yellow', 'blue'];
    const chances = predictedWins(
      colours.map((colour) => ({ colour, skill: skill(colour) })),
      true,
    );
    close(chances.red!, 0.77777);
    close(chances.yellow!, 0.77777);
    close(chances.green!, 0.22223);
  });
});
