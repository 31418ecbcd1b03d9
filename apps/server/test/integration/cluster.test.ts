import Redis from 'ioredis';
import { type Storage, openPostgresStorage } from '../../src/repositories';
import { replayGame, rollsIn, verifyRolls, verifyStreamRolls } from '@flightchess/rules';
import { CLOSE_CODES, JOIN_ERROR_NUMBERS, type TournamentView } from '@flightchess/protocol';
import {
  Player,
  choosing,
  credentials,
  getJson,
  newGuest,
  play,
  postJson,
  rejoin,
  twoPlayerGame,
  waitFor,
  watch,
} from '../support/players';
import { freshSchema, type TestSchema } from '../support/postgres';
import { PageEvents } from '../support/pageEvents';
import { serverBundle } from '../support/bundle';
import { type ServerProcess, startServerProcess } from '../support/processes';
import { startProxy } from '../support/proxy';
import { ADMIN_TOKEN, type Name, admin, clientVia, eventually, guestFrom, processOf, wrongSignInFrom } from '../support/cluster';
import { DEFAULT_CONFIG } from '../../src/config';
import { freePort } from '../support/server';
import { describeWithServices, serviceUrl } from '../support/services';

jest.setTimeout(120_000);

/** Per process: enough for what the other tests create from 127.0.0.1 through the proxy. */
const GUESTS_PER_MINUTE = 24;

