import {
  type Action,
  type GameSetup,
  type MoveReview,
  type RollReview,
  PRESET_NAMES,
  createRng,
  judgeMoves,
  labelOf,
  reviewGame,
  winChances,
} from '../src';
import { playGame } from '../src/sim/playGame';
import { seatsFor } from '../src/sim/tournament';
import { H, create, game, move, play, roll, sq } from './helpers';

function review(setup: GameSetup, actions: readonly Action[]) {
  const reviewed = reviewGame(setup, actions);
  if (!reviewed.ok) throw new Error(reviewed.error.message);
  return reviewed.value;
}

/** The review of red moving `plane` after rolling `value` in a constructed position. */
function judged(setup: GameSetup, value: number, plane: number): MoveReview {
  const moves = review(setup, [roll('red', value), move('red', plane)]).moves;
  expect(moves).toHaveLength(1);
  return moves[0]!;
}

/** The review of red's roll of `value` in a constructed position. */
function rolled(setup: GameSetup, value: number): RollReview {
  return review(setup, [roll('red', value)]).rolls[0]!;
}

interface BestRow {
  readonly name: string;
  readonly setup: GameSetup;
  readonly roll: number;
  readonly best: number;
  /** A move that throws the game away: labelled a blunder. */
  readonly blunder?: number;
}

// Red to move in each; planes are red's own progress unless written as sq(colour, p) (a square of red's path).
const BEST: readonly BestRow[] = [
  {
    name: 'capture: the plane that lands on yellow’s last plane, ten squares from home, rather than a step ahead',
    // Both have two planes home; yellow's last (its own 46) stands on red's 20, four squares ahead of red's plane 2.
    setup: game('online', { red: [56, 56, 16, 44], yellow: [56, 56, 56, sq('yellow', 20)] }),
    roll: 4,
    best: 2,
    blunder: 3,
  },
  {
    name: 'escape: the plane three squares in front of yellow’s runs out of reach; the one far away waits',
    setup: game('online', { red: [38, 10, 56, 56], yellow: [sq('yellow', 35), H, H, 56] }),
    roll: 5,
    best: 0,
  },
  {
    name: 'stack: a 4 that would pass yellow’s stack walks back from it to where it began (RULES.md §4.1); the other plane moves on',
    // Yellow's stack of two stands 2 squares ahead of red's plane 0: 44 → 46, back 2 → 44.
    setup: game('online', { red: [44, 8, 56, 56], yellow: [sq('yellow', 46), sq('yellow', 46), 56, 56] }),
    roll: 4,
    best: 1,
  },
  {
    name: 'exact finish: the roll that brings a plane home exactly, rather than a step on the ring',
    setup: game('online', { red: [53, 20, 56, 56], yellow: [40, 44, 56, 56] }),
    roll: 3,
    best: 0,
  },
  {
    name: 'the flight shortcut: the plane whose 4 lands on the flight square (14 → 18 → 30) rather than a plain 4',
    setup: game('online', { red: [14, 35, H, H], yellow: [20, 20, H, H] }),
    roll: 4,
    best: 0,
  },
];

describe('reviewGame: known best moves come first, an obvious blunder is labelled one', () => {
  test.each(BEST)('$name', ({ setup, roll: value, best, blunder }) => {
    const played = judged(setup, value, best);
    expect(played.forced).toBe(false);
    expect(played.choices[0]!.planes).toContain(best);
    expect(played.label).toBe('best');
    expect(played.loss).toBe(0);
    if (blunder !== undefined) {
      const thrown = judged(setup, value, blunder);
      expect(thrown.label).toBe('blunder');
      expect(thrown.loss).toBeGreaterThanOrEqual(20);
      expect(thrown.best).toBe(best);
    }
  });

  test('a move with nothing to choose is forced, unlabelled and not counted; planes on one square are one choice', () => {
    const one = judged(game('online', { red: [10, H, H, H] }), 3, 0);
    expect(one).toMatchObject({ forced: true, label: null, loss: 0 });
    const twins = judged(game('online', { red: [10, 10, H, H] }), 3, 1);
    expect(twins.forced).toBe(true);
    const r = review(game('online', { red: [10, H, H, H] }), [roll('red', 3), move('red', 0)]).seats.find((s) => s.colour === 'red')!;
    expect(r.moves.decisions).toBe(0);
    expect(r.forced).toBe(1);
  });

  test('moves auto-play made are counted apart', () => {
    const setup = game('online', { red: [56, 56, 16, 44], yellow: [56, 56, 56, sq('yellow', 20)] });
    const r = review(setup, [roll('red', 4), { type: 'move', seat: 'red', plane: 3, by: 'auto-play' }]);
    const red = r.seats.find((s) => s.colour === 'red')!;
    expect(red.moves.decisions).toBe(0);
    expect(red.autoPlay.decisions).toBe(1);
    expect(red.autoPlay.labels.blunder).toBe(1);
    expect(r.moves[0]!.by).toBe('auto-play');
  });
});

