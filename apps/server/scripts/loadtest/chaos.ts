import type { Action } from '@flightchess/rules';
import Redis from 'ioredis';
import pg from 'pg';
import { expandLog } from '../../src/matches/actionLog';
import type { OwnService } from '../../test/support/ownServices';
import type { ServerProcess } from './serverProcess';
import { type LoadStats, percentile } from './stats';

/** What the chaos phase does, one after another: kill -9 a game process, or stop Redis or PostgreSQL a while. */
export type ChaosStep = 'kill' | 'redis' | 'postgres';
export const CHAOS_STEPS: readonly ChaosStep[] = ['kill', 'redis', 'postgres'];

/** What the chaos phase asks of the generators. */
export interface Players {
  /** Start counting afresh (drops, times back). */
  reset(): Promise<void>;
  /** The figures so far; tables stuck (a minute without an action) and quiet (10 s). */
  sample(): Promise<{ stats: LoadStats; stuck: number; quiet: number; quietTables: readonly string[]; sockets: number }>;
  /** The actions shown at every table, by match and version (JSON). */
  shown(): Promise<{ matchId: string; actions: string[] }[]>;
  /**
   * How many of up to `sample` tables playing (those a player dropped from, with `dropped`) the lobby
   * lists again to their host ("your game": the listings a player finds a table by).
   */
  listed(sample: number, dropped: boolean): Promise<{ listed: number; of: number }>;
  /** Cut one player's link at every `every`-th table playing; how many were cut. */
  cut(every: number): Promise<number>;
}

/** After each step has settled, a player's link is cut at one table in this many: finding a table again works too. */
const CUT_EVERY = 10;
/** Tables whose listing is checked (per generator) while a step settles. */
const LISTED_SAMPLE = 25;

export interface Chaos {
  /** The game processes; a killed one is left out of the next steps. */
  readonly servers: ServerProcess[];
  /** Each process's PUBLIC_ADDRESS: what its rooms' listings name. */
  readonly publicAddresses: ReadonlyMap<ServerProcess, string>;
  readonly redisUrl: string;
  readonly redis: OwnService | null;
  readonly postgres: OwnService | null;
  readonly databaseUrl: string;
  readonly players: Players;
  /** How long Redis or PostgreSQL stays down. */
  readonly downSeconds: number;
  /** After each step has settled: play this long, then check what was stored. */
  readonly playOnSeconds: number;
}

type Outcome = 'restored' | 'taken' | 'failed' | 'aborted' | 'recorded';

/** The matchmaker's listings of the tables (Colyseus' RedisDriver keeps them in one hash), by the address of their process. */
async function listings(redis: Redis): Promise<{ total: number; on: (address: string) => number }> {
  const byAddress = new Map<string, number>();
  const all = Object.values(await redis.hgetall('roomcaches'));
  for (const cache of all) {
    const address = (JSON.parse(cache) as { publicAddress?: string }).publicAddress ?? '';
    byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
  }
  return { total: all.length, on: (address) => byAddress.get(address) ?? 0 };
}

