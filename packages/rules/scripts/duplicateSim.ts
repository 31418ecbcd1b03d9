/**
 * How much luck each form of Swiss cancels (issue 42):
 * `npm run sim:duplicate -- --tournaments 60 --games 8 --seed 1 [--forms plain,adjusted] [--field expert,strong,heuristic,random] [--workers 2]`.
 * Plays the same 16-bot field (four each of expert, strong, heuristic, random) through Swiss tournaments of
 * four-seat tables in each form (src/sim/duplicateStudy.ts: plain, duplicate across tables, rotated at each
 * table, and the luck-adjusted forms) and reports, after each game a player has played, how well the
 * standings put the field in its known order (Spearman's rho, mean over the tournaments, with its standard
 * error; and again against the order of tiers, TIERS: expert and strong one tier) and how often one of the
 * strongest kind leads; then each form's rho minus plain's in the same
 * tournaments (same seeds: paired, with the standard error of the difference), and how many games each form
 * needs to order the field as well as the plain form does after 1, 2, … games.
 * `--field` plays a cheaper field for quick trials (kinds strongest first, four bots of each);
 * `--workers n` plays the tournaments on n threads (the same figures as one).
 * `--fit-luck n` instead plays n four-seat games (one bot of each kind of the field, seats rotated) and fits
 * the control variates' weights (DICE_WEIGHTS in src/sim/swiss.ts, PLACE_WEIGHTS in src/tournament/luckFreeRatings.ts) by least squares within each kind,
 * then PLACE_WEIGHTS' two lucks again on every pair of seats (the comparisons the ratings read).
 */
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { BOT_NAMES, type BotName } from '../src/bots/chooseMove';
import { createRng } from '../src/rng';
import { FIELD_STRENGTHS, SWISS_FORMS, type SwissForm, type TournamentTrace, playTable, swissTournament } from '../src/sim/duplicateStudy';
import { mean, standardDeviation } from '../src/sim/stats';
import { controlWeights, tablePoints } from '../src/sim/swiss';
import { PLACE_WEIGHTS, resultShare } from '../src/tournament';

const { values } = parseArgs({
  options: {
    tournaments: { type: 'string', default: '60' },
    games: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
    forms: { type: 'string', default: 'plain,duplicate,rotated' },
    field: { type: 'string', default: FIELD_STRENGTHS.join(',') },
    workers: { type: 'string', default: '1' },
    'fit-luck': { type: 'string' },
  },
});
const whole = (name: string, v: string | undefined, step = 1) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < step || n % step !== 0) throw new Error(`--${name}: a whole number, a multiple of ${step}`);
  return n;
};
const listOf = <T extends string>(name: string, v: string | undefined, known: readonly T[]): T[] => {
  const items = (v ?? '').split(',').filter(Boolean);
  const unknown = items.filter((x) => !(known as readonly string[]).includes(x));
  if (items.length === 0 || unknown.length > 0) throw new Error(`--${name}: a comma-separated list of ${known.join(', ')}`);
  return items as T[];
};
const TOURNAMENTS = whole('tournaments', values.tournaments);
const FIELD: readonly BotName[] = listOf('field', values.field, BOT_NAMES);
const FORMS: readonly { form: SwissForm; gamesPerRound: number }[] = listOf('forms', values.forms, SWISS_FORMS).map((form) => ({
  form,
  gamesPerRound: form === 'rotated' ? 4 : 1,
}));
/** Games each player plays: a round of the rotated form is four. */
const GAMES = whole('games', values.games, Math.max(...FORMS.map((f) => f.gamesPerRound)));
const WORKERS = whole('workers', values.workers);
/** The orders the standings are measured against: the known order of the kinds, and of their tiers (TIERS). */
type Yardstick = 'rho' | 'tierRho';
const YARDSTICKS: readonly [Yardstick, string][] = [
  ['rho', 'the known order'],
  ['tierRho', 'the known order of tiers (expert and strong one tier)'],
];

