/**
 * The presence benchmark: `npm run bench:presence -- [--players N] [--friends F] [--changes R] [--seconds S] [--processes 1|2]`.
 *
 * Seeds N players, each with F friends (a ring: player i is friends with the F/2 on either side), starts
 * the bundled server (one process on SQLite, or two behind a Redis and a PostgreSQL of the run's own),
 * opens every player's page stream (POST /api/me/events, spread over the processes), then for S seconds
 * changes R presences a second — a player turning "appear offline" on or off (POST /api/friends/settings),
 * each player in turn — and measures, for every change, when each of the player's F friends' streams is
 * told: p50/p95/p99/max over all deliveries. Also the server's memory per open page (RSS and heap after a
 * full GC, before the streams and after), and what the server's CPU did.
 */
import { Agent, request } from 'node:http';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createGuest } from '../src/accounts/guests';
import { MIGRATIONS } from '../src/migrations';
import { storageOn } from '../src/repositories';
import { migrated, sqliteDatabase } from '../src/storage/open';
import { type Sql, postgresPool, postgresSql } from '../src/storage/sql';
import { ownPostgres, ownRedis } from '../test/support/ownServices';
import { freePort } from '../test/support/ports';
import { SERVER_BUNDLE, ServerProcess } from './loadtest/serverProcess';
import { percentile } from './loadtest/stats';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '10000' },
    friends: { type: 'string', default: '50' },
    changes: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '20' },
    processes: { type: 'string', default: '1' },
  },
});
const count = (name: string, v: string | undefined) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: a whole number ≥ 1`);
  return n;
};
const PLAYERS = count('players', values.players);
const FRIENDS = Math.min(count('friends', values.friends), PLAYERS - 1) & ~1;
const CHANGES = count('changes', values.changes);
const SECONDS = count('seconds', values.seconds);
const PROCESSES = count('processes', values.processes);

const UNLIMITED = Object.fromEntries(
  ['HTTP_PER_MINUTE', 'GUESTS_PER_MINUTE', 'SOCKETS_PER_ADDRESS', 'CONNECTIONS_PER_ADDRESS', 'MAX_CONNECTIONS'].map((n) => [n, '10000000']),
);

interface Player {
  readonly playerId: string;
  readonly secret: string;
}

/** N players and a ring of friendships, written straight into the database the server will open. */
async function seed(sql: Sql): Promise<Player[]> {
  const storage = storageOn(sql);
  const players: Player[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const { playerId, secret } = await createGuest(storage, `P${i}`);
    players.push({ playerId, secret });
  }
  const rows: unknown[][] = [];
  for (let i = 0; i < PLAYERS; i++)
    for (let d = 1; d <= FRIENDS / 2; d++) {
      const j = (i + d) % PLAYERS;
      rows.push([players[i]!.playerId, players[j]!.playerId, 1], [players[j]!.playerId, players[i]!.playerId, 1]);
    }
  const BATCH = 500;
  await sql.transaction(async (tx) => {
    for (let k = 0; k < rows.length; k += BATCH) {
      const batch = rows.slice(k, k + BATCH);
      await tx.run(
        `INSERT INTO friendships (player_id, friend_id, since) VALUES ${batch.map(() => '(?, ?, ?)').join(', ')} ON CONFLICT DO NOTHING`,
        batch.flat(),
      );
    }
  });
  return players;
}

/** How a presence event begins on the wire (SocialEvent, as the server writes it), up to whose it is. */
const PRESENCE = 'data: {"type":"presence","playerId":"';

/** The changes' requests: over a few kept-alive connections, as browsers keep theirs. */
const agent = new Agent({ keepAlive: true, maxSockets: 200 });

/** One player's open page: its stream, and each presence event's arrival, by whose it was. */
function openPage(url: string, player: Player, told: (about: string, at: number) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(player);
    const { hostname, port } = new URL(url);
    const req = request(
      {
        host: hostname,
        port,
        path: '/api/me/events',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream refused: ${res.statusCode}`));
        let buffered = '';
        let first = true;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffered += chunk;
          let end: number;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const frame = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            // Only presence events are timed: whose it is read off the text (50,000 a second are not parsed whole).
            if (frame.startsWith(PRESENCE)) told(frame.slice(PRESENCE.length, frame.indexOf('"', PRESENCE.length)), performance.now());
            else if (first && frame.startsWith('data: {"type":"friends"')) {
              first = false;
              resolve(() => req.destroy());
            }
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function post(url: string, path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const { hostname, port } = new URL(url);
    const req = request(
      {
        host: hostname,
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (v: number) => `${v.toFixed(0)} ms`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'flightchess-presence-'));
  // The run's own PostgreSQL runs as its own user, which must reach its data directory in here.
  chmodSync(dir, 0o755);
  const redis = PROCESSES > 1 ? await ownRedis(join(dir, 'redis'), await freePort()) : null;
  const pg = PROCESSES > 1 ? await ownPostgres(join(dir, 'pg'), await freePort()) : null;
  const sql = pg
    ? await migrated(postgresSql(postgresPool(pg.url, (e) => console.error(e))), MIGRATIONS)
    : await migrated(sqliteDatabase(join(dir, 'flightchess.db')), MIGRATIONS);
  const seeded = performance.now();
  const players = await seed(sql);
  await sql.close();
  console.log(`seeded ${PLAYERS} players, ${FRIENDS} friends each, in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const servers: ServerProcess[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    const port = await freePort();
    servers.push(
      await ServerProcess.start({
        bundle: SERVER_BUNDLE,
        port,
        cpu: null,
        // PRESENCE_PROFILE=<dir>: each server writes a CPU profile there when it stops.
        nodeArgs: process.env.PRESENCE_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PRESENCE_PROFILE}`] : [],
        env: {
          ...UNLIMITED,
          LOG_LEVEL: 'warn',
          DATA_DIR: dir,
          ...(pg ? { DATABASE_URL: pg.url, REDIS_URL: redis!.url, PUBLIC_ADDRESS: `127.0.0.1:${port}` } : {}),
        },
      }),
    );
  }
  const heapOf = async (s: ServerProcess) => (await s.metrics()).get('flightchess_nodejs_heap_size_used_bytes') ?? NaN;
  const memory = async () => {
    for (const s of servers) await s.collect();
    return {
      rss: servers.reduce((a, s) => a + s.rssBytes(), 0),
      heap: (await Promise.all(servers.map(heapOf))).reduce((a, b) => a + b, 0),
    };
  };
  const before = await memory();

  // Every page's stream, player i on process i mod P; each presence event's arrival is matched to the change it tells.
  const changedAt = new Map<string, number>();
  const latencies: number[] = [];
  let unexpected = 0;
  const told = (about: string, at: number) => {
    const t0 = changedAt.get(about);
    if (t0 === undefined) unexpected++;
    else latencies.push(at - t0);
  };
  const opening = performance.now();
  const closers: (() => void)[] = [];
  const OPEN_AT_ONCE = 200;
  for (let k = 0; k < PLAYERS; k += OPEN_AT_ONCE)
    closers.push(
      ...(await Promise.all(players.slice(k, k + OPEN_AT_ONCE).map((p, i) => openPage(servers[(k + i) % PROCESSES]!.url, p, told)))),
    );
  console.log(`${PLAYERS} pages open in ${((performance.now() - opening) / 1000).toFixed(1)} s`);
  // Let the pages' own "online" presences reach their friends before measuring.
  await new Promise((r) => setTimeout(r, 8_000));
  unexpected = 0;
  latencies.length = 0;
  const open = await memory();

  // R changes a second, one player after another; a player changes again only N/R seconds later.
  const cpuBefore = servers.map((s) => s.cpuMs());
  const hidden = new Set<string>();
  let sent = 0;
  let failed = 0;
  const failures = new Map<string, number>();
  const failedWith = (why: string) => {
    failed++;
    failures.set(why, (failures.get(why) ?? 0) + 1);
  };
  const started = performance.now();
  const pending: Promise<void>[] = [];
  while (performance.now() - started < SECONDS * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * CHANGES);
    while (sent < due) {
      const i = sent % PLAYERS;
      const p = players[i]!;
      const hide = !hidden.has(p.playerId);
      if (hide) hidden.add(p.playerId);
      else hidden.delete(p.playerId);
      changedAt.set(p.playerId, performance.now());
      pending.push(
        post(servers[i % PROCESSES]!.url, '/api/friends/settings', { ...p, appearOffline: hide }).then(
          (status) => void (status !== 200 && failedWith(String(status))),
          (error: Error) => void failedWith(error.message),
        ),
      );
      sent++;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 3_000));
  const cpu = servers.map((s, i) => s.cpuMs().user + s.cpuMs().system - cpuBefore[i]!.user - cpuBefore[i]!.system);

  const sorted = latencies.sort((a, b) => a - b);
  const expected = sent * FRIENDS;
  const perPage = (a: number, b: number) => kb((a - b) / PLAYERS);
  console.log('');
  console.log(
    `presence, ${PROCESSES} process${PROCESSES > 1 ? 'es behind Redis + PostgreSQL' : ' on SQLite'}: ${PLAYERS} pages open, ${FRIENDS} friends each`,
  );
  console.log(
    `changes (appear offline on/off)        ${sent} in ${elapsed.toFixed(1)} s = ${(sent / elapsed).toFixed(0)}/s, ${failed} failed${failed ? ` (${[...failures].map(([why, n]) => `${why}: ${n}`).join(', ')})` : ''}`,
  );
  console.log(`deliveries to friends' streams         ${latencies.length} of ${expected} expected (${unexpected} unmatched)`);
  console.log(
    `change → friend's stream p50/p95/p99/max ${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.95))} / ${ms(percentile(sorted, 0.99))} / ${ms(sorted.at(-1) ?? NaN)}`,
  );
  console.log(
    `server memory, all processes           RSS ${mb(before.rss)} → ${mb(open.rss)}, heap ${mb(before.heap)} → ${mb(open.heap)} (after a full GC)`,
  );
  console.log(`per open page                          RSS ${perPage(open.rss, before.rss)}, heap ${perPage(open.heap, before.heap)}`);
  console.log(`server CPU during the changes          ${cpu.map((c) => `${(c / 10 / elapsed).toFixed(0)}%`).join(' + ')} of a core`);

  for (const close of closers) close();
  agent.destroy();
  await Promise.all(servers.map((s) => s.stop()));
  await redis?.close();
  await pg?.close();
  rmSync(dir, { recursive: true, force: true });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
