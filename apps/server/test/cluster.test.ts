import { Client } from 'colyseus.js';
import Redis from 'ioredis';
import { PostgresStorage } from '../src/storage/postgres';
import { type Guest, Player, getJson, newGuest, play, waitFor } from './support/players';
import { freshSchema, type TestSchema } from './support/postgres';
import { type ServerProcess, buildBundle, startServerProcess } from './support/processes';
import { startProxy } from './support/proxy';
import { freePort } from './support/server';
import { describeWithServices, serviceUrl } from './support/services';

jest.setTimeout(120_000);

type Name = 'a' | 'b';

/** A colyseus.js client whose HTTP requests go to `baseUrl`, noting where its websockets were sent. */
function clientVia(baseUrl: string): { client: Client; sockets: string[] } {
  const sockets: string[] = [];
  const client = new Client(baseUrl, {
    urlBuilder: (url: URL) => {
      if (url.protocol.startsWith('ws')) sockets.push(url.href);
      return url.href;
    },
  });
  return { client, sockets };
}

/** Which process a websocket was routed to: the first path segment of its public address. */
const processOf = (socketUrl: string | undefined): string => new URL(socketUrl ?? 'ws://none/').pathname.split('/')[1] ?? '';

const credentials = (g: Guest) => ({ playerId: g.playerId, secret: g.secret });