/** Tournament `t` in every form. */
const play = (t: number): Record<string, TournamentTrace> =>
  Object.fromEntries(
    FORMS.map(({ form, gamesPerRound }) => [form, swissTournament(form, GAMES / gamesPerRound, `${values.seed}/${t}`, FIELD)]),
  );

/** `--fit-luck n`: n four-seat games, one bot of each kind of the field in rotated seats, as rows for `controlWeights`. */
const FIT_GAMES = values['fit-luck'] === undefined ? 0 : whole('fit-luck', values['fit-luck']);
type FitRow = { group: string; y: number; x: number[] };
const fitRows = (g: number): { seats: FitRow[]; pairs: FitRow[] } => {
  const kinds = [0, 1, 2, 3].map((s) => (s + g) % FIELD.length);
  const r = playTable(
    FIELD,
    kinds.map((k) => k * 4),
    createRng(`${values.seed}/fit/${g}/dice`),
    createRng(`${values.seed}/fit/${g}/bots`),
    { win: true, pairs: true },
  );
  const points = tablePoints(r.outcomes);
  const place = r.pairLuck.map((row) => row.reduce((a, b) => a + b, 0));
  const seats = kinds.map((k, i) => ({ group: FIELD[k]!, y: points[i]!, x: [r.luck[i]!, r.sixes[i]!, r.pips[i]!, place[i]!] }));
  // Every pair of seats as the ratings read it (ratedShare): i's result against j (resultShare: between two
  // that did not win, where each stood at the end), the win-chance luck's difference shared over the table,
  // and the pair's luck of finishing ahead.
  const pairs = kinds.flatMap((k, i) =>
    kinds.slice(i + 1).map((l, d) => {
      const j = i + 1 + d;
      return {
        group: `${FIELD[k]}/${FIELD[l]}`,
        y: resultShare(r.outcomes, r.end, i, j),
        x: [(r.luck[i]! - r.luck[j]!) / 4, r.pairLuck[i]![j]!],
      };
    }),
  );
  return { seats, pairs };
};

if (!isMainThread && FIT_GAMES > 0) {
  const { index } = workerData as { index: number };
  const rows: ReturnType<typeof fitRows>[] = [];
  for (let g = index; g < FIT_GAMES; g += WORKERS) rows.push(fitRows(g));
  parentPort!.postMessage(rows);
} else if (!isMainThread) {
  const { index } = workerData as { index: number };
  const played: Record<string, TournamentTrace>[] = [];
  for (let t = index; t < TOURNAMENTS; t += WORKERS) played.push(play(t));
  parentPort!.postMessage(played);
} else if (FIT_GAMES > 0) void fitLuck();
else void main();