describeWithServices(
  'two server processes behind one reverse proxy (Redis + PostgreSQL)',
  ['TEST_REDIS_URL', 'TEST_DATABASE_URL', 'TEST_NGINX'],
  () => {
    let schema: TestSchema;
    let proxy: { stop(): Promise<void> };
    let proxyUrl: string;
    let servers: Record<Name, ServerProcess>;
    let database: Storage;
    let start: (name: Name) => Promise<ServerProcess>;
    const other = (name: string): Name => (name === 'a' ? 'b' : 'a');

    beforeAll(async () => {
      schema = await freshSchema(serviceUrl('TEST_DATABASE_URL'));
      // A Redis database of this file's own, emptied of anything an earlier run left.
      const redisUrl = new URL(serviceUrl('TEST_REDIS_URL'));
      redisUrl.pathname = '/7';
      const redis = new Redis(redisUrl.toString());
      await redis.flushdb();
      await redis.quit();

      const [proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
      proxy = await startProxy(serviceUrl('TEST_NGINX'), proxyPort, [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`]);
      proxyUrl = `http://127.0.0.1:${proxyPort}`;
      const ports: Record<Name, number> = { a: portA, b: portB };
      start = (name: Name) =>
        startServerProcess(serverBundle(), name, {
          PORT: String(ports[name]),
          REDIS_URL: redisUrl.toString(),
          DATABASE_URL: schema.url,
          PUBLIC_ADDRESS: `127.0.0.1:${proxyPort}/${name}`,
          TURN_SECONDS: '30',
          // A dead process's tables are restored by the other one after this long.
          SHUTDOWN_MODE: 'drain',
          SHUTDOWN_GRACE_SECONDS: '90',
          // nginx tells the client's address in X-Forwarded-For; the per-address limits count that one.
          TRUST_PROXY: '127.0.0.1',
          GUESTS_PER_MINUTE: String(GUESTS_PER_MINUTE),
          ADMIN_TOKEN,
        });
      const [a, b] = await Promise.all([start('a'), start('b')]);
      servers = { a, b };
      database = await openPostgresStorage(schema.url, (err) => {
        throw err;
      });
    });

    afterAll(async () => {
      await Promise.all(Object.values(servers ?? {}).map((s) => s.stop()));
      await proxy?.stop();
      await database?.close();
      await schema?.drop();
    });

    test('a table created through one process is joined and watched through the other, played to the end with a reconnection through the process without the room, and recorded in the shared database', async () => {
      const viaA = clientVia(servers.a.baseUrl);
      const viaB = clientVia(servers.b.baseUrl);
      const ann = await newGuest(servers.a, 'Ann');
      const bob = await newGuest(servers.b, 'Bob');
      const host = new Player(await viaA.client.create('table', { size: 2, ...credentials(ann) }), ann);
      const guest = new Player(await viaB.client.joinById(host.room.roomId, credentials(bob)), bob);
      const players = [host, guest];
      await waitFor(() => players.every((p) => p.seated), 'both seats');

      // Whichever process took the HTTP request, both websockets went through the proxy to the room's process.
      const holder = processOf(viaA.sockets[0]);
      expect(['a', 'b']).toContain(holder);
      expect(processOf(viaB.sockets[0])).toBe(holder);
      expect(viaA.sockets[0]).toContain(`${new URL(proxyUrl).host}/${holder}/`);

      for (const p of players) p.send('ready', { ready: true });
      await waitFor(() => players.every((p) => p.state.status === 'playing' && p.stream.state !== null), 'the game to start');
      // A watcher comes in through the process without the room: its websocket is routed to the holder.
      const viaOther = clientVia(servers[other(holder)].baseUrl);
      const watcher = await watch(viaOther.client, host.room.roomId, await newGuest(servers[other(holder)], 'Watcher'));
      expect(processOf(viaOther.sockets[0])).toBe(holder);
      await waitFor(() => host.state.watchers === 1, 'the watcher counted');
      await play(players, (g) => g.rolls >= 6 && g.phase === 'roll');

      // Bob's connection drops; he comes back through the process that does not hold the room.
      const token = guest.room.reconnectionToken;
      const seat = guest.colour;
      await guest.room.leave(false);
      await waitFor(() => host.state.seats.get(seat).connected === false, 'the drop to show');
      const back = clientVia(servers[other(holder)].baseUrl);
      guest.adopt(await back.client.reconnect(token));
      expect(processOf(back.sockets[0])).toBe(holder);
      await waitFor(() => host.state.seats.get(seat).connected === true, 'the seat to be back');
      // (The reconnected room's state comes just after it opens.)
      await waitFor(() => guest.colour === seat, 'the seat in the reconnected room');

      await play(players);
      await waitFor(() => players.every((p) => p.state.result.recorded), 'the result to be recorded');
      const s = host.state;
      expect(s.result.reason).toBe('finish');
      await waitFor(() => watcher.state.result.recorded, 'the watcher to see the result');
      expect(watcher.game).toEqual(host.game);
      await watcher.room.leave();

      // The record is in the shared database, and each process serves and verifies it.
      const match = await database.getMatch(s.matchId as string);
      expect(match).toMatchObject({ status: 'finished', tableId: host.room.roomId, seed: s.seed });
      expect(match?.actions).toHaveLength(host.game.version);
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

    test('a tournament over both processes: its course taken once though both run it, its tables joined through either, its board revealed and checked in the shared database', async () => {
      const http = { baseUrl: proxyUrl };
      const guests = await Promise.all(['Ava', 'Ben', 'Cy', 'Di'].map((n) => newGuest(http, n)));
      const made = (
        await postJson<TournamentView>(http, '/api/tournaments', {
          ...credentials(guests[0]!),
          format: 'swiss',
          seats: 2,
          rounds: 1,
          duplicate: true,
          startsAt: Date.now() + 2_000,
        })
      ).body;
      // Joined through each process in turn.
      for (const [i, g] of guests.slice(1).entries())
        expect(
          (await postJson({ baseUrl: servers[i % 2 ? 'a' : 'b'].baseUrl }, `/api/tournaments/${made.id}/join`, credentials(g))).status,
        ).toBe(200);
      const view = async () => (await getJson<TournamentView>(http, `/api/tournaments/${made.id}`)).body;
      // One view for both checks: a duplicate tournament lists its rounds to come (their boards committed) with no
      // tables, so round 1 read before its pairing has every one of its tables playing.
      await waitFor(
        async () => {
          const first = (await view()).roundList[0];
          return first !== undefined && first.startedAt !== null && first.tables.every((x) => x.status === 'playing');
        },
        'round 1',
        20_000,
      );
      // Both directors ran it; one paired the round.
      const paired = [servers.a, servers.b].flatMap((s) =>
        s.logs.filter((l) => l.event === 'tournament-round' && l.tournamentId === made.id),
      );
      expect(paired).toHaveLength(1);
      const { tables } = (await view()).roundList[0]!;
      expect(tables).toHaveLength(2);
      const via = clientVia(proxyUrl);
      await Promise.all(
        tables.map(async (x) => {
          const people = guests.filter((g) => x.seats.some((s) => s.playerId === g.playerId));
          const players = await Promise.all(people.map(async (g) => new Player(await via.client.joinById(x.roomId, credentials(g)), g)));
          for (const p of players) await waitFor(() => p.seated && p.stream.state !== null, 'the seat and the game');
          await play(players);
          await waitFor(() => players[0]!.state.result.recorded === true, 'the result');
          await Promise.all(players.map((p) => p.room.leave(true)));
        }),
      );
      await waitFor(async () => (await view()).status === 'finished', 'the end', 20_000);
      const done = await view();
      const seed = done.roundList[0]!.seed!;
      for (const x of done.roundList[0]!.tables) {
        const record = await database.getMatch(x.matchId);
        expect(record).toMatchObject({ status: 'finished', seed, tournamentId: made.id });
        expect(verifyStreamRolls(seed, done.roundList[0]!.commitment!, record!.actions, record!.diceStreams!).ok).toBe(true);
      }
      expect(done.standings.map((s) => s.games)).toEqual([1, 1, 1, 1]);
    });

    test('a device signed out through one process loses its table connection held by the other at once (4401, over Redis)', async () => {
      const post = async (base: string, path: string, body: unknown) =>
        (
          await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
        ).json() as Promise<any>;
      const ann = await newGuest(servers.a, 'Ann');
      const { code } = await post(servers.a.baseUrl, `/api/players/${ann.playerId}/link-codes`, { secret: ann.secret });
      const phone = { ...(await post(servers.b.baseUrl, '/api/link', { code })) } as typeof ann;
      expect(phone.playerId).toBe(ann.playerId);
      const via = clientVia(servers.a.baseUrl);
      const room = await via.client.create('table', { size: 2, private: true, ...credentials(phone) });
      let closed = 0;
      room.onLeave((c) => (closed = c));
      const holder = processOf(via.sockets[0]) as Name;
      // Ann's desk signs the phone out through the process that does not hold the table.
      const devices = (await post(servers[other(holder)].baseUrl, `/api/players/${ann.playerId}/devices`, { secret: ann.secret })) as {
        id: string;
        current: boolean;
      }[];
      const phoneId = devices.find((d) => !d.current)!.id;
      expect(
        await post(servers[other(holder)].baseUrl, `/api/players/${ann.playerId}/devices/${phoneId}/sign-out`, { secret: ann.secret }),
      ).toEqual({ signedOut: [phoneId] });
      await waitFor(() => closed !== 0, 'the table connection on the other process to close', 5_000);
      expect(closed).toBe(4401);
      expect(await post(servers[holder].baseUrl, `/api/players/${ann.playerId}/devices`, { secret: phone.secret })).toMatchObject({
        error: { code: 'ERR_BAD_CREDENTIALS' },
      });
    });

    test('through the proxy every process answers alike: health, the lobby and private join codes', async () => {
      const proxied = { baseUrl: proxyUrl };
      expect((await getJson(proxied, '/healthz')).body).toMatchObject({ status: 'ok' });
      const via = clientVia(proxyUrl);
      const cy = await newGuest(proxied, 'Cy');
      const dee = await newGuest(proxied, 'Dee');
      const secret = new Player(await via.client.create('table', { private: true, size: 2, ...credentials(cy) }), cy);
      const open = new Player(await via.client.create('table', { size: 3, ...credentials(dee) }), dee);
      await waitFor(() => secret.state.code !== '' && open.seated, 'the tables');
      for (const server of Object.values(servers)) {
        expect((await getJson(server, `/api/tables/code/${secret.state.code}`)).body).toMatchObject({ roomId: secret.room.roomId });
        const listed = (await getJson(server, '/api/tables')).body as { roomId: string }[];
        expect(listed.map((t) => t.roomId)).toContain(open.room.roomId);
        expect(listed.map((t) => t.roomId)).not.toContain(secret.room.roomId);
      }
      await Promise.all([secret.room.leave(true), open.room.leave(true)]);
    });

    test('two presses of quick play at the same instant, one on each process, seat one table: the decisions and their reserved seats are shared', async () => {
      const [ann, bob] = [await newGuest(servers.a, 'QuickA'), await newGuest(servers.b, 'QuickB')];
      // A kind of table no other test here opens.
      const press = (server: ServerProcess, guest: typeof ann) =>
        postJson(server, '/api/quick', { playerId: guest.playerId, secret: guest.secret, preset: 'traditional', size: 3 });
      const [a, b] = await Promise.all([press(servers.a, ann), press(servers.b, bob)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.body.room.roomId).toBe(a.body.room.roomId);
      const via = clientVia(proxyUrl).client;
      const players = [
        new Player(await via.consumeSeatReservation(a.body), ann),
        new Player(await via.consumeSeatReservation(b.body), bob),
      ];
      await waitFor(() => players.every((p) => p.seated && p.state.seats.size === 2), 'both seated at the one table');
      await Promise.all(players.map((p) => p.room.leave(true)));
    });

    test('friends on different processes see each other come online, sit at a table and go, each change pushed within 2 s; a request made on one reaches a page on the other', async () => {
      const [ann, bob] = [await newGuest(servers.a, 'FriendA'), await newGuest(servers.b, 'FriendB')];
      const bobPage = new PageEvents(servers.b.baseUrl, credentials(bob));
      await waitFor(() => bobPage.friends !== null, "Bob's page");
      await postJson(servers.a, '/api/friends/requests', { ...credentials(ann), to: bob.playerId });
      await waitFor(() => bobPage.friends?.incoming.length === 1, 'the request on the page held by the other process');
      await postJson(servers.b, '/api/friends/requests/accept', { ...credentials(bob), from: ann.playerId });
      await waitFor(() => bobPage.friends?.friends.length === 1, 'Ann listed');

      const annPage = new PageEvents(servers.a.baseUrl, credentials(ann));
      expect(await bobPage.seesState(ann.playerId, 'online')).toBeLessThan(2_000);
      // Whichever process holds her table, Bob is told she waits at it.
      const via = clientVia(proxyUrl);
      const room = await via.client.create('table', { size: 2, ...credentials(ann) });
      expect(await bobPage.seesState(ann.playerId, 'waiting')).toBeLessThan(2_000);
      expect(bobPage.presenceOf(ann.playerId)?.table?.roomId).toBe(room.roomId);
      await room.leave(true);
      expect(await bobPage.seesState(ann.playerId, 'online')).toBeLessThan(2_000);
      await annPage.close();
      await bobPage.seesState(ann.playerId, 'offline', 10_000);
      await bobPage.close();
    });

    test('behind the proxy, each client address has its own limits, counted by both processes together: one address refused (429) leaves another untouched; a forged X-Forwarded-For does not help', async () => {
      // The proxy sends the requests to either process in turn; both count in Redis: GUESTS_PER_MINUTE in all
      // (one more at most, refilled while the loop runs), not that many per process.
      const statuses: number[] = [];
      const refusedLately = () => statuses.length >= 4 && statuses.slice(-4).every((s) => s === 429);
      for (let i = 0; i < GUESTS_PER_MINUTE * 2 + 10 && !refusedLately(); i++) statuses.push(await guestFrom(proxyUrl, '127.0.0.2'));
      expect(refusedLately()).toBe(true);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(GUESTS_PER_MINUTE);
      expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(GUESTS_PER_MINUTE + 1);
      // Straight to each process, too: neither has a budget of its own left.
      for (const server of [servers.a, servers.b]) expect(await guestFrom(server.baseUrl, '127.0.0.2')).toBe(429);
      // Claiming to be someone else does not reset the count: nginx appends the real address, and that is the one counted.
      for (let i = 0; i < 4; i++) expect(await guestFrom(proxyUrl, '127.0.0.2', { 'x-forwarded-for': `10.9.9.${i}` })).toBe(429);
      // Another address is limited on its own.
      expect(await guestFrom(proxyUrl, '127.0.0.3')).toBe(201);
      const logged = Object.values(servers).flatMap((s) => s.logs.filter((l) => l.event === 'limit-reached'));
      expect(logged.map((l) => l.address)).toContain('127.0.0.2');
      expect(logged.map((l) => l.address)).not.toContain('127.0.0.1');
    });

    test('wrong passwords at one login name from many addresses meet its ceiling once, however the tries are spread over the processes', async () => {
      // An unknown name counts as a known one. 6 addresses × 4 tries (each address within its own budgets),
      // every other one on the other process: the name's 20 a minute in all, not 20 a process.
      const statuses: number[] = [];
      for (let round = 0; round < 4; round++)
        for (let i = 0; i < 6; i++)
          statuses.push(await wrongSignInFrom(servers[i % 2 === 0 ? 'a' : 'b'].baseUrl, `127.0.0.${20 + i}`, 'guessed-name'));
      expect(statuses.filter((s) => s === 401)).toHaveLength(DEFAULT_CONFIG.signInFailuresPerNameMinute);
      expect(statuses.slice(DEFAULT_CONFIG.signInFailuresPerNameMinute).every((s) => s === 429)).toBe(true);
    });

    test('kill -9 of the process holding a table: the other process restores it, the players and the watcher are routed to it and finish the game', async () => {
      const via = clientVia(proxyUrl);
      const players = await twoPlayerGame({ baseUrl: proxyUrl }, via.client, { private: true });
      const watcher = await watch(
        via.client,
        players[0]!.room.roomId,
        await newGuest({ baseUrl: proxyUrl }, 'Watcher'),
        players[0]!.state.code,
      );
      await play(players, (g) => g.rolls >= 6 && choosing(players)(g));
      const before = players[0]!.game;
      const { matchId, commitment, code } = players[0]!.state as { matchId: string; commitment: string; code: string };
      const roomId = players[0]!.room.roomId;
      const holder = servers[processOf(via.sockets[0]) as Name];
      const survivor = servers[other(holder.name)];

      const killedAt = Date.now();
      holder.signal('SIGKILL');
      await holder.exited;
      // Until the table is restored its listing names the dead process: a join is refused as the server restarting, not as a bad request.
      await expect(clientVia(proxyUrl).client.joinById(roomId, credentials(players[0]!.guest))).rejects.toMatchObject({
        message: expect.stringMatching(/^ERR_SHUTTING_DOWN: /),
      });
      // Once the holder has been silent for the takeover time (its lease, 15 s, still running), the survivor
      // claims the table, rebuilds it and takes its id and code.
      const restored = await survivor.logged('table-restored', 30_000);
      expect(Date.now() - killedAt).toBeLessThan(DEFAULT_CONFIG.leaseSeconds * 1000);
      expect(Date.now() - killedAt).toBeGreaterThanOrEqual(DEFAULT_CONFIG.takeoverSeconds * 1000 - 1_000);
      expect(restored).toMatchObject({ tableId: roomId, matchId, version: before.version });
      expect((await getJson({ baseUrl: proxyUrl }, `/api/tables/code/${code}`)).body).toMatchObject({ roomId });

      // Rejoining by id through the proxy reaches the survivor; each player gets their own seat back, as it was.
      const back = clientVia(proxyUrl);
      const colours = players.map((p) => p.colour);
      for (const p of players) await rejoin(p, back.client, roomId);
      expect(back.sockets.length).toBeGreaterThan(0);
      expect(processOf(back.sockets[back.sockets.length - 1])).toBe(survivor.name);
      expect(players.map((p) => p.colour)).toEqual(colours);
      expect(players[0]!.game).toEqual(before);
      // The watcher comes back the same way (its credentials, watching, the private table's code): the restored table takes it.
      await rejoin(watcher, back.client, roomId, 30_000, true, code);
      expect(processOf(back.sockets[back.sockets.length - 1])).toBe(survivor.name);
      expect(watcher.seated).toBe(false);
      expect(watcher.game).toEqual(before);
      await waitFor(() => players[0]!.state.watchers === 1, 'the watcher counted again');

      await play(players);
      await waitFor(() => players.every((p) => p.state.result.recorded), 'the result to be recorded');
      await waitFor(() => watcher.state.result.recorded, 'the watcher to see the result');
      expect(watcher.game).toEqual(players[0]!.game);
      await watcher.room.leave();
      const match = await database.getMatch(matchId);
      expect(match).toMatchObject({ status: 'finished', commitment, seed: players[0]!.state.seed, tableId: roomId });
      for (const p of players) for (const [version, action] of p.seen) expect(match!.actions[version]).toEqual(action);
      expect(match!.actions).toHaveLength(players[0]!.game.version);
      expect(verifyRolls(match!.seed!, commitment, rollsIn(match!.actions)).ok).toBe(true);
      const replayed = replayGame(match!.setup, match!.actions);
      expect(replayed.ok && replayed.value.state).toEqual(players[0]!.game);
      await Promise.all(players.map((p) => p.room.leave(true)));

      // The killed process comes back (same address) for what follows.
      servers[holder.name as Name] = await start(holder.name as Name);
    });

    test('SIGTERM drains a process: its new tables go to the other one, its game plays to the end and is recorded, then it exits', async () => {
      const via = clientVia(proxyUrl);
      const eve = await newGuest({ baseUrl: proxyUrl }, 'Eve');
      const fay = await newGuest({ baseUrl: proxyUrl }, 'Fay');
      const host = new Player(await via.client.create('table', { size: 2, ...credentials(eve) }), eve);
      const guest = new Player(await via.client.joinById(host.room.roomId, credentials(fay)), fay);
      const players = [host, guest];
      await waitFor(() => players.every((p) => p.seated), 'both seats');
      for (const p of players) p.send('ready', { ready: true });
      await waitFor(() => players.every((p) => p.state.status === 'playing' && p.stream.state !== null), 'the game to start');
      await play(players, (g) => g.rolls >= 4 && g.phase === 'roll');

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

      // The other process carries on behind the same address (once the proxy has skipped the stopped one).
      await eventually(async () => expect((await getJson({ baseUrl: proxyUrl }, '/healthz')).body).toMatchObject({ status: 'ok' }));
      const after = clientVia(proxyUrl);
      const g = await newGuest({ baseUrl: proxyUrl }, 'Gus');
      const table = await after.client.create('table', { size: 2, ...credentials(g) });
      expect(processOf(after.sockets[0])).toBe(staying.name);
      await table.leave(true);
    });

    // ─── the operator's console across the deployment ───

    test('the console of either process sees both and their tables; a table held by one process is closed through the other (its game aborted, its players told); a ban made on one holds on the other; one process drains the other', async () => {
      // The drain above stopped a process: bring it back, so that there are two again.
      for (const name of ['a', 'b'] as const) {
        const gone = await Promise.race([
          servers[name].exited.then(() => true),
          new Promise<boolean>((r) => setTimeout(() => r(false), 50)),
        ]);
        if (gone) servers[name] = await start(name);
      }
      await eventually(async () => expect((await admin(servers.a, 'GET', '/overview')).body.processes).toHaveLength(2));

      const via = clientVia(proxyUrl);
      const players = await twoPlayerGame({ baseUrl: proxyUrl }, via.client);
      await play(players, (g) => g.rolls >= 4);
      const roomId = players[0]!.room.roomId;
      const matchId = players[0]!.state.matchId as string;
      const holder = servers[processOf(via.sockets[0]) as Name];
      const asked = servers[other(holder.name)];

      const overview = (await admin(asked, 'GET', '/overview')).body;
      expect(overview.unreachable).toEqual([]);
      expect(overview.processes.map((p: { storage: string }) => p.storage)).toEqual(['postgres', 'postgres']);
      const tables = (await admin(asked, 'GET', '/tables')).body as { roomId: string; processId: string; status: string }[];
      const listed = tables.find((x) => x.roomId === roomId);
      expect(listed).toMatchObject({ status: 'playing' });
      const holderId = listed!.processId;
      expect(overview.processes.find((p: { processId: string }) => p.processId === holderId)).toMatchObject({
        tables: { playing: 1 },
        players: 2,
      });

      const codes: (number | null)[] = [null, null];
      players.forEach((p, i) => p.room.onLeave((code) => (codes[i] = code)));
      expect(await admin(asked, 'POST', `/tables/${roomId}/close`)).toMatchObject({
        status: 200,
        body: { roomId, matchId, aborted: true },
      });
      await waitFor(() => codes.every((c) => c !== null), 'the connections to close');
      expect(codes).toEqual([CLOSE_CODES.closedByOperator, CLOSE_CODES.closedByOperator]);
      for (const p of players) expect(p.closings).toEqual([{ code: 'ERR_TABLE_CLOSED', message: 'closed by the operator', matchId }]);
      expect(await database.getMatch(matchId)).toMatchObject({ status: 'aborted', abortReason: 'closed by the operator' });
      expect(holder.logs.some((l) => l.event === 'table-closing' && l.reason === 'operator' && l.tableId === roomId)).toBe(true);
      expect(asked.logs.some((l) => l.event === 'admin-action' && l.action === 'close-table' && l.target === roomId)).toBe(true);

      // A ban made through one process refuses the guest on the other (every client here has one address:
      // the ban leaves it alone; admin.test.ts bans an address).
      const guest = players[0]!.guest;
      expect((await admin(holder, 'POST', '/bans', { playerId: guest.playerId, address: false })).status).toBe(201);
      await expect(clientVia(asked.baseUrl).client.create('table', { size: 2, ...credentials(guest) })).rejects.toMatchObject({
        code: JOIN_ERROR_NUMBERS.ERR_BANNED,
      });
      const host = await newGuest({ baseUrl: proxyUrl }, 'Host');
      const open = await clientVia(holder.baseUrl).client.create('table', { size: 3, ...credentials(host) });
      await expect(clientVia(asked.baseUrl).client.joinById(open.roomId, credentials(guest))).rejects.toMatchObject({
        code: JOIN_ERROR_NUMBERS.ERR_BANNED,
      });
      await open.leave(true);
      expect((await admin(asked, 'DELETE', `/bans/${guest.playerId}`)).status).toBe(200);

      // One process drains the other: with no game left to wait for, it stops at once (exit 0).
      const drained = (await admin(holder, 'GET', '/overview')).body.processes.find(
        (p: { processId: string }) => p.processId !== holderId,
      ).processId;
      expect((await admin(holder, 'POST', `/processes/${drained}/drain`)).status).toBe(202);
      expect(await asked.exited).toBe(0);
      expect(asked.logs.find((l) => l.event === 'draining')).toMatchObject({ reason: 'console' });
    });
  },
);
