import type { Action } from '@flightchess/rules';
import pg from 'pg';
import { expandLog } from '../../src/matches/actionLog';
import type { ServerProcess } from './serverProcess';
import { type LoadStats, percentile } from './stats';

/** What the failover phase asks of the generators. */
export interface Players {
  /** Start counting afresh (drops, times back). */
  reset(): Promise<void>;
  /** The figures so far, and how many tables look stuck. */
  sample(): Promise<{ stats: LoadStats; stuck: number; sockets: number }>;
  /** The actions shown at every table a player dropped from, by match and version (JSON). */
  shown(): Promise<{ matchId: string; actions: string[] }[]>;
}

/** The restores a process counted, by outcome, from its /metrics. */
async function restores(server: ServerProcess): Promise<Record<'restored' | 'taken' | 'failed' | 'aborted' | 'recorded', number>> {
  const metrics = await server.metrics();
  const of = (outcome: string) => metrics.get(`flightchess_restores_total{outcome="${outcome}"}`) ?? 0;
  return { restored: of('restored'), taken: of('taken'), failed: of('failed'), aborted: of('aborted'), recorded: of('recorded') };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A match's stored actions: its compact log once it ended, else its write-ahead rows. */
async function storedActions(db: pg.Client, matchId: string): Promise<Action[]> {
  const match = (await db.query('SELECT seed, log FROM matches WHERE id = $1', [matchId])).rows[0] as
    { seed: string; log: Buffer | null } | undefined;
  if (!match) return [];
  if (match.log) return expandLog(match.seed, match.log);
  const rows = (await db.query('SELECT action FROM match_actions WHERE match_id = $1 ORDER BY idx', [matchId])).rows as {
    action: string;
  }[];
  return rows.map((r) => JSON.parse(r.action) as Action);
}

/** JSON with its keys sorted: an action read back from storage may list its fields in another order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/**
 * kill -9 of `victim` under load, and what came of it: the tables it held restored by the others (once each),
 * every dropped player back in their seat (how long after the kill), the games going on, and every action a
 * player was shown found stored. Prints its section; true when nothing was lost.
 */
export async function measureFailover(
  victim: ServerProcess,
  survivors: readonly ServerProcess[],
  databaseUrl: string,
  players: Players,
  playOnSeconds: number,
): Promise<boolean> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const heldBy = async (pid: number) =>
      Number((await db.query(`SELECT count(*) AS n FROM matches WHERE status = 'playing' AND owner LIKE $1`, [`%:${pid}:%`])).rows[0].n);
    const before = await Promise.all(survivors.map(restores));
    await players.reset();
    const held = await heldBy(victim.pid);
    const killedAt = Date.now();
    await victim.kill();

    // Until every dropped player is back (or gave up after a minute).
    let now = await players.sample();
    let restoredAllAt: number | null = null;
    while (Date.now() - killedAt < 90_000) {
      await sleep(250);
      now = await players.sample();
      if (restoredAllAt === null && (await heldBy(victim.pid)) === 0) restoredAllAt = Date.now();
      const { dropped, backMs, notBack } = now.stats;
      if (dropped > 0 && backMs.length + notBack >= dropped && restoredAllAt !== null) break;
    }
    const afterRestore = await Promise.all(survivors.map(restores));
    const delta = (k: keyof Awaited<ReturnType<typeof restores>>) => sum(afterRestore.map((a, i) => a[k] - before[i]![k]));
    // The games go on: actions keep coming at the restored tables too.
    const actionsThen = now.stats.actions;
    await sleep(playOnSeconds * 1000);
    const later = await players.sample();

    let checked = 0;
    let lost = 0;
    let differ = 0;
    const examples: string[] = [];
    for (const { matchId, actions } of await players.shown()) {
      const stored = await storedActions(db, matchId);
      actions.forEach((shown, version) => {
        if (shown == null) return; // a version not seen as an action (the snapshot after coming back covered it): a hole, null over IPC
        checked++;
        if (stored[version] === undefined) lost++;
        else if (canonical(stored[version]) !== canonical(JSON.parse(shown))) differ++;
        else return;
        examples.push(`${matchId} #${version}: shown ${shown}, stored ${JSON.stringify(stored[version] ?? null)} (of ${stored.length})`);
      });
    }
    for (const example of examples.slice(0, 5)) console.error(`an action shown is not what was stored: ${example}`);
    const back = [...now.stats.backMs].sort((a, b) => a - b);
    const rows: [string, string][] = [
      ['killed (kill -9)', `process ${victim.url}, holding ${held} games in play`],
      [
        'restored by the others',
        `${delta('restored')} (recorded ${delta('recorded')}, aborted ${delta('aborted')}, failed ${delta('failed')}, found taken ${delta('taken')})`,
      ],
      ['all restored after', restoredAllAt === null ? 'never (within 90 s)' : seconds(restoredAllAt - killedAt)],
      ['players dropped / back / not back', `${now.stats.dropped} / ${back.length} / ${now.stats.notBack}`],
      ['players whose table was between games (not stored)', `${now.stats.leftBetweenGames}`],
      ['back in their seat after the kill p50/p95/p99/max', [0.5, 0.95, 0.99, 1].map((p) => seconds(percentile(back, p))).join(' / ')],
      ['actions in the next ' + `${playOnSeconds} s`, `${later.stats.actions - actionsThen}`],
      ['actions shown at those tables found stored', `${checked - lost - differ} of ${checked} (${lost} missing, ${differ} different)`],
      ['stuck tables', `${later.stuck}`],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log('\nfailover');
    for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
    const restoredOnce = delta('restored') + delta('recorded') + delta('aborted') === held && delta('failed') === 0;
    return restoredOnce && restoredAllAt !== null && now.stats.notBack === 0 && lost === 0 && differ === 0 && later.stuck === 0;
  } finally {
    await db.end();
  }
}
