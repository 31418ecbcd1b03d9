import { MemoryBudgets } from '../../src/limits/budgets';
import { Bans } from '../../src/bans/bans';
import type { AddressInfo } from 'node:net';
import { LocalPresence } from '@colyseus/core';
import { Client } from 'colyseus.js';
import express from 'express';
import { type AdminOverview, type AdminTable, CLOSE_CODES, JOIN_ERROR_NUMBERS, type TournamentList } from '@flightchess/protocol';
import { OperatorConsole } from '../../src/admin/operatorConsole';
import { WRONG_TOKENS_PER_MINUTE } from '../../src/admin/gate';
import { createApp } from '../../src/app';
import { DEFAULT_CONFIG, configFromEnv } from '../../src/config';
import { Drain } from '../../src/table/drain';
import { createLogger } from '../../src/logger';
import { type Player, create, getJson, joinById, newGuest, play, quickMatch, startedTable, waitFor } from '../support/players';
import { testServerPerFile } from '../support/server';

jest.setTimeout(60_000);

const TOKEN = 'operator-token-0123456789';
// 127.0.0.1 is trusted as a proxy: a test names another client address with X-Forwarded-For (bans of an address).
const t = testServerPerFile({ adminToken: TOKEN, trustProxy: ['127.0.0.1'] });

