/**
 * How much luck a duplicate Swiss cancels (issue 42): `npm run sim:duplicate -- --tournaments 60 --games 8 --seed 1`.
 * Plays the same 16-bot field (four each of expert, strong, heuristic, random) through Swiss tournaments of
 * four-seat tables in three forms (src/sim/duplicateStudy.ts: plain, duplicate across tables, rotated at
 * each table) and reports, after each game a player has played, how well the standings put the field in its
 * known order (Spearman's rho, mean over the tournaments, with its standard error) and how often an expert
 * leads; then how many games each form needs to order the field as well as the plain form does at the end.
 */
import { parseArgs } from 'node:util';
import { type SwissForm, type TournamentTrace, swissTournament } from '../src/sim/duplicateStudy';

const { values } = parseArgs({
  options: {
    tournaments: { type: 'string', default: '60' },
    games: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
  },
});
const whole = (name: string, v: string | undefined, step = 1) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < step || n % step !== 0) throw new Error(`--${name}: a whole number, a multiple of ${step}`);
  return n;
};
const TOURNAMENTS = whole('tournaments', values.tournaments);
/** Games each player plays: a round of the rotated form is four. */
const GAMES = whole('games', values.games, 4);
const FORMS: readonly { form: SwissForm; gamesPerRound: number }[] = [
  { form: 'plain', gamesPerRound: 1 },
  { form: 'duplicate', gamesPerRound: 1 },
  { form: 'rotated', gamesPerRound: 4 },
];

const started = performance.now();
const traces = new Map<SwissForm, TournamentTrace[]>(FORMS.map(({ form }) => [form, []]));
for (let t = 0; t < TOURNAMENTS; t++)
  for (const { form, gamesPerRound } of FORMS) traces.get(form)!.push(swissTournament(form, GAMES / gamesPerRound, `${values.seed}/${t}`));

const stats = (xs: readonly number[]) => {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, xs.length - 1));
  return { mean, se: sd / Math.sqrt(xs.length) };
};
/** The form's standings after `games` games a player, when a round ends there. */
const after = (form: SwissForm, games: number) => {
  const { gamesPerRound } = FORMS.find((f) => f.form === form)!;
  if (games % gamesPerRound !== 0) return null;
  const round = games / gamesPerRound - 1;
  const all = traces.get(form)!;
  return { rho: stats(all.map((tr) => tr.rho[round]!)), leads: all.filter((tr) => tr.strongestLeads[round]).length / all.length };
};

console.log(
  `${TOURNAMENTS} tournaments of each form, 16 bots, ${GAMES} games a player, seed ${values.seed}, ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
console.log(`games | ${FORMS.map(({ form }) => `${form} rho (± se), an expert leads`.padEnd(34)).join(' | ')}`);
for (let g = 1; g <= GAMES; g++) {
  const cells = FORMS.map(({ form }) => {
    const a = after(form, g);
    return (a ? `${a.rho.mean.toFixed(3)} (± ${a.rho.se.toFixed(3)}), ${(100 * a.leads).toFixed(0)} %` : '').padEnd(34);
  });
  console.log(`${String(g).padStart(5)} | ${cells.join(' | ')}`);
}
const target = after('plain', GAMES)!.rho.mean;
for (const { form } of FORMS.slice(1)) {
  const needed = Array.from({ length: GAMES }, (_, g) => g + 1).find((g) => (after(form, g)?.rho.mean ?? -1) >= target);
  console.log(
    needed === undefined
      ? `${form}: does not order the field as well as ${GAMES} plain games (rho ${target.toFixed(3)}) within ${GAMES} games`
      : `${form}: orders the field as well as ${GAMES} plain games (rho ${target.toFixed(3)}) after ${needed} games a player`,
  );
}
