/**
 * How much luck each form of Swiss cancels (issue 42):
 * `npm run sim:duplicate -- --tournaments 60 --games 8 --seed 1 [--forms plain,adjusted] [--field expert,strong,heuristic,random] [--workers 2]`.
 * Plays the same 16-bot field (four each of expert, strong, heuristic, random) through Swiss tournaments of
 * four-seat tables in each form (src/sim/duplicateStudy.ts: plain, duplicate across tables, rotated at each
 * table, and the luck-adjusted forms) and reports, after each game a player has played, how well the
 * standings put the field in its known order (Spearman's rho, mean over the tournaments, with its standard
 * error) and how often one of the strongest kind leads; then each form's rho minus plain's in the same
 * tournaments (same seeds: paired, with the standard error of the difference), and how many games each form
 * needs to order the field as well as the plain form does after 1, 2, … games.
 * `--field` plays a cheaper field for quick trials (kinds strongest first, four bots of each);
 * `--workers n` plays the tournaments on n threads (the same figures as one).
 */
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { BOT_NAMES, type BotName } from '../src/bots/chooseMove';
import { FIELD_STRENGTHS, SWISS_FORMS, type SwissForm, type TournamentTrace, swissTournament } from '../src/sim/duplicateStudy';

const { values } = parseArgs({
  options: {
    tournaments: { type: 'string', default: '60' },
    games: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
    forms: { type: 'string', default: 'plain,duplicate,rotated' },
    field: { type: 'string', default: FIELD_STRENGTHS.join(',') },
    workers: { type: 'string', default: '1' },
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

/** Tournament `t` in every form. */
const play = (t: number): Record<string, TournamentTrace> =>
  Object.fromEntries(
    FORMS.map(({ form, gamesPerRound }) => [form, swissTournament(form, GAMES / gamesPerRound, `${values.seed}/${t}`, FIELD)]),
  );

if (!isMainThread) {
  const { index } = workerData as { index: number };
  const played: Record<string, TournamentTrace>[] = [];
  for (let t = index; t < TOURNAMENTS; t += WORKERS) played.push(play(t));
  parentPort!.postMessage(played);
} else void main();

async function main() {
  const started = performance.now();
  /** Per tournament (in order), each form's trace. */
  const byTournament: Record<string, TournamentTrace>[] = [];
  if (WORKERS === 1) for (let t = 0; t < TOURNAMENTS; t++) byTournament.push(play(t));
  else {
    const parts = await Promise.all(
      Array.from(
        { length: WORKERS },
        (_, index) =>
          new Promise<Record<string, TournamentTrace>[]>((resolve, reject) => {
            const worker = new Worker(__filename, { workerData: { index }, argv: process.argv.slice(2) });
            worker.once('message', resolve);
            worker.once('error', reject);
          }),
      ),
    );
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
  const rhos = (form: SwissForm, games: number) => {
    const round = roundAt(form, games);
    return round === null ? null : byTournament.map((tr) => tr[form]!.rho[round]!);
  };
  const after = (form: SwissForm, games: number) => {
    const round = roundAt(form, games);
    if (round === null) return null;
    return {
      rho: stats(rhos(form, games)!),
      leads: byTournament.filter((tr) => tr[form]!.strongestLeads[round]).length / byTournament.length,
    };
  };

  console.log(
    `${TOURNAMENTS} tournaments of each form, ${FIELD.length * 4} bots (${FIELD.join(' > ')}), ${GAMES} games a player, seed ${values.seed}, ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(`games | ${FORMS.map(({ form }) => `${form} rho (± se), leads`.padEnd(34)).join(' | ')}`);
  for (let g = 1; g <= GAMES; g++) {
    const cells = FORMS.map(({ form }) => {
      const a = after(form, g);
      return (a ? `${a.rho.mean.toFixed(3)} (± ${a.rho.se.toFixed(3)}), ${(100 * a.leads).toFixed(0)} %` : '').padEnd(34);
    });
    console.log(`${String(g).padStart(5)} | ${cells.join(' | ')}`);
  }
  const others = FORMS.filter(({ form }) => form !== 'plain');
  if (FORMS.some(({ form }) => form === 'plain') && others.length > 0) {
    console.log(`\nrho minus plain's after as many games, same tournaments (± se of the paired difference)`);
    console.log(`games | ${others.map(({ form }) => form.padEnd(20)).join(' | ')}`);
    for (let g = 1; g <= GAMES; g++) {
      const plain = rhos('plain', g)!;
      const cells = others.map(({ form }) => {
        const mine = rhos(form, g);
        if (!mine) return ''.padEnd(20);
        const d = stats(mine.map((r, i) => r - plain[i]!));
        return `${d.mean >= 0 ? '+' : ''}${d.mean.toFixed(3)} (± ${d.se.toFixed(3)})`.padEnd(20);
      });
      console.log(`${String(g).padStart(5)} | ${cells.join(' | ')}`);
    }
    console.log(`\ngames each form needs to order the field as well as plain does after n games (-: not within ${GAMES})`);
    console.log(`plain n | ${others.map(({ form }) => form.padEnd(18)).join(' | ')}`);
    for (let n = 1; n <= GAMES; n++) {
      const target = after('plain', n)!.rho.mean;
      const cells = others.map(({ form }) => {
        const needed = Array.from({ length: GAMES }, (_, g) => g + 1).find((g) => (after(form, g)?.rho.mean ?? -1) >= target);
        return String(needed ?? '-').padEnd(18);
      });
      console.log(`${String(n).padStart(7)} | ${cells.join(' | ')}   (plain rho ${target.toFixed(3)})`);
    }
  }
}