/** A request to the admin API, with the token unless told otherwise. */
async function admin<T = any>(
  method: string,
  path: string,
  body?: unknown,
  authorization: string | null = `Bearer ${TOKEN}`,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${t.baseUrl}/api/admin${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(authorization === null ? {} : { authorization }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

const audited = (action: string) => t.storage.adminActions(100).then((all) => all.filter((a) => a.action === action));

/** The events of a server-sent event stream, one `data:` payload at a time. */
function noticeEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  return {
    async next(): Promise<unknown> {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const event = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = event.split('\n').find((line) => line.startsWith('data: '));
          if (data) return JSON.parse(data.slice(6)) as unknown;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffered += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

/** The close code each player's connection ends with. */
function closeCodes(players: Player[]): (number | null)[] {
  const codes: (number | null)[] = players.map(() => null);
  players.forEach((p, i) => p.room.onLeave((code) => (codes[i] = code)));
  return codes;
}

describe('the operator console off: without ADMIN_TOKEN', () => {
  test('every admin route answers 404 as an unknown path does, the token or not; the notice stays public; a short token stops the server', async () => {
    const storage = t.storage;
    const off = new OperatorConsole({
      token: undefined,
      storage,
      presence: new LocalPresence(),
      limiter: { addressOf: () => '127.0.0.1', budgets: new MemoryBudgets() },
      logger: createLogger('silent'),
      here: { owner: 'x', storage: 'sqlite', draining: () => false, tableStatuses: () => [], sockets: () => 0, drain: () => undefined },
      tournaments: { schedule: async () => ({ id: 'never' }) },
    });
    const app = createApp(DEFAULT_CONFIG, {
      storage,
      codes: {} as never,
      accounts: { router: express.Router() },
      pairing: { router: express.Router(), ownProfile: async () => ({ cooldown: null, blocked: [] }) },
      friends: { router: express.Router() },
      invitations: { router: express.Router() },
      notifications: { router: express.Router() },
      push: { router: express.Router() },
      tournaments: { router: express.Router(), resultsOf: async () => [] },
      bans: new Bans(storage),
      addressOf: () => '127.0.0.1',
      logger: createLogger('silent'),
      drain: new Drain(),
      admin: off.router,
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const [method, path] of [
        ['GET', '/api/admin/overview'],
        ['GET', '/api/admin/tables'],
        ['POST', '/api/admin/tables/x/close'],
        ['POST', '/api/admin/bans'],
        ['DELETE', '/api/admin/bans/x'],
        ['PUT', '/api/admin/notice'],
        ['POST', '/api/admin/processes/x/drain'],
      ] as const) {
        const res = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${TOKEN}` } });
        expect([method, path, res.status, ((await res.json()) as any).error.code]).toEqual([method, path, 404, 'ERR_NOT_FOUND']);
      }
      expect((await (await fetch(`${base}/api/notice`)).json()) as unknown).toEqual({ notice: null });
    } finally {
      server.close();
    }
    expect(configFromEnv({ ADMIN_TOKEN: 'too-short' })).toEqual({ ok: false, error: expect.stringMatching(/ADMIN_TOKEN.*16/) });
    expect(configFromEnv({ ADMIN_TOKEN: TOKEN })).toMatchObject({ ok: true, config: { adminToken: TOKEN } });
  });
});

describe('the operator console (ADMIN_TOKEN set)', () => {
  test("/admin leads to the web client's console page", async () => {
    const res = await fetch(`${t.baseUrl}/admin`, { redirect: 'manual' });
    expect([res.status, res.headers.get('location')]).toEqual([302, '/#/admin']);
  });

  test('overview: the live figures of the process (tables, players, actions per second, storage, ids, draining) and its tables (code, preset, players, status, version, age)', async () => {
    const players = await startedTable(t, 2);
    await play(players, (g) => g.rolls >= 6);
    const { status, body } = await admin<AdminOverview>('GET', '/overview');
    expect(status).toBe(200);
    expect(body.unreachable).toEqual([]);
    expect(body.processes).toHaveLength(1);
    const [me] = body.processes;
    expect(me).toMatchObject({
      storage: 'sqlite',
      draining: false,
      pid: process.pid,
      tables: { playing: 1 },
      players: 2,
      sockets: expect.any(Number),
    });
    expect(me!.processId).toMatch(/\S/);
    expect(me!.owner).toContain(String(process.pid));
    // Sampled once a second: the actions just played show within a couple of samples.
    await waitFor(
      async () => ((await admin<AdminOverview>('GET', '/overview')).body.processes[0]!.actionsPerSecond ?? 0) > 0,
      'actions per second',
      5_000,
    );

    const tables = (await admin<AdminTable[]>('GET', '/tables')).body;
    const table = tables.find((x) => x.roomId === players[0]!.room.roomId)!;
    expect(table).toMatchObject({
      code: players[0]!.state.code,
      preset: 'online',
      size: 2,
      status: 'playing',
      processId: me!.processId,
      matchId: players[0]!.state.matchId,
    });
    expect(table.version).toBeGreaterThanOrEqual(players[0]!.game.version - 1);
    expect(Date.now() - table.createdAt).toBeLessThan(60_000);
    expect(table.seats.map((s) => [s.name, s.kind, s.connected])).toEqual(
      expect.arrayContaining([
        ['Host', 'human', true],
        ['P1', 'human', true],
      ]),
    );
    expect(table.seats.map((s) => s.playerId).sort()).toEqual(players.map((p) => p.guest.playerId).sort());
    await Promise.all(players.map((p) => p.room.leave()));
  });

  test('closing a game in progress: the players are told "closed by the operator" (no error), the game is aborted with its seed revealed and nobody scored; logged and audited', async () => {
    const players = await startedTable(t, 2);
    await play(players, (g) => g.rolls >= 4);
    const roomId = players[0]!.room.roomId;
    const { matchId, code } = players[0]!.state as { matchId: string; code: string };
    const codes = closeCodes(players);
    const errorsBefore = players.map((p) => p.errors.length);

    const closed = await admin('POST', `/tables/${roomId}/close`);
    expect(closed).toMatchObject({ status: 200, body: { roomId, matchId, aborted: true } });
    await waitFor(() => codes.every((c) => c !== null), 'the connections to close');
    expect(codes).toEqual([CLOSE_CODES.closedByOperator, CLOSE_CODES.closedByOperator]);
    for (const p of players) expect(p.closings).toEqual([{ code: 'ERR_TABLE_CLOSED', message: 'closed by the operator', matchId }]);
    expect(players.map((p) => p.errors.length)).toEqual(errorsBefore);

    const record = (await getJson(t, `/api/matches/${matchId}`)).body;
    expect(record).toMatchObject({
      status: 'aborted',
      abortReason: 'closed by the operator',
      result: null,
      seed: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(record.seats.every((s: { score?: number }) => s.score === undefined)).toBe(true);
    expect((await getJson(t, `/api/matches/${matchId}/verify`)).body.dice).toMatchObject({ ok: true });
    for (const p of players)
      expect((await getJson(t, `/api/players/${p.guest.playerId}`)).body).toMatchObject({ games: 0, lifetimeScore: 0 });
    // The table is gone everywhere, its code with it.
    await waitFor(async () => !(await admin<AdminTable[]>('GET', '/tables')).body.some((x) => x.roomId === roomId), 'the table to go');
    expect((await getJson(t, `/api/tables/code/${code}`)).status).toBe(404);
    expect(t.logs.events('admin-action')).toContainEqual(
      expect.objectContaining({ action: 'close-table', target: roomId, address: '127.0.0.1' }),
    );
    expect(await audited('close-table')).toContainEqual(
      expect.objectContaining({ target: roomId, address: '127.0.0.1', at: expect.any(Number) }),
    );
    // A restart restores nothing of it.
    expect(await t.storage.unfinishedMatches(Number.MAX_SAFE_INTEGER, 'all')).not.toContain(matchId);
  });

  test('closing a table still seating players tells them why; an unknown table is 404', async () => {
    const host = await create(t, await newGuest(t, 'Ann'), { size: 3 });
    const codes = closeCodes([host]);
    const closed = await admin('POST', `/tables/${host.room.roomId}/close`);
    expect(closed).toMatchObject({ status: 200, body: { roomId: host.room.roomId, matchId: '', aborted: false } });
    await waitFor(() => host.closings.length === 1, 'the closing message');
    expect(host.closings[0]).toEqual({ code: 'ERR_TABLE_CLOSED', message: 'closed by the operator' });
    await waitFor(() => codes[0] === CLOSE_CODES.closedByOperator, 'the connection to close');
    expect((await admin('POST', '/tables/no-such-room/close')).body.error.code).toBe('ERR_NO_TABLE');
  });

  test('a banned guest is refused creating, joining, watching and quick-matching (ERR_BANNED) and sending phrases; their game goes on and they take their seat back; lifting the ban lets them in again', async () => {
    const players = await startedTable(t, 2);
    const [host, other] = players as [Player, Player];
    const banned = host.guest;
    // Every player of this file is at 127.0.0.1: this ban leaves the address alone (the next test bans one).
    const ban = await admin('POST', '/bans', { playerId: banned.playerId, reason: 'abusive names', address: false });
    expect(ban).toMatchObject({
      status: 201,
      body: { playerId: banned.playerId, nickname: 'Host', reason: 'abusive names', address: null, addressUntil: null },
    });

    const sdk = t.colyseus.sdk;
    const creds = { playerId: banned.playerId, secret: banned.secret };
    await expect(sdk.create('table', { size: 2, ...creds })).rejects.toMatchObject({
      code: JOIN_ERROR_NUMBERS.ERR_BANNED,
      message: expect.stringMatching(/^ERR_BANNED: /),
    });
    await expect(quickMatch(t, banned, { preset: 'online', size: 2 })).rejects.toMatchObject({ status: 403, code: 'ERR_BANNED' });
    const open = await create(t, await newGuest(t, 'Cy'), { size: 3 });
    await expect(sdk.joinById(open.room.roomId, creds)).rejects.toMatchObject({ code: JOIN_ERROR_NUMBERS.ERR_BANNED });
    await expect(sdk.joinById(open.room.roomId, { ...creds, watch: true })).rejects.toMatchObject({ code: JOIN_ERROR_NUMBERS.ERR_BANNED });
    expect(await host.refused('phrase', { phrase: 'gg' })).toMatchObject({ code: 'ERR_BANNED', request: 'phrase' });
    expect(other.phrases).toEqual([]);

    // The game at which they sit goes on, and their own seat is theirs to take back.
    await play(players, (g) => g.rolls >= 8);
    const back = await joinById(t, host.room.roomId, banned);
    expect(back.colour).toBe(host.colour);

    expect(await admin('DELETE', `/bans/${banned.playerId}`)).toMatchObject({
      status: 200,
      body: { playerId: banned.playerId, banned: false },
    });
    const again = await create(t, banned, { size: 2 });
    expect(again.seated).toBe(true);
    expect((await admin('DELETE', `/bans/${banned.playerId}`)).body.error.code).toBe('ERR_NOT_BANNED');
    expect((await admin('POST', '/bans', { playerId: 'nobody-at-all' })).body.error.code).toBe('ERR_NO_PLAYER');
    expect((await admin('POST', '/bans', { playerId: banned.playerId, seat: 'red' })).body.error.code).toBe('ERR_BAD_REQUEST');
    expect((await audited('ban')).map((a) => a.target)).toContain(banned.playerId);
    expect((await audited('lift-ban')).map((a) => a.target)).toContain(banned.playerId);
    await Promise.all([back.room.leave(), other.room.leave(), open.room.leave(), again.room.leave()]);
  });

  test('a ban takes the address its player was seen from last, for a while: no new guest or seat from there, other addresses untouched; the console shows it and lifts it alone; a banned player cannot rename, sign in, make or use link codes', async () => {
    const from = (address: string) => ({ 'content-type': 'application/json', 'x-forwarded-for': address });
    const api = async (method: string, path: string, address: string, body: unknown = {}) => {
      const res = await fetch(`${t.baseUrl}/api${path}`, { method, headers: from(address), body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as any };
    };
    const guestAt = async (address: string, nickname: string) =>
      (await api('POST', '/guests', address, { nickname })).body as { playerId: string; secret: string };
    const sdkAt = (address: string) => new Client(t.baseUrl, { headers: from(address) });
    const credsOf = (g: { playerId: string; secret: string }) => ({ playerId: g.playerId, secret: g.secret });

    const host = await sdkAt('10.5.0.9').create('table', { size: 4, ...credsOf(await guestAt('10.5.0.9', 'Ann')) });
    const bad = await guestAt('10.5.0.1', 'Mallory');
    // Seen last at 10.5.0.4, where the seat was asked for.
    const seat = await sdkAt('10.5.0.4').joinById(host.roomId, credsOf(bad));
    expect(
      (await api('PUT', `/players/${bad.playerId}/login`, '10.5.0.4', { secret: bad.secret, name: 'mallory', password: 'a good password' }))
        .status,
    ).toBe(200);
    const oldCode = (await api('POST', `/players/${bad.playerId}/link-codes`, '10.5.0.4', { secret: bad.secret })).body.code as string;

    const before = Date.now();
    const ban = await admin('POST', '/bans', { playerId: bad.playerId, reason: 'cheating', addressHours: 2 });
    expect(ban).toMatchObject({ status: 201, body: { playerId: bad.playerId, address: '10.5.0.4' } });
    expect(ban.body.addressUntil).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
    expect(ban.body.addressUntil).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000);
    expect((await admin<AdminOverview>('GET', '/overview')).body.bans).toContainEqual(
      expect.objectContaining({ playerId: bad.playerId, address: '10.5.0.4' }),
    );

    // From the banned address: no new guest; a guest made elsewhere sits, watches or opens a table no more there.
    expect(await api('POST', '/guests', '10.5.0.4', { nickname: 'Mallory2' })).toMatchObject({
      status: 403,
      body: { error: { code: 'ERR_BANNED' } },
    });
    const friend = credsOf(await guestAt('10.5.0.2', 'Trent'));
    await expect(sdkAt('10.5.0.4').joinById(host.roomId, friend)).rejects.toMatchObject({ code: JOIN_ERROR_NUMBERS.ERR_BANNED });
    await expect(sdkAt('10.5.0.4').joinById(host.roomId, { ...friend, watch: true })).rejects.toMatchObject({
      code: JOIN_ERROR_NUMBERS.ERR_BANNED,
    });
    await expect(sdkAt('10.5.0.4').create('table', { size: 2, ...friend })).rejects.toMatchObject({ code: JOIN_ERROR_NUMBERS.ERR_BANNED });
    // Another address is not.
    const elsewhere = await sdkAt('10.5.0.3').joinById(host.roomId, friend);

    // The banned player: no new name, no link code, no device by an old code or a password.
    expect(
      (await api('PUT', `/players/${bad.playerId}/nickname`, '10.5.0.8', { secret: bad.secret, nickname: 'Innocent' })).body.error.code,
    ).toBe('ERR_BANNED');
    expect((await api('POST', `/players/${bad.playerId}/link-codes`, '10.5.0.8', { secret: bad.secret })).body.error.code).toBe(
      'ERR_BANNED',
    );
    expect(await api('POST', '/link', '10.5.0.8', { code: oldCode })).toMatchObject({
      status: 403,
      body: { error: { code: 'ERR_BANNED' } },
    });
    expect(await api('POST', '/sign-in', '10.5.0.8', { name: 'mallory', password: 'a good password' })).toMatchObject({
      status: 403,
      body: { error: { code: 'ERR_BANNED' } },
    });
    expect((await api('POST', `/players/${bad.playerId}/devices`, '10.5.0.8', { secret: bad.secret })).body).toHaveLength(1);
    expect((await getJson(t, `/api/players/${bad.playerId}`)).body.nickname).toBe('Mallory');

    // Lifting the address alone: the address is free, the player still banned.
    expect(await admin('DELETE', `/bans/${bad.playerId}/address`)).toMatchObject({
      status: 200,
      body: { playerId: bad.playerId, address: null },
    });
    expect((await admin('DELETE', `/bans/${bad.playerId}/address`)).body.error.code).toBe('ERR_NOT_BANNED');
    expect((await api('POST', '/guests', '10.5.0.4', { nickname: 'Walter' })).status).toBe(201);
    expect(
      (await api('PUT', `/players/${bad.playerId}/nickname`, '10.5.0.8', { secret: bad.secret, nickname: 'Innocent' })).body.error.code,
    ).toBe('ERR_BANNED');
    expect((await audited('lift-address-ban')).map((a) => a.target)).toContain(bad.playerId);
    expect((await audited('ban')).map((a) => a.detail)).toContain('cheating (address 10.5.0.4 for 2 h)');
    await admin('DELETE', `/bans/${bad.playerId}`);
    await Promise.all([host.leave(), seat.leave(), elsewhere.leave()]);
  });

  test('scheduling a public tournament: listed for everyone to join, nobody in it yet, audited; a bad one refused and nothing made', async () => {
    const startsAt = Date.now() + 3_600_000;
    const made = await admin('POST', '/tournaments', {
      name: 'Saturday duplicate',
      format: 'swiss',
      seats: 4,
      rounds: 5,
      duplicate: true,
      startsAt,
    });
    expect(made).toMatchObject({ status: 201, body: { id: expect.any(String) } });
    const listed = (await getJson<TournamentList>(t, '/api/tournaments')).body.upcoming.find((x) => x.id === made.body.id);
    expect(listed).toMatchObject({
      name: 'Saturday duplicate',
      seats: 4,
      rounds: 5,
      duplicate: true,
      private: false,
      players: 0,
      startsAt,
    });
    expect((await audited('schedule-tournament')).map((a) => a.target)).toEqual([made.body.id]);
    for (const bad of [
      { format: 'swiss', seats: 4, rounds: 3 },
      { name: 'x', format: 'swiss', seats: 4, rounds: 3, private: true },
      { name: 'x', format: 'swiss', seats: 3, rounds: 3 },
    ])
      expect((await admin('POST', '/tournaments', bad)).body.error.code).toBe('ERR_BAD_REQUEST');
    expect((await admin('POST', '/tournaments', { name: 'x', format: 'swiss', seats: 4, rounds: 3, startsAt: 1 })).status).toBe(400);
    expect((await admin('POST', '/tournaments', { name: 'x', format: 'swiss', seats: 4, rounds: 3 }, null)).status).toBe(401);
    expect((await getJson<TournamentList>(t, '/api/tournaments')).body.upcoming).toHaveLength(1);
    expect(await audited('schedule-tournament')).toHaveLength(1);
  });

  test('the notice: set, shown to every page (GET /api/notice), replaced, cleared; empty or overlong text refused', async () => {
    expect((await getJson(t, '/api/notice')).body).toEqual({ notice: null });
    const set = await admin('PUT', '/notice', { text: '维护：10 分钟后重启' });
    expect(set).toMatchObject({ status: 200, body: { notice: { text: '维护：10 分钟后重启', at: expect.any(Number) } } });
    expect((await getJson(t, '/api/notice')).body).toMatchObject({ notice: { text: '维护：10 分钟后重启' } });
    await admin('PUT', '/notice', { text: 'Maintenance in 10 minutes' });
    expect((await getJson(t, '/api/notice')).body).toMatchObject({ notice: { text: 'Maintenance in 10 minutes' } });
    for (const text of ['', '   ', 'x'.repeat(201)]) expect((await admin('PUT', '/notice', { text })).status).toBe(400);
    expect((await admin('DELETE', '/notice')).body).toEqual({ notice: null });
    expect((await getJson(t, '/api/notice')).body).toEqual({ notice: null });
    expect((await audited('set-notice')).map((a) => a.detail)).toEqual(['Maintenance in 10 minutes', '维护：10 分钟后重启']);
    expect(await audited('clear-notice')).toHaveLength(1);
    expect((await admin<AdminOverview>('GET', '/overview')).body.audit[0]).toMatchObject({ action: 'clear-notice', address: '127.0.0.1' });
  });

  test('the notice stream: an open page hears the notice now, then each change at once; headers that keep proxies from holding it', async () => {
    const res = await fetch(`${t.baseUrl}/api/notice/stream`);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const heard = noticeEvents(res.body!);
    expect(await heard.next()).toEqual({ notice: null });
    const changed = Date.now();
    await admin('PUT', '/notice', { text: '维护：10 分钟后重启' });
    expect(await heard.next()).toMatchObject({ notice: { text: '维护：10 分钟后重启' } });
    await admin('DELETE', '/notice');
    expect(await heard.next()).toEqual({ notice: null });
    // Pushed, not polled: both changes arrived well within the 2 s.
    expect(Date.now() - changed).toBeLessThan(2000);
    await heard.cancel();
  });

  test('draining a process: it takes no new table, the overview says so, /healthz answers 503; an unknown process is 404', async () => {
    const { processId } = (await admin<AdminOverview>('GET', '/overview')).body.processes[0]!;
    expect((await admin('POST', '/processes/nope/drain')).body.error.code).toBe('ERR_NO_PROCESS');
    expect(await admin('POST', `/processes/${processId}/drain`)).toMatchObject({ status: 202, body: { processId, draining: true } });
    expect((await admin<AdminOverview>('GET', '/overview')).body.processes[0]).toMatchObject({ processId, draining: true });
    expect((await getJson(t, '/healthz')).status).toBe(503);
    const g = await newGuest(t, 'Late');
    await expect(t.colyseus.sdk.create('table', { playerId: g.playerId, secret: g.secret })).rejects.toMatchObject({
      code: JOIN_ERROR_NUMBERS.ERR_SHUTTING_DOWN,
    });
    expect(await audited('drain')).toContainEqual(expect.objectContaining({ target: processId }));
  });

  test(`a missing or wrong token is 401 and never logged; after ${WRONG_TOKENS_PER_MINUTE} wrong ones the address is refused (429, Retry-After), even with the right token`, async () => {
    // Asking without a token (the console page does, to learn whether the console is on) counts against nothing.
    for (let i = 0; i < WRONG_TOKENS_PER_MINUTE + 1; i++) expect((await admin('GET', '/overview', undefined, null)).status).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < WRONG_TOKENS_PER_MINUTE + 2; i++)
      statuses.push((await admin('GET', '/overview', undefined, `Bearer ${TOKEN}x`)).status);
    expect(statuses).toEqual([...Array(WRONG_TOKENS_PER_MINUTE).fill(401), 429, 429]);
    const refused = await admin('GET', '/overview');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('ERR_TOO_MANY');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(t.logs.events('admin-refused').filter((l) => l.tried).length).toBe(WRONG_TOKENS_PER_MINUTE);
    expect(t.logs.raw.some((line) => line.includes(TOKEN))).toBe(false);
  });
});