describeWithServices('two server processes behind one reverse proxy (Redis + PostgreSQL)', ['TEST_REDIS_URL', 'TEST_DATABASE_URL', 'TEST_NGINX'], () => {
  let bundle: ReturnType<typeof buildBundle>;
  let schema: TestSchema;
  let proxy: { stop(): Promise<void> };
  let proxyUrl: string;
  let servers: Record<Name, ServerProcess>;
  let database: PostgresStorage;
  const other = (name: string): Name => (name === 'a' ? 'b' : 'a');

  beforeAll(async () => {
    bundle = buildBundle();
    schema = await freshSchema(serviceUrl('TEST_DATABASE_URL'));
    // A Redis database of this file's own, emptied of anything an earlier run left.
    const redisUrl = new URL(serviceUrl('TEST_REDIS_URL'));
    redisUrl.pathname = '/7';
    const redis = new Redis(redisUrl.toString());
    await redis.flushdb();
    await redis.quit();

    const [proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    proxy = await startProxy(serviceUrl('TEST_NGINX'), proxyPort, `127.0.0.1:${portA}`, `127.0.0.1:${portB}`);
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const env = (name: Name, port: number) => ({
      PORT: String(port),
      REDIS_URL: redisUrl.toString(),
      DATABASE_URL: schema.url,
      PUBLIC_ADDRESS: `127.0.0.1:${proxyPort}/${name}`,
      TURN_SECONDS: '30',
      SHUTDOWN_GRACE_SECONDS: '90',
    });
    const [a, b] = await Promise.all([startServerProcess(bundle.file, 'a', env('a', portA)), startServerProcess(bundle.file, 'b', env('b', portB))]);
    servers = { a, b };
    database = await PostgresStorage.open(schema.url, (err) => {
      throw err;
    });
  });

  afterAll(async () => {
    await Promise.all(Object.values(servers ?? {}).map((s) => s.stop()));
    await proxy?.stop();
    await database?.close();
    await schema?.drop();
    bundle?.remove();
  });

  test('a table created through one process is joined through the other, played to the end with a reconnection through the process without the room, and recorded in the shared database', async () => {
    const viaA = clientVia(servers.a.baseUrl);
    const viaB = clientVia(servers.b.baseUrl);
    const ann = await newGuest(servers.a, 'Ann');
    const bob = await newGuest(servers.b, 'Bob');
    const host = new Player(await viaA.client.create('table', { size: 2, ...credentials(ann) }), ann);
    const guest = new Player(await viaB.client.joinById(host.room.roomId, credentials(bob)), bob);
    const players = [host, guest];
    await waitFor(() => players.every((p) => p.colour !== ''), 'both seats');

    // Whichever process took the HTTP request, both websockets went through the proxy to the room's process.
    const holder = processOf(viaA.sockets[0]);
    expect(['a', 'b']).toContain(holder);
    expect(processOf(viaB.sockets[0])).toBe(holder);
    expect(viaA.sockets[0]).toContain(`${new URL(proxyUrl).host}/${holder}/`);

    for (const p of players) p.send('ready', { ready: true });
    await waitFor(() => players.every((p) => p.state.status === 'playing'), 'the game to start');
    await play(players, (s) => s.rolls >= 6 && s.phase === 'roll');

    // Bob's connection drops; he comes back through the process that does not hold the room.
    const token = guest.room.reconnectionToken;
    const seat = guest.colour;
    await guest.room.leave(false);
    await waitFor(() => host.state.seats.get(seat).connected === false, 'the drop to show');
    const back = clientVia(servers[other(holder)].baseUrl);
    guest.adopt(await back.client.reconnect(token));
    expect(processOf(back.sockets[0])).toBe(holder);
    await waitFor(() => host.state.seats.get(seat).connected === true, 'the seat to be back');
    expect(guest.colour).toBe(seat);

    await play(players);
    await waitFor(() => players.every((p) => p.state.result.recorded), 'the result to be recorded');
    const s = host.state;
    expect(s.result.reason).toBe('finish');

    // The record is in the shared database, and each process serves and verifies it.
    const match = await database.getMatch(s.matchId as string);
    expect(match).toMatchObject({ status: 'finished', tableId: host.room.roomId, seed: s.seed });
    expect(match?.actions).toHaveLength(s.version as number);
    expect(match?.seats.map((x) => x.playerId).sort()).toEqual([ann.playerId, bob.playerId].sort());
    for (const server of Object.values(servers)) {
      const verified = (await getJson(server, `/api/matches/${s.matchId}/verify`)).body;
      expect(verified.dice.ok).toBe(true);
      expect(verified.replay).toMatchObject({ ok: true, matchesRecord: true, gameOver: true });
      expect((await getJson(server, `/api/players/${bob.playerId}`)).body).toMatchObject({ games: 1 });
    }
    expect(servers[holder as Name].logs.some((l) => l.event === 'player-reconnected' && l.tableId === host.room.roomId)).toBe(true);
    await Promise.all(players.map((p) => p.room.leave(true)));
  });

  test('through the proxy every process answers alike: health, the lobby and private join codes', async () => {
    const proxied = { baseUrl: proxyUrl };
    expect((await getJson(proxied, '/healthz')).body).toMatchObject({ status: 'ok' });
    const via = clientVia(proxyUrl);
    const cy = await newGuest(proxied, 'Cy');
    const dee = await newGuest(proxied, 'Dee');
    const secret = new Player(await via.client.create('table', { private: true, size: 2, ...credentials(cy) }), cy);
    const open = new Player(await via.client.create('table', { size: 3, ...credentials(dee) }), dee);
    await waitFor(() => secret.state.code !== '' && open.colour !== '', 'the tables');
    for (const server of Object.values(servers)) {
      expect((await getJson(server, `/api/tables/code/${secret.state.code}`)).body).toMatchObject({ roomId: secret.room.roomId });
      const listed = (await getJson(server, '/api/tables')).body as { roomId: string }[];
      expect(listed.map((t) => t.roomId)).toContain(open.room.roomId);
      expect(listed.map((t) => t.roomId)).not.toContain(secret.room.roomId);
    }
    await Promise.all([secret.room.leave(true), open.room.leave(true)]);
  });

  test('SIGTERM drains a process: its new tables go to the other one, its game plays to the end and is recorded, then it exits', async () => {
    const via = clientVia(proxyUrl);
    const eve = await newGuest({ baseUrl: proxyUrl }, 'Eve');
    const fay = await newGuest({ baseUrl: proxyUrl }, 'Fay');
    const host = new Player(await via.client.create('table', { size: 2, ...credentials(eve) }), eve);
    const guest = new Player(await via.client.joinById(host.room.roomId, credentials(fay)), fay);
    const players = [host, guest];
    await waitFor(() => players.every((p) => p.colour !== ''), 'both seats');
    for (const p of players) p.send('ready', { ready: true });
    await waitFor(() => players.every((p) => p.state.status === 'playing'), 'the game to start');
    await play(players, (s) => s.rolls >= 4 && s.phase === 'roll');

    const stopping = servers[processOf(via.sockets[0]) as Name];
    const staying = servers[other(stopping.name)];
    stopping.signal('SIGTERM');
    await stopping.logged('draining');
    expect((await getJson(stopping, '/healthz')).status).toBe(503);

    // New tables asked of the draining process are created on the other one.
    for (let i = 0; i < 3; i++) {
      const asked = clientVia(stopping.baseUrl);
      const g = await newGuest(stopping, `New${i}`);
      const table = await asked.client.create('table', { size: 2, ...credentials(g) });
      expect(processOf(asked.sockets[0])).toBe(staying.name);
      await table.leave(true);
    }

    // The game on the draining process goes on to the end, and only then does the process exit.
    await play(players);
    await waitFor(() => players.every((p) => p.state.result.recorded), 'the result to be recorded');
    expect(await stopping.exited).toBe(0);
    expect(stopping.logs.find((l) => l.event === 'drained')).toMatchObject({ finished: true });
    expect(await database.getMatch(host.state.matchId as string)).toMatchObject({ status: 'finished' });

    // The other process carries on behind the same address.
    expect((await getJson({ baseUrl: proxyUrl }, '/healthz')).body).toMatchObject({ status: 'ok' });
    const after = clientVia(proxyUrl);
    const g = await newGuest({ baseUrl: proxyUrl }, 'Gus');
    const table = await after.client.create('table', { size: 2, ...credentials(g) });
    expect(processOf(after.sockets[0])).toBe(staying.name);
    await table.leave(true);
  });
});
