import { type SimOptions, parseSimArgs } from '../src/sim/args';
import { formatReport, winLine } from '../src/sim/report';
import { mean, percentile, standardDeviation, wilsonInterval } from '../src/sim/stats';
import { createTally, playTournamentGame, runTournament, seatingFor, seatsFor } from '../src/sim/tournament';

describe('stats', () => {
  test('mean', () => {
    expect(mean([1, 2, 3, 6])).toBe(3);
    expect(mean([5])).toBe(5);
    expect(mean([])).toBeNaN();
  });

  test('standardDeviation: the sample one (n − 1), NaN below two values', () => {
    expect(standardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(standardDeviation([3, 3])).toBe(0);
    expect(standardDeviation([5])).toBeNaN();
  });

  test('percentile uses nearest rank on an unsorted sample and does not reorder it', () => {
    const xs = [15, 20, 35, 40, 50];
    const copy = [...xs].reverse();
    expect(percentile(copy, 5)).toBe(15);
    expect(percentile(copy, 30)).toBe(20);
    expect(percentile(copy, 40)).toBe(20);
    expect(percentile(copy, 50)).toBe(35);
    expect(percentile(copy, 95)).toBe(50);
    expect(percentile(copy, 100)).toBe(50);
    expect(percentile(copy, 0)).toBe(15);
    expect(copy).toEqual([50, 40, 35, 20, 15]);
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(hundred, 95)).toBe(95);
  });

  test('percentile of nothing, or outside 0..100, is NaN', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(percentile([1, 2], 101)).toBeNaN();
    expect(percentile([1, 2], -1)).toBeNaN();
  });

  test('Wilson interval matches known values', () => {
    const a = wilsonInterval(6120, 10000);
    expect(a.low).toBeCloseTo(0.60242, 4);
    expect(a.high).toBeCloseTo(0.62152, 4);
    // 8 of 10: Wilson gives 0.4902..0.9433 (a normal approximation would give 0.552..1.048).
    const b = wilsonInterval(8, 10);
    expect(b.low).toBeCloseTo(0.4902, 3);
    expect(b.high).toBeCloseTo(0.9433, 3);
  });

  test('Wilson interval stays inside [0, 1] at the extremes and is symmetric', () => {
    const none = wilsonInterval(0, 50);
    expect(none.low).toBe(0);
    expect(none.high).toBeGreaterThan(0.05);
    expect(none.high).toBeLessThan(0.1);
    const all = wilsonInterval(50, 50);
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(1 - none.high, 10);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  test('the interval narrows as trials grow', () => {
    const width = (n: number) => {
      const { low, high } = wilsonInterval(n / 2, n);
      return high - low;
    };
    expect(width(100)).toBeGreaterThan(width(1000));
    expect(width(1000)).toBeGreaterThan(width(10000));
  });
});

describe('parseSimArgs', () => {
  const run = (argv: string[]): SimOptions => {
    const parsed = parseSimArgs(argv);
    if (parsed.kind !== 'run') throw new Error(JSON.stringify(parsed));
    return parsed.options;
  };
  const error = (argv: string[]): string => {
    const parsed = parseSimArgs(argv);
    if (parsed.kind !== 'error') throw new Error(`accepted ${argv.join(' ')}`);
    return parsed.error;
  };

  test('the documented command line', () => {
    expect(run(['--preset', 'online', '--players', '4', '--games', '10000', '--bots', 'strong,heuristic', '--seed', '1'])).toEqual({
      preset: 'online',
      players: 4,
      games: 10000,
      bots: ['strong', 'heuristic'],
      seed: 1,
      teams: false,
      shard: null,
    });
    expect(run(['--games', '10000', '--shard', '1/2']).shard).toEqual({ index: 1, of: 2 });
  });

  test('defaults, --name=value and --teams', () => {
    expect(run([])).toEqual({ preset: 'online', players: 4, games: 1000, bots: ['heuristic'], seed: 1, teams: false, shard: null });
    expect(run(['--preset=plyyard']).players).toBe(2);
    expect(run(['--teams', '--seed=-7'])).toMatchObject({ teams: true, seed: -7 });
    expect(parseSimArgs(['--games', '5', '--help'])).toEqual({ kind: 'help' });
  });

  test('bad arguments are explained', () => {
    expect(error(['--preset', 'ludo'])).toMatch(/unknown preset 'ludo'/);
    expect(error(['--players', '5'])).toMatch(/--players must be 2\.\.4 for online/);
    expect(error(['--preset', 'plyyard', '--players', '3'])).toMatch(/--players must be 2 for plyyard/);
    expect(error(['--games', '0'])).toMatch(/--games must be an integer/);
    expect(error(['--games', '1e3'])).toMatch(/--games must be an integer/);
    expect(error(['--games'])).toMatch(/--games needs a value/);
    expect(error(['--games', '--seed', '2'])).toMatch(/--games needs a value/);
    expect(error(['--bots', 'strong,genius'])).toMatch(/unknown bot 'genius'/);
    expect(error(['--seed', 'abc'])).toMatch(/--seed must be an integer/);
    expect(error(['--speed', '3'])).toMatch(/unknown option '--speed'/);
    expect(error(['--games', '1', '--games', '2'])).toMatch(/given twice/);
    expect(error(['games'])).toMatch(/unexpected argument 'games'/);
    expect(error(['--teams', '--players', '2'])).toMatch(/--teams needs 4 players/);
    expect(error(['--teams', '--preset', 'appfree'])).toMatch(/appfree has no team mode/);
    expect(error(['--shard', '2/2'])).toMatch(/--shard must be i\/n/);
    expect(error(['--shard', 'half'])).toMatch(/--shard must be i\/n/);
  });
});

describe('tournament', () => {
  const options = (o: Partial<SimOptions>): SimOptions => ({
    preset: 'online',
    players: 4,
    games: 24,
    bots: ['heuristic'],
    seed: 1,
    teams: false,
    shard: null,
    ...o,
  });

  test('two players sit opposite, three and four clockwise from red', () => {
    expect(seatsFor(2)).toEqual(['red', 'yellow']);
    expect(seatsFor(3)).toEqual(['red', 'green', 'yellow']);
    expect(seatsFor(4)).toEqual(['red', 'green', 'yellow', 'blue']);
  });

  test.each([
    [2, ['strong', 'heuristic']],
    [3, ['strong', 'heuristic']],
    [4, ['strong', 'heuristic', 'random']],
  ] as const)('%i players, bots %j: every bot sits in every seat and starts equally often', (players, bots) => {
    const o = options({ players, bots: [...bots] });
    const block = bots.length * players;
    const seatBot = new Map<string, number>();
    const firstBot = new Map<string, number>();
    const first = new Map<string, number>();
    for (let game = 0; game < 3 * block; game++) {
      const { setup, bots: seated } = seatingFor(o, game);
      expect(setup.seats).toEqual(seatsFor(players));
      for (const c of setup.seats) seatBot.set(`${c}:${seated[c]}`, (seatBot.get(`${c}:${seated[c]}`) ?? 0) + 1);
      first.set(setup.firstSeat!, (first.get(setup.firstSeat!) ?? 0) + 1);
      const starter = seated[setup.firstSeat!]!;
      firstBot.set(starter, (firstBot.get(starter) ?? 0) + 1);
    }
    expect(seatBot.size).toBe(players * bots.length);
    expect(new Set(seatBot.values())).toEqual(new Set([(3 * block) / bots.length]));
    expect(first.size).toBe(players);
    expect(new Set(first.values())).toEqual(new Set([3 * bots.length]));
    expect(new Set(firstBot.values())).toEqual(new Set([3 * players]));
  });

  test('bots go round the seats clockwise; plyyard keeps red first', () => {
    expect(seatingFor(options({ bots: ['strong', 'heuristic'] }), 0).bots).toEqual({
      red: 'strong',
      green: 'heuristic',
      yellow: 'strong',
      blue: 'heuristic',
    });
    expect(seatingFor(options({ bots: ['strong', 'heuristic'] }), 1).bots).toEqual({
      red: 'heuristic',
      green: 'strong',
      yellow: 'heuristic',
      blue: 'strong',
    });
    for (let game = 0; game < 6; game++) expect(seatingFor(options({ preset: 'plyyard', players: 2 }), game).setup.firstSeat).toBe('red');
  });

  test('a tally adds up: every game counted once per seat and bot, winners consistent', () => {
    const o = options({ bots: ['heuristic', 'random'], players: 3, games: 12 });
    const tally = runTournament(o);
    expect(tally.games).toBe(12);
    expect(tally.rolls).toHaveLength(12);
    expect(tally.unfinished).toBe(0);
    const seatWins = Object.values(tally.seats).reduce((n, c) => n + c.wins, 0);
    expect(seatWins).toBe(12 - tally.draws);
    for (const c of Object.values(tally.seats)) expect(c.games).toBe(12);
    expect(tally.bots.heuristic!.games).toBe(12);
    expect(tally.bots.random!.games).toBe(12);
    expect(tally.bots.heuristic!.wins + tally.bots.random!.wins).toBe(12);
    expect(tally.firstSeat.games).toBe(12);
    expect(tally.captures.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
  });

  test('in team mode a team win counts once for its bot and for both seats', () => {
    const tally = runTournament(options({ teams: true, bots: ['heuristic', 'random'], games: 6 }));
    expect(tally.seats.red!.wins).toBe(tally.seats.yellow!.wins);
    expect(tally.seats.green!.wins).toBe(tally.seats.blue!.wins);
    expect(tally.bots.heuristic!.wins + tally.bots.random!.wins).toBe(6);
  });

  test('the same seed plays the same games; another seed plays others', () => {
    const o = options({ bots: ['random'], players: 2, games: 5, seed: 42 });
    expect(runTournament(o)).toEqual(runTournament(o));
    expect(runTournament({ ...o, seed: 43 }).rolls).not.toEqual(runTournament(o).rolls);
    expect(playTournamentGame(o, 3).played.actions).toEqual(playTournamentGame(o, 3).played.actions);
  });
});

describe('report', () => {
  test('the bot line has the exact documented form', () => {
    expect(winLine({ wins: 6120, games: 10000 })).toBe('win 61.20% (95% CI 60.24-62.15%) over 10000 games');
  });

  test('formatReport prints speed, rolls, captures, seats and one line per bot', () => {
    const tally = createTally();
    Object.assign(tally, { games: 4, rolls: [100, 200, 300, 400], captures: [1, 2, 3, 6] });
    tally.seats.red = { wins: 3, games: 4 };
    tally.seats.yellow = { wins: 1, games: 4 };
    tally.firstSeat.wins = 2;
    tally.firstSeat.games = 4;
    tally.bots.strong = { wins: 3, games: 4 };
    tally.bots.heuristic = { wins: 1, games: 4 };
    const lines = formatReport(
      { preset: 'online', players: 2, games: 4, bots: ['strong', 'heuristic'], seed: 1, teams: false, shard: null },
      tally,
      2,
    );
    expect(lines).toContain('games: 4 in 2.0 s, 2.0 games/s');
    expect(lines).toContain('rolls per game: mean 250.0, p95 400');
    expect(lines).toContain('captures per game: mean 3.00');
    expect(lines).toContain('seat red: win 75.00% (95% CI 30.06-95.44%) over 4 games');
    expect(lines.filter((l) => l.startsWith('bot '))).toEqual([
      'bot strong: win 75.00% (95% CI 30.06-95.44%) over 4 games',
      'bot heuristic: win 25.00% (95% CI 4.56-69.94%) over 4 games',
    ]);
  });
});