describe('dice luck: the obviously lucky face is the luckiest', () => {
  const luckiest = (r: RollReview): number => r.faces.indexOf(Math.max(...r.faces)) + 1;

  test('a six with every plane in the hangar (traditional: only a six takes off)', () => {
    const setup = game('traditional', { red: [H, H, H, H], yellow: [H, H, H, H] });
    const six = rolled(setup, 6);
    expect(luckiest(six)).toBe(6);
    expect(six.luck).toBeGreaterThan(0);
    for (const face of [1, 2, 3, 4, 5]) {
      expect(rolled(setup, face).luck).toBeLessThan(0);
      expect(rolled(setup, face).faces[face - 1]).toBeCloseTo(six.faces[0]!, 12);
    }
  });

  test('the exact roll home wins the game: chance 1 after it', () => {
    const setup = game('online', { red: [56, 56, 56, 53], yellow: [56, 56, 56, 50] });
    const three = rolled(setup, 3);
    expect(luckiest(three)).toBe(3);
    expect(three.faces[2]).toBe(1);
    expect(three.luck).toBeGreaterThan(20);
    expect(rolled(setup, 2).luck).toBeLessThan(0);
  });

  test('the roll that captures yellow’s far plane', () => {
    const setup = game('online', { red: [16, 56, 56, 56], yellow: [56, 56, 56, sq('yellow', 20)] });
    const four = rolled(setup, 4);
    expect(luckiest(four)).toBe(4);
    expect(four.luck).toBeGreaterThan(0);
  });

  test('luck sums to zero over the six faces, and a seat’s luck is the sum of its rolls', () => {
    const setup = game('online', { red: [16, 30, H, H], yellow: [20, 44, H, H] });
    const faces = [1, 2, 3, 4, 5, 6].map((f) => rolled(setup, f).luck);
    expect(faces.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 9);
  });
});

describe('the luck-adjusted result says whether the dice or the moves decided the game', () => {
  test('red, whose only plane moves by itself, rolls a 1 while yellow rolls sixes home: lost (and won) by the dice', () => {
    const setup = game('online', { red: [56, 56, 56, 20], yellow: [56, 56, 56, 20] });
    const actions: Action[] = [roll('red', 1), move('red', 3)];
    for (const value of [6, 6, 6, 6, 6]) actions.push(roll('yellow', value), move('yellow', 3));
    actions.push(roll('yellow', 2), move('yellow', 3));
    const r = review(setup, actions);
    const [red, yellow] = ['red', 'yellow'].map((c) => r.seats.find((s) => s.colour === c)!);
    expect(yellow!.result).toBe(100);
    expect(red).toMatchObject({ result: 0, verdict: 'dice', choices: 0 });
    expect(red!.dice).toBeLessThan(0);
    expect(red!.luckAdjusted).toBeCloseTo(-red!.dice, 9);
    expect(yellow).toMatchObject({ verdict: 'dice' });
  });

  test('red throws away the capture that would have saved it: lost by the moves', () => {
    const setup = game('online', { red: [56, 56, 16, 44], yellow: [56, 56, 56, sq('yellow', 20)] });
    // Red moves plane 3 instead of capturing; yellow's last plane walks 46 → 50 → home.
    const actions = [
      roll('red', 4),
      move('red', 3),
      roll('yellow', 4),
      move('yellow', 3),
      roll('red', 3),
      move('red', 2),
      roll('yellow', 6),
      move('yellow', 3),
    ];
    const r = review(setup, actions);
    const red = r.seats.find((s) => s.colour === 'red')!;
    expect(red.result).toBe(0);
    expect(red.moves.labels.blunder).toBe(1);
    expect(red.choices).toBeLessThan(-20);
    expect(red.verdict).toBe('moves');
  });
});