/** This script on WORKERS threads, with the same arguments: each worker's list. */
async function onWorkers<T>(): Promise<T[][]> {
  return Promise.all(
    Array.from(
      { length: WORKERS },
      (_, index) =>
        new Promise<T[]>((resolve, reject) => {
          const worker = new Worker(__filename, { workerData: { index }, argv: process.argv.slice(2) });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
}

/**
 * `--fit-luck n`: the weights of the control variates (win-chance luck, sixes, pips; DICE_WEIGHTS) by least
 * squares within each kind of bot, and how much of the table points' spread each set removes.
 */
async function fitLuck() {
  const games =
    WORKERS === 1 ? Array.from({ length: FIT_GAMES }, (_, g) => fitRows(g)) : (await onWorkers<ReturnType<typeof fitRows>>()).flat();
  const rows = games.flatMap((g) => g.seats);
  const sets = { luck: [0], 'luck, sixes, pips': [0, 1, 2], 'place luck': [3], 'luck, place luck': [0, 3] };
  console.log(`${FIT_GAMES} games (${FIELD.join(', ')}, rotated seats), seed ${values.seed}`);
  for (const [name, columns] of Object.entries(sets)) {
    const w = controlWeights(rows.map(picking(columns)));
    console.log(`weights for ${name}: ${w.map((x) => x.toPrecision(4)).join(', ')}`);
    for (const kind of FIELD) {
      const mine = rows.filter((r) => r.group === kind).map(picking(columns));
      const points = mine.map((r) => r.y);
      const adjusted = mine.map((r) => less(r, w));
      console.log(
        `  ${kind.padEnd(10)} mean ${mean(points).toFixed(3)} sd ${standardDeviation(points).toFixed(3)} → adjusted mean ${mean(adjusted).toFixed(3)} sd ${standardDeviation(adjusted).toFixed(3)}`,
      );
    }
  }
  fitPairs(games.flatMap((g) => g.pairs));
}

/** A row's columns `columns` only. */
const picking =
  (columns: readonly number[]) =>
  (r: FitRow): FitRow => ({ group: r.group, y: r.y, x: columns.map((c) => r.x[c]!) });

/** A row's y less its control variates weighted by `w`. */
const less = (r: FitRow, w: readonly number[]) => r.y - r.x.reduce((s, x, j) => s + w[j]! * x, 0);

/**
 * The same weights fitted on the pairs of seats the ratings compare (y: i's share against j) rather than on a
 * seat's table points; the spread of the shares each set leaves, and per pair of neighbouring kinds how far
 * apart they are (the stronger's mean share less ½, in standard deviations of the share).
 */
function fitPairs(pairs: readonly FitRow[]) {
  /** The shares' spread within their groups (pairs of kinds) once `w` (both columns) is taken off. */
  const spread = (w: readonly number[]) => {
    const groups = new Map<string, number[]>();
    for (const r of pairs) groups.set(r.group, [...(groups.get(r.group) ?? []), less(r, w)]);
    let squares = 0;
    for (const shares of groups.values()) {
      const m = mean(shares);
      for (const x of shares) squares += (x - m) ** 2;
    }
    return Math.sqrt(squares / pairs.length);
  };
  const apart = (w: readonly number[]) =>
    FIELD.slice(1)
      .map((weaker, k) => {
        const stronger = FIELD[k]!;
        const shares = pairs.flatMap((r) =>
          r.group === `${stronger}/${weaker}` ? [less(r, w)] : r.group === `${weaker}/${stronger}` ? [1 - less(r, w)] : [],
        );
        return `${stronger}/${weaker} ${((mean(shares) - 0.5) / standardDeviation(shares)).toFixed(3)}`;
      })
      .join(', ');
  const none = [0, 0];
  console.log(
    `${pairs.length} pairs of seats: spread ${spread(none).toFixed(4)}, with PLACE_WEIGHTS ${spread([PLACE_WEIGHTS.luck, PLACE_WEIGHTS.place]).toFixed(4)}; ` +
      `kinds apart, nothing taken off: ${apart(none)}`,
  );
  const sets = { luck: [0], 'place luck': [1], 'luck, place luck': [0, 1] };
  for (const [name, columns] of Object.entries(sets)) {
    const fitted = controlWeights(pairs.map(picking(columns)));
    // The fitted weights on both columns, 0 for a column the set leaves out.
    const w = none.map((_, c) => (columns.includes(c) ? fitted[columns.indexOf(c)]! : 0));
    console.log(
      `pairs, weights for ${name}: ${fitted.map((x) => x.toPrecision(4)).join(', ')}; spread ${spread(w).toFixed(4)}; kinds apart ${apart(w)}`,
    );
  }
}

async function main() {
  const started = performance.now();
  /** Per tournament (in order), each form's trace. */
  const byTournament: Record<string, TournamentTrace>[] = [];
  if (WORKERS === 1) for (let t = 0; t < TOURNAMENTS; t++) byTournament.push(play(t));
  else {
    const parts = await onWorkers<Record<string, TournamentTrace>>();
    for (let t = 0; t < TOURNAMENTS; t++) byTournament.push(parts[t % WORKERS]![Math.floor(t / WORKERS)]!);
  }

  const stats = (xs: readonly number[]) => {
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, xs.length - 1));
    return { mean, se: sd / Math.sqrt(xs.length) };
  };
  /** The round of `form` that ends after `games` games a player, or null. */
  const roundAt = (form: SwissForm, games: number) => {
    const { gamesPerRound } = FORMS.find((f) => f.form === form)!;
    return games % gamesPerRound === 0 ? games / gamesPerRound - 1 : null;
  };
  /** Each tournament's rho of `form` by `yardstick` after `games` games a player, or null between rounds. */
  const rhos = (form: SwissForm, games: number, yardstick: Yardstick) => {
    const round = roundAt(form, games);
    return round === null ? null : byTournament.map((tr) => tr[form]![yardstick][round]!);
  };
  const after = (form: SwissForm, games: number, yardstick: Yardstick) => {
    const round = roundAt(form, games);
    if (round === null) return null;
    return {
      rho: stats(rhos(form, games, yardstick)!),
      leads: byTournament.filter((tr) => tr[form]!.strongestLeads[round]).length / byTournament.length,
    };
  };

  console.log(
    `${TOURNAMENTS} tournaments of each form, ${FIELD.length * 4} bots (${FIELD.join(' > ')}), ${GAMES} games a player, seed ${values.seed}, ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  for (const [yardstick, title] of YARDSTICKS) {
    console.log(`\n== rho with ${title}`);
    console.log(`games | ${FORMS.map(({ form }) => `${form} rho (± se), leads`.padEnd(34)).join(' | ')}`);
    for (let g = 1; g <= GAMES; g++) {
      const cells = FORMS.map(({ form }) => {
        const a = after(form, g, yardstick);
        return (a ? `${a.rho.mean.toFixed(3)} (± ${a.rho.se.toFixed(3)}), ${(100 * a.leads).toFixed(0)} %` : '').padEnd(34);
      });
      console.log(`${String(g).padStart(5)} | ${cells.join(' | ')}`);
    }
    const others = FORMS.filter(({ form }) => form !== 'plain');
    if (!FORMS.some(({ form }) => form === 'plain') || others.length === 0) continue;
    console.log(`\nrho minus plain's after as many games, same tournaments (± se of the paired difference)`);
    console.log(`games | ${others.map(({ form }) => form.padEnd(20)).join(' | ')}`);
    for (let g = 1; g <= GAMES; g++) {
      const plain = rhos('plain', g, yardstick)!;
      const cells = others.map(({ form }) => {
        const mine = rhos(form, g, yardstick);
        if (!mine) return ''.padEnd(20);
        const d = stats(mine.map((r, i) => r - plain[i]!));
        return `${d.mean >= 0 ? '+' : ''}${d.mean.toFixed(3)} (± ${d.se.toFixed(3)})`.padEnd(20);
      });
      console.log(`${String(g).padStart(5)} | ${cells.join(' | ')}`);
    }
    console.log(`\ngames each form needs to order the field as well as plain does after n games (-: not within ${GAMES})`);
    console.log(`plain n | ${others.map(({ form }) => form.padEnd(18)).join(' | ')}`);
    for (let n = 1; n <= GAMES; n++) {
      const target = after('plain', n, yardstick)!.rho.mean;
      const cells = others.map(({ form }) => {
        const needed = Array.from({ length: GAMES }, (_, g) => g + 1).find((g) => (after(form, g, yardstick)?.rho.mean ?? -1) >= target);
        return String(needed ?? '-').padEnd(18);
      });
      console.log(`${String(n).padStart(7)} | ${cells.join(' | ')}   (plain rho ${target.toFixed(3)})`);
    }
  }
}
