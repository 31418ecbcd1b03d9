/**
 * How much luck the duplicate Swiss cancels (issue 42): `npm run sim:duplicate -- --tournaments 200 --rounds 8 --seed 1`.
 * Plays the same 16-bot field (four each of expert, strong, heuristic, random) through plain and duplicate
 * Swiss tournaments of four-seat tables and reports, after each round, how well the standings put the field
 * in its known order (Spearman's rho, mean over the tournaments, with its standard error) and how often an
 * expert leads; then how many rounds the duplicate form needs to order the field as well as the plain
 * form does after all of them.
 */
import { parseArgs } from 'node:util';
import { type SwissForm, type TournamentTrace, swissTournament } from '../src/sim/duplicateStudy';

const { values } = parseArgs({
  options: {
    tournaments: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
  },
});
const whole = (name: string, v: string | undefined) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: a whole number ≥ 1`);
  return n;
};
const TOURNAMENTS = whole('tournaments', values.tournaments);
const ROUNDS = whole('rounds', values.rounds);

const started = performance.now();
const traces: Record<SwissForm, TournamentTrace[]> = { plain: [], duplicate: [] };
for (let t = 0; t < TOURNAMENTS; t++)
  for (const form of ['plain', 'duplicate'] as const) traces[form].push(swissTournament(form, ROUNDS, `${values.seed}/${t}`));

const stats = (xs: readonly number[]) => {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, xs.length - 1));
  return { mean, se: sd / Math.sqrt(xs.length) };
};
const meanRho = (form: SwissForm, round: number) => stats(traces[form].map((tr) => tr.rho[round]!));
const leads = (form: SwissForm, round: number) => traces[form].filter((tr) => tr.strongestLeads[round]).length / traces[form].length;

console.log(
  `${traces.plain.length} tournaments of each form, 16 bots, ${ROUNDS} rounds, seed ${values.seed}, ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
console.log('round | plain rho (± se) | duplicate rho (± se) | an expert leads: plain / duplicate');
for (let r = 0; r < ROUNDS; r++) {
  const [p, d] = [meanRho('plain', r), meanRho('duplicate', r)];
  console.log(
    `${String(r + 1).padStart(5)} | ${p.mean.toFixed(3)} (± ${p.se.toFixed(3)})   | ${d.mean.toFixed(3)} (± ${d.se.toFixed(3)})       | ${(100 * leads('plain', r)).toFixed(0)} % / ${(100 * leads('duplicate', r)).toFixed(0)} %`,
  );
}
const target = meanRho('plain', ROUNDS - 1).mean;
const needed = Array.from({ length: ROUNDS }, (_, r) => r).find((r) => meanRho('duplicate', r).mean >= target);
console.log(
  needed === undefined
    ? `the duplicate form does not reach the plain form's rho after ${ROUNDS} rounds (${target.toFixed(3)}) within ${ROUNDS} rounds`
    : `the duplicate form orders the field as well as ${ROUNDS} plain rounds do (rho ${target.toFixed(3)}) after ${needed + 1} round${needed ? 's' : ''}`,
);