/** Seeded bot games of every preset (several table kinds), cut short to keep the suite fast, plus whole ones. */
function seededGames(): { name: string; setup: GameSetup; actions: Action[] }[] {
  return PRESET_NAMES.flatMap((preset, i) => {
    const players = preset === 'plyyard' ? 2 : 2 + (i % 3);
    const setup: GameSetup = { preset, seats: seatsFor(players), teams: preset === 'online' && players === 4 && i % 2 === 0 };
    const bots = Object.fromEntries(setup.seats.map((c, k) => [c, k % 2 === 0 ? 'heuristic' : 'random'] as const));
    const played = playGame(setup, bots, createRng(`review/${preset}`));
    return [{ name: `${preset}, ${players} players${setup.teams ? ', teams' : ''}`, setup, actions: played.actions }];
  });
}

describe('reviewGame over seeded games', () => {
  test.each(seededGames())('$name: best choices lose 0, labels follow the loss, chances sum to 1, the end is 1/0', ({ setup, actions }) => {
    const r = review(setup, actions);
    expect(r.chances).toHaveLength(actions.length + 1);
    let state = create(setup);
    r.chances.forEach((chances, i) => {
      const sides = new Map<string, number>();
      for (const c of state.seats) sides.set(setup.teams ? String(['red', 'yellow'].includes(c)) : c, chances[c]!);
      const sum = [...sides.values()].reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(1, 9);
      for (const p of Object.values(chances)) expect(p).toBeGreaterThanOrEqual(0);
      if (i < actions.length) state = play(state, actions[i]!).state;
    });
    const final = r.chances[r.chances.length - 1]!;
    for (const c of state.seats) expect(final[c]).toBe(state.result!.winners.includes(c) ? 1 : 0);
    expect(winChances(state)).toEqual(final);
    for (const m of r.moves) {
      if (m.forced) continue;
      const top = m.choices[0]!;
      expect(m.bestChance).toBe(top.chance);
      expect(top.planes).toContain(m.best);
      for (const c of m.choices) expect(c.chance).toBeLessThanOrEqual(top.chance);
      expect(m.loss).toBeCloseTo(Math.max(0, 100 * (top.chance - m.chance!)), 9);
      expect(m.label).toBe(labelOf(m.loss));
      if (top.planes.includes(m.plane)) expect(m.loss).toBe(0);
    }
    for (const seat of r.seats) {
      const own = r.moves.filter((m) => m.seat === seat.colour && !m.forced);
      const counted = Object.values(seat.moves.labels).reduce((a, b) => a + b, 0);
      expect(counted).toBe(seat.moves.decisions);
      expect(seat.moves.decisions + seat.autoPlay.decisions).toBe(own.length);
      if (seat.moves.accuracy !== null) expect(seat.moves.accuracy).toBeGreaterThanOrEqual(0);
      expect(seat.luck).toBeCloseTo(
        r.rolls.filter((x) => x.seat === seat.colour).reduce((a, x) => a + x.luck, 0),
        9,
      );
    }
  });

  test('is deterministic: the same record gives the same review', () => {
    const [first] = seededGames();
    const cut = first!.actions.slice(0, 80);
    expect(review(first!.setup, cut)).toEqual(review(first!.setup, cut));
  });

  test('parts judged apart (workers side by side) make the same review as one pass', () => {
    const [, second] = seededGames();
    const { setup, actions } = second!;
    const parts = [0, 1, 2].map((index) => judgeMoves(setup, actions, { index, of: 3 }));
    const judged = parts.flatMap((p) => (p.ok ? p.value : []));
    const whole = review(setup, actions);
    // Every decision in exactly one part, each judged as the whole review judges it.
    expect(judged.map((j) => j.review.index).sort((a, b) => a - b)).toEqual(whole.moves.map((m) => m.index));
    expect(parts.every((p) => p.ok && p.value.length >= Math.floor(whole.moves.length / 3))).toBe(true);
    expect(reviewGame(setup, actions, { judged })).toEqual({ ok: true, value: whole });
    // What was judged is taken as it is, not judged again.
    const marked = judged.map((j, i) => (i === 0 ? { ...j, review: { ...j.review, best: 99 } } : j));
    const taken = reviewGame(setup, actions, { judged: marked });
    expect(taken.ok && taken.value.moves.find((m) => m.index === judged[0]!.review.index)!.best).toBe(99);
  });

  test('a record the engine refuses is an error, not a review', () => {
    const reviewed = reviewGame(game('online'), [roll('red', 3), move('red', 0)]);
    expect(reviewed.ok).toBe(false);
    expect(judgeMoves(game('online'), [roll('red', 3), move('red', 0)], { index: 0, of: 2 }).ok).toBe(false);
  });
});