/** The restores a process counted, by outcome, from its /metrics. */
async function restores(server: ServerProcess): Promise<Record<Outcome, number>> {
  const metrics = await server.metrics();
  const of = (outcome: Outcome) => metrics.get(`flightchess_restores_total{outcome="${outcome}"}`) ?? 0;
  return { restored: of('restored'), taken: of('taken'), failed: of('failed'), aborted: of('aborted'), recorded: of('recorded') };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A match's stored actions: its compact log once it ended, else its write-ahead rows. */
async function storedActions(db: pg.Pool, matchId: string): Promise<Action[]> {
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

/** Every action a player was shown, compared with what is stored: how many, missing, different (a few examples said). */
async function compareStored(db: pg.Pool, players: Players): Promise<{ checked: number; lost: number; differ: number }> {
  let checked = 0;
  let lost = 0;
  let differ = 0;
  const examples: string[] = [];
  for (const { matchId, actions } of await players.shown()) {
    const stored = await storedActions(db, matchId);
    actions.forEach((shown, version) => {
      // A version not seen as an action (the snapshot after coming back covered it): a hole, null over IPC.
      if (shown == null) return;
      checked++;
      if (stored[version] === undefined) lost++;
      else if (canonical(stored[version]) !== canonical(JSON.parse(shown))) differ++;
      else return;
      examples.push(`${matchId} #${version}: shown ${shown}, stored ${JSON.stringify(stored[version] ?? null)} (of ${stored.length})`);
    });
  }
  for (const example of examples.slice(0, 5)) console.error(`an action shown is not what was stored: ${example}`);
  return { checked, lost, differ };
}

/**
 * Each step under load, one after another, and what came of it: the game processes still running, the
 * tables of a killed one restored by the others (once each), every dropped player back in their seat (how
 * long after), every table playing again, and every action a player was shown found stored. Prints a
 * section per step; true when every step recovered with nothing lost.
 */
export async function runChaos(steps: readonly ChaosStep[], c: Chaos): Promise<boolean> {
  // A pool of one: it connects again by itself after the PostgreSQL step cut its connection.
  const db = new pg.Pool({ connectionString: c.databaseUrl, max: 1 });
  db.on('error', () => undefined);
  let clean = true;
  try {
    for (const step of steps) clean = (await runStep(step, c, db)) && clean;
  } finally {
    await db.end();
  }
  return clean;
}

async function runStep(step: ChaosStep, c: Chaos, db: pg.Pool): Promise<boolean> {
  const rows: [string, string][] = [];
  const heldBy = async (pid: number) =>
    Number((await db.query(`SELECT count(*) AS n FROM matches WHERE status = 'playing' AND owner LIKE $1`, [`%:${pid}:%`])).rows[0].n);
  await c.players.reset();
  const redis = new Redis(c.redisUrl, { maxRetriesPerRequest: null });
  redis.on('error', () => undefined); // the Redis step stops it: this client connects again by itself
  const listedBefore = await listings(redis);
  /** The listings there must be again: all of them, but the killed process's tables without a game in play (nothing to restore). */
  let listingsWanted = listedBefore.total;
  const startedAt = Date.now();
  let held = 0;
  let victim: ServerProcess | null = null;
  let survivorsBefore: Record<Outcome, number>[] = [];
  let restoredOnce = true;

  if (step === 'kill') {
    victim = c.servers.shift()!;
    survivorsBefore = await Promise.all(c.servers.map(restores));
    held = await heldBy(victim.pid);
    listingsWanted -= listedBefore.on(c.publicAddresses.get(victim)!) - held;
    await victim.kill();
    rows.push(['killed (kill -9)', `process ${victim.url}, holding ${held} games in play`]);
  } else {
    const outage = step === 'redis' ? c.redis : c.postgres;
    if (!outage) throw new Error(`--chaos ${step} needs the run's own ${step} (leave out --${step === 'redis' ? 'redis' : 'database'})`);
    const before = await c.players.sample();
    await outage.stop();
    await sleep(c.downSeconds * 1000);
    const whileDown = await c.players.sample();
    await outage.start();
    rows.push([`${step} down`, `${c.downSeconds} s`]);
    rows.push(['actions while down', `${whileDown.stats.actions - before.stats.actions}; refusals: ${refusals(whileDown.stats)}`]);
  }
  const fromAt = Date.now();

  // Until every dropped player is back (or gave up after a minute), every table is playing again, and a
  // killed process's games all have a new owner.
  let now = await c.players.sample();
  let restoredAllAt: number | null = victim ? null : fromAt;
  let listedAt: number | null = null;
  let listed = { listed: 0, of: 0 };
  let relistedAt: number | null = null;
  let relisted = { total: 0, dead: 0 };
  for (let round = 0; Date.now() - fromAt < 120_000; round++) {
    await sleep(250);
    now = await c.players.sample();
    if (restoredAllAt === null && victim && (await heldBy(victim.pid)) === 0) restoredAllAt = Date.now();
    if (relistedAt === null) {
      const now = await listings(redis);
      relisted = { total: now.total, dead: victim ? now.on(c.publicAddresses.get(victim)!) : 0 };
      if (relisted.dead === 0 && relisted.total >= listingsWanted) relistedAt = Date.now();
    }
    if (listedAt === null && round % 2 === 0) {
      listed = await c.players.listed(LISTED_SAMPLE, victim !== null);
      if (listed.listed === listed.of && listed.of > 0) listedAt = Date.now();
    }
    const { dropped, backMs, notBack } = now.stats;
    if (
      backMs.length + notBack >= dropped &&
      now.quiet === 0 &&
      restoredAllAt !== null &&
      listedAt !== null &&
      relistedAt !== null &&
      Date.now() - fromAt > 1000
    )
      break;
  }
  const settledAt = Date.now();
  for (const table of now.quietTables) console.error(`held up: ${table}`);
  if (victim) {
    const after = await Promise.all(c.servers.map(restores));
    const delta = (k: Outcome) => sum(after.map((a, i) => a[k] - survivorsBefore[i]![k]));
    restoredOnce = delta('restored') + delta('recorded') + delta('aborted') === held && delta('failed') === 0;
    rows.push([
      'restored by the others',
      `${delta('restored')} (recorded ${delta('recorded')}, aborted ${delta('aborted')}, failed ${delta('failed')}; ${restoredOnce ? 'each once' : 'NOT each once'})`,
    ]);
    rows.push(['all restored after the kill', restoredAllAt === null ? 'never (within 2 min)' : seconds(restoredAllAt - startedAt)]);
  }
  const back = [...now.stats.backMs].sort((a, b) => a - b);
  rows.push(['players dropped / back / not back', `${now.stats.dropped} / ${back.length} / ${now.stats.notBack}`]);
  rows.push(['players whose table was between games (not stored)', `${now.stats.leftBetweenGames}`]);
  if (back.length)
    rows.push([
      'back in their seat after the drop p50/p95/p99/max',
      [0.5, 0.95, 0.99, 1].map((p) => seconds(percentile(back, p))).join(' / '),
    ]);
  rows.push([
    `every table playing again${victim ? '' : ' after the restart'}`,
    now.quiet === 0 ? `after ${seconds(settledAt - fromAt)}` : `no: ${now.quiet} held up after 2 min`,
  ]);
  const since = `after the ${victim ? 'kill' : 'restart'}`;
  rows.push([
    `matchmaker listings complete again (${listingsWanted}${victim ? ', none on the killed process' : ''})`,
    relistedAt === null
      ? `no: ${relisted.total} listed, ${relisted.dead} on the killed process, after 2 min`
      : `${seconds(relistedAt - (victim ? startedAt : fromAt))} ${since}`,
  ]);
  rows.push([
    `tables listed to their players again (${listed.of} sampled)`,
    listedAt === null
      ? `no: ${listed.listed} of ${listed.of} after 2 min`
      : `${seconds(listedAt - (victim ? startedAt : fromAt))} ${since}`,
  ]);
  rows.push(['refusals since the step began', refusals(now.stats)]);

  // Finding a table and taking a seat back work again (listings, reservations): links cut now come back.
  const [droppedBefore, backBefore] = [now.stats.dropped + now.stats.leftBetweenGames, [...now.stats.backMs]];
  const cut = await c.players.cut(CUT_EVERY);
  const cutAt = Date.now();
  while (Date.now() - cutAt < 70_000) {
    await sleep(250);
    now = await c.players.sample();
    if (
      now.stats.dropped + now.stats.leftBetweenGames >= droppedBefore + cut &&
      now.stats.backMs.length + now.stats.notBack >= now.stats.dropped
    )
      break;
  }
  // The times back since the cut: what the generators report now less what they reported before (each
  // generator's list grows at its own end, so the joined list is not in order).
  const cutBack = [...now.stats.backMs];
  for (const ms of backBefore) cutBack.splice(cutBack.indexOf(ms), 1);
  cutBack.sort((a, b) => a - b);
  rows.push([
    `links cut then (1 table in ${CUT_EVERY}): back, p99`,
    `${cutBack.length} of ${cut}${cutBack.length ? `, ${seconds(percentile(cutBack, 0.99))}` : ''}`,
  ]);

  // The games go on: actions keep coming; then what every player was shown must be what is stored.
  await sleep(c.playOnSeconds * 1000);
  const later = await c.players.sample();
  rows.push([`actions in the next ${c.playOnSeconds} s`, `${later.stats.actions - now.stats.actions}`]);
  const { checked, lost, differ } = await compareStored(db, c.players);
  rows.push([
    'actions shown found stored (every table, every game)',
    `${checked - lost - differ} of ${checked} (${lost} missing, ${differ} different)`,
  ]);
  const crashed = c.servers.filter((s) => s.exited).length;
  rows.push(['stuck tables / game processes ended', `${later.stuck} / ${crashed}`]);

  redis.disconnect();
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\nchaos: ${step}`);
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
  return (
    restoredOnce &&
    restoredAllAt !== null &&
    listedAt !== null &&
    relistedAt !== null &&
    cutBack.length === cut &&
    now.stats.notBack === 0 &&
    now.quiet === 0 &&
    lost === 0 &&
    differ === 0 &&
    later.stuck === 0 &&
    crashed === 0 &&
    later.stats.actions > now.stats.actions
  );
}

/** Refusals counted, by request and code. */
const refusals = (stats: LoadStats): string =>
  Object.entries(stats.refusals)
    .map(([why, n]) => `${why}: ${n}`)
    .join(', ') || 'none';
