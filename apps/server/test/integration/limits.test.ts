import { JOIN_ERROR_NUMBERS } from '@flightchess/protocol';
import { Client } from 'colyseus.js';
import { request as httpRequest } from 'node:http';
import { Socket, connect } from 'node:net';
import WebSocket from 'ws';
import { ProxyTrust, overHttps } from '../../src/limits/clientAddress';
import { type Guest, credentials, waitFor } from '../support/players';
import { TEST_CONFIG, testServerPerFile } from '../support/server';

jest.setTimeout(30_000);

/**
 * Each test speaks for client addresses of its own: the test server trusts 127.0.0.1 as a proxy, so
 * X-Forwarded-For names the client (as nginx does in the cluster layout).
 */
const t = testServerPerFile({
  trustProxy: ['127.0.0.1'],
  limits: {
    ...TEST_CONFIG.limits!,
    httpPerMinute: 30,
    guestsPerMinute: 3,
    tablesPerMinute: 3,
    openTablesPerGuest: 2,
    joinsPerMinute: 3,
    codeLookupsPerMinute: 5,
    codeMissesPerHour: 3,
    socketsPerAddress: 2,
    connectionsPerAddress: 4,
    signInsPerMinute: 3,
  },
});

const from = (address: string) => ({ 'x-forwarded-for': address });

async function request(address: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${t.baseUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...from(address), ...(init.headers ?? {}) },
  });
}

async function guest(address: string, nickname = 'Guest'): Promise<Guest> {
  const res = await request(address, '/api/guests', { method: 'POST', body: JSON.stringify({ nickname }) });
  if (res.status !== 201) throw new Error(`guest: ${res.status}`);
  return (await res.json()) as Guest;
}

/** A colyseus.js client whose requests and websockets come from `address`. */
const sdkFrom = (address: string) => new Client(t.baseUrl, { headers: from(address) });

/** A refusal by the per-address limits: 429, Retry-After, ERR_TOO_MANY. */
async function expectTooMany(res: Response): Promise<void> {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(await res.json()).toMatchObject({ error: { code: 'ERR_TOO_MANY', message: expect.stringMatching(/try again in \d+ s$/) } });
}

const limitLogs = (address: string, limit: string) =>
  t.logs.events('limit-reached').filter((l) => l.address === address && l.limit === limit);

describe('per client address', () => {
  test('guest creation: over the limit is 429 with Retry-After, logged once a minute; another address is not affected', async () => {
    for (let i = 0; i < 3; i++) await guest('10.0.1.1');
    for (let i = 0; i < 3; i++) {
      await expectTooMany(await request('10.0.1.1', '/api/guests', { method: 'POST', body: JSON.stringify({ nickname: 'More' }) }));
    }
    expect(limitLogs('10.0.1.1', 'guests')).toHaveLength(1);
    await guest('10.0.1.2');
  });

  test('every HTTP route counts: over the limit even the page and the health check answer 429', async () => {
    for (let i = 0; i < 30; i++) expect((await request('10.0.2.1', '/healthz')).status).toBe(200);
    await expectTooMany(await request('10.0.2.1', '/api/leaderboard'));
    expect((await request('10.0.2.2', '/api/leaderboard')).status).toBe(200);
  });

  test('a client cannot pretend to be another by writing X-Forwarded-For itself: only a trusted proxy is believed', async () => {
    const spoofed = await fetch(`${t.baseUrl}/api/guests`, { method: 'GET', headers: from('10.0.3.1, 10.0.3.2') });
    expect(spoofed.status).toBe(404);
    // 127.0.0.1 is trusted, so the hop it adds (10.0.3.2, the rightmost) is the client; the one the client wrote is not.
    for (let i = 0; i < 29; i++) await request('10.0.3.9, 10.0.3.2', '/healthz');
    await expectTooMany(await request('10.0.3.1, 10.0.3.2', '/healthz'));
    expect((await request('10.0.3.2, 10.0.3.1', '/healthz')).status).toBe(200);
  });

  test('table creation and quick match: refused beyond the limit with ERR_TOO_MANY (HTTP 429)', async () => {
    const sdk = sdkFrom('10.0.4.1');
    // (Each table is left at once: this address may only have two websockets open.)
    for (let i = 0; i < 3; i++) await (await sdk.create('table', { size: 2, ...credentials(await guest(`10.0.4.${10 + i}`)) })).leave();
    const refused = sdk.create('table', { size: 2, ...credentials(await guest('10.0.4.20')) });
    await expect(refused).rejects.toMatchObject({ code: 429, message: expect.stringMatching(/^ERR_TOO_MANY: too many new tables/) });
    // Quick play counts against the same budget, in any spelling express would route to it.
    for (const path of ['/api/quick', '/API/Quick/', '//api//quick']) {
      const quick = await request('10.0.4.1', path, { method: 'POST', body: JSON.stringify(credentials(await guest('10.0.4.21'))) });
      await expectTooMany(quick);
    }
  });

  test('open tables per guest: a guest sits at no more than the limit at once', async () => {
    const ann = await guest('10.0.5.1', 'Ann');
    const rooms = [];
    for (let i = 0; i < 2; i++) rooms.push(await sdkFrom(`10.0.5.${10 + i}`).create('table', { size: 2, ...credentials(ann) }));
    await new Promise((r) => setTimeout(r, 100)); // the listings are written just after the join
    const third = sdkFrom('10.0.5.20').create('table', { size: 2, ...credentials(ann) });
    await expect(third).rejects.toMatchObject({
      code: JOIN_ERROR_NUMBERS.ERR_TOO_MANY,
      message: expect.stringMatching(/^ERR_TOO_MANY: you sit at 2 tables/),
    });
    // Leaving one table makes room for another.
    await rooms.pop()!.leave();
    await new Promise((r) => setTimeout(r, 100));
    rooms.push(await sdkFrom('10.0.5.21').create('table', { size: 2, ...credentials(ann) }));
    await Promise.all(rooms.map((r) => r.leave()));
  });

  test('joins by id: refused beyond the limit', async () => {
    const host = await sdkFrom('10.0.6.1').create('table', { size: 4, ...credentials(await guest('10.0.6.1')) });
    const sdk = sdkFrom('10.0.6.2');
    for (let i = 0; i < 3; i++) await (await sdk.joinById(host.roomId, credentials(await guest(`10.0.6.${10 + i}`)))).leave();
    await expect(sdk.joinById(host.roomId, credentials(await guest('10.0.6.20')))).rejects.toMatchObject({
      code: 429,
      message: expect.stringMatching(/^ERR_TOO_MANY: /),
    });
    await host.leave();
  });

  test('join-code lookups: a few a minute, and a few misses an hour — a guessed code is refused even when it exists', async () => {
    const room = await sdkFrom('10.0.7.1').create('table', { size: 2, private: true, ...credentials(await guest('10.0.7.1')) });
    await waitFor(() => (room.state as { code?: string }).code !== undefined && (room.state as { code: string }).code !== '', 'the code');
    const code = (room.state as { code: string }).code;
    // Misses: three wrong codes, then even the right one is refused for this address (an hour's budget).
    for (const guess of ['AAAAAA', 'CCCCCC', 'DDDDDD']) expect((await request('10.0.7.2', `/api/tables/code/${guess}`)).status).toBe(404);
    await expectTooMany(await request('10.0.7.2', `/api/tables/code/${code}`));
    // Lookups: five a minute, found or not.
    for (let i = 0; i < 5; i++) expect((await request('10.0.7.3', `/api/tables/code/${code}`)).status).toBe(200);
    await expectTooMany(await request('10.0.7.3', `/api/tables/code/${code}`));
    expect((await request('10.0.7.4', `/api/tables/code/${code}`)).status).toBe(200);
    await room.leave();
  });

  test('websockets open at once: the upgrade beyond the limit is refused with 429 and Retry-After', async () => {
    const address = '10.0.8.1';
    const sdk = sdkFrom(address);
    const host = await sdk.create('table', { size: 4, ...credentials(await guest('10.0.8.10')) });
    const second = await sdk.joinById(host.roomId, credentials(await guest('10.0.8.11')));
    // A third websocket from the same address: refused at the upgrade.
    const refused = await new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
      const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/anything`, { headers: from(address) });
      ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] }));
      ws.on('open', () => reject(new Error('the upgrade was accepted')));
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    // Once one closes, the address may open another.
    await second.leave();
    await new Promise((r) => setTimeout(r, 100));
    const again = await sdk.joinById(host.roomId, credentials(await guest('10.0.8.12')));
    await Promise.all([host.leave(), again.leave()]);
  });
});

/**
 * A raw TCP connection to the server from the loopback address `local` (not the trusted proxy's
 * 127.0.0.1, so that the connection itself is counted): what it is answered, and when it closed.
 */
function connectFrom(local: string): { socket: Socket; answer: Promise<string>; closed: Promise<number> } {
  const { hostname, port } = new URL(t.baseUrl);
  const started = Date.now();
  const socket = connect({ host: hostname, port: Number(port), localAddress: local });
  let answer = '';
  socket.on('data', (chunk: Buffer) => void (answer += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  return { socket, answer: closed.then(() => answer), closed };
}

const healthOn = (socket: Socket) => socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');

describe('connections', () => {
  test('TCP connections open at once per address: one beyond the limit is closed unread; another address is served; a place freed is taken again', async () => {
    const held = [1, 2, 3, 4].map(() => connectFrom('127.0.0.9'));
    await Promise.all(held.map(({ socket }) => new Promise((r) => socket.once('connect', r))));
    await new Promise((r) => setTimeout(r, 100));
    const fifth = connectFrom('127.0.0.9');
    fifth.socket.once('connect', () => healthOn(fifth.socket));
    expect(await fifth.answer).toBe('');
    expect(await fifth.closed).toBeLessThan(1_000);
    const other = connectFrom('127.0.0.10');
    other.socket.once('connect', () => healthOn(other.socket));
    expect(await other.answer).toMatch(/^HTTP\/1\.1 200/);
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await new Promise((r) => setTimeout(r, 100));
    const again = connectFrom('127.0.0.9');
    again.socket.once('connect', () => healthOn(again.socket));
    expect(await again.answer).toMatch(/^HTTP\/1\.1 200/);
    for (const { socket } of held) socket.destroy();
  });

  test('a request must come in time: headers that never end, or no request at all, are answered 408 and closed within about 10 s', async () => {
    const dripping = connectFrom('127.0.0.11');
    dripping.socket.once('connect', () => dripping.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'));
    const drip = setInterval(() => dripping.socket.writable && dripping.socket.write('X-Slow: yes\r\n'), 1_000);
    const silent = connectFrom('127.0.0.12');
    try {
      for (const conn of [dripping, silent]) {
        expect(await conn.answer).toMatch(/^HTTP\/1\.1 408/);
        expect(await conn.closed).toBeLessThan(12_500);
      }
    } finally {
      clearInterval(drip);
    }
  });
});

/** How an attacker writes a path again so that a limit kept by exact path misses it: letter case, slashes. */
const rewritten = (path: string): string[] => [
  path.toUpperCase(),
  `${path}/`,
  path.replace('/', '//'),
  path.replace(/\/(\w)/g, (_, c: string) => `/${c.toUpperCase()}`),
];

describe('every form of a limited path counts against the same limit', () => {
  // [limit, method, path, body, budget in this file's configuration]
  const routes: [string, string, string, unknown, number][] = [
    ['guests', 'POST', '/api/guests', { nickname: 'Variant' }, 3],
    ['code lookups', 'GET', '/api/tables/code/QQQQQQ', undefined, 3], // (misses: three an hour)
    ['link codes', 'POST', '/api/link', { code: '0000-0000' }, 3],
    ['friend codes', 'GET', '/api/friends/code/QQQQQQQQ', undefined, 3], // (misses: three an hour)
    ['friend requests', 'POST', '/api/friends/requests', { playerId: 'someone', secret: 'x', to: 'QQQQQQQQ' }, 5], // (lookups: five a minute)
    ['sign-ins', 'POST', '/api/sign-in', { name: 'nobody.here', password: 'wrong password' }, 3],
    ['password changes', 'PUT', '/api/players/someone/login', { secret: 'x', name: 'some.one', password: 'a new password' }, 3],
  ];
  test.each(routes.map((r, i) => [...r, i] as const))(
    '%s: %s %s, whatever its case and slashes, and HEAD as GET',
    async (_limit, method, path, body, budget, i) => {
      const address = `10.0.20.${i + 1}`;
      const send = (p: string, m = method) =>
        request(address, p, { method: m, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const forms = [...rewritten(path), ...(method === 'GET' ? [path] : [])];
      // The budget spent by other forms of the path (for GET, HEAD too) …
      for (let n = 0; n < budget; n++) {
        const res = await send(forms[n % forms.length]!, method === 'GET' && n === budget - 1 ? 'HEAD' : method);
        expect([path, n, res.status]).not.toEqual([path, n, 429]);
      }
      // … the path itself is refused, and so is every other form of it.
      await expectTooMany(await send(path));
      for (const form of rewritten(path)) expect([form, (await send(form)).status]).toEqual([form, 429]);
    },
  );

  test('matchmaking is served at its own paths only: a prefix, a query, a slash or another case reach nothing', async () => {
    const ann = await guest('10.0.21.1', 'Ann');
    const stray = [
      '/x/matchmake/create/table',
      '/?/matchmake/create/table',
      '/matchmake/create/table/',
      '/matchmake//create/table',
      '/api/matchmake/create/table',
      '/matchmake/create/table?x=/matchmake',
    ];
    for (const [n, path] of stray.entries()) {
      const res = await request(`10.0.21.${10 + n}`, path, { method: 'POST', body: JSON.stringify({ size: 2, ...credentials(ann) }) });
      expect([path, res.status]).toEqual([path, 404]);
      expect(JSON.stringify(await res.json())).not.toMatch(/roomId|sessionId/);
    }
    // The real path still works, and is limited as table creation.
    const sdk = sdkFrom('10.0.21.30');
    await (await sdk.create('table', { size: 2, ...credentials(ann) })).leave();
  });

  test('a matchmaking request it cannot handle gets no internal error text, only that it was bad (the reason is logged)', async () => {
    const ann = await guest('10.0.23.1', 'Ann');
    const room = await sdkFrom('10.0.23.2').create('table', { size: 2, ...credentials(ann) });
    const requests: [string, string][] = [
      ['/matchmake/create/table', '{not json'],
      [`/matchmake/reconnect/${room.roomId}`, 'null'],
    ];
    for (const [n, [path, body]] of requests.entries()) {
      const res = await request(`10.0.23.${10 + n}`, path, { method: 'POST', body });
      expect([path, await res.json()]).toEqual([
        path,
        { code: 4213, error: 'ERR_BAD_REQUEST: this matchmaking request could not be handled' },
      ]);
    }
    expect(t.logs.events('matchmaking-failed').map((l) => l.reason)).toEqual([
      expect.stringMatching(/JSON/),
      expect.stringMatching(/null/),
    ]);
    // What a client did wrong is still said: an unknown room, an expired token, bad credentials.
    expect(
      await (
        await request('10.0.23.20', '/matchmake/joinById/nosuchroom', { method: 'POST', body: JSON.stringify(credentials(ann)) })
      ).json(),
    ).toEqual({ code: 4212, error: 'room "nosuchroom" not found' });
    expect(await (await request('10.0.23.21', '/matchmake/create/table', { method: 'POST', body: '{}' })).json()).toMatchObject({
      error: expect.stringMatching(/^ERR_BAD_CREDENTIALS: /),
    });
    await room.leave();
  });

  test("an API body it cannot read is answered in this server's words, never the parser's (bad JSON, too large)", async () => {
    const bad = await request('10.0.24.1', '/api/guests', { method: 'POST', body: '{"nickname": nope' });
    expect([bad.status, await bad.json()]).toEqual([400, { error: { code: 'ERR_BAD_REQUEST', message: 'the body is not valid JSON' } }]);
    const big = await request('10.0.24.2', '/api/guests', { method: 'POST', body: JSON.stringify({ nickname: 'x'.repeat(4096) }) });
    expect([big.status, await big.json()]).toEqual([
      413,
      { error: { code: 'ERR_BAD_REQUEST', message: 'the body is too large (2 KB at most)' } },
    ]);
  });

  test('a matchmaking body is a few KB at most: a larger one is refused before it is read (413), one without a length too (411)', async () => {
    const post = (headers: Record<string, string | number>, bytes: number) =>
      new Promise<{ status: number; sent: number }>((resolve, reject) => {
        const req = httpRequest(`${t.baseUrl}/matchmake/create/table`, {
          method: 'POST',
          headers: { ...from('10.0.22.1'), 'content-type': 'application/json', ...headers },
        });
        let sent = 0;
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          if (sent >= bytes || req.destroyed) return void req.end();
          sent += chunk.length;
          req.write(chunk, () => setTimeout(pump, 2));
        };
        req.on('response', (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, sent });
          req.destroy();
        });
        req.on('error', (err) => (sent > 0 ? undefined : reject(err)));
        pump();
      });
    const rss = process.memoryUsage().rss;
    const big = await post({ 'content-length': 10 * 1024 * 1024 }, 10 * 1024 * 1024);
    expect(big.status).toBe(413);
    expect(big.sent).toBeLessThan(2 * 1024 * 1024); // answered long before the body could have been read
    expect(process.memoryUsage().rss - rss).toBeLessThan(8 * 1024 * 1024);
    expect((await post({ 'transfer-encoding': 'chunked' }, 256 * 1024)).status).toBe(411);
  });
});

describe('security headers', () => {
  test('every response carries them: scripts and styles of the site only, its websocket, no framing, no sniffing, no referrer', async () => {
    for (const path of ['/', '/api/leaderboard', '/healthz']) {
      const res = await request('10.0.9.1', path);
      const csp = res.headers.get('content-security-policy') ?? '';
      const host = new URL(t.baseUrl).host;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(csp).toContain(`connect-src 'self' ws://${host} wss://${host}`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  test('HSTS only where the page came over https: said by a trusted proxy (X-Forwarded-Proto), never over plain http', async () => {
    expect((await request('10.0.9.2', '/')).headers.get('strict-transport-security')).toBeNull();
    const viaHttps = await request('10.0.9.2', '/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(viaHttps.headers.get('strict-transport-security')).toBe('max-age=31536000');
    // From a peer that is no trusted proxy, the header means nothing.
    const proxies = ProxyTrust.parse(['10.9.9.9']);
    if (!proxies.ok) throw new Error(proxies.error);
    const req = (peer: string, proto?: string) =>
      ({ socket: { remoteAddress: peer }, headers: proto ? { 'x-forwarded-proto': proto } : {} }) as never;
    expect([
      overHttps(req('10.9.9.9', 'https'), proxies.trust),
      overHttps(req('10.0.0.1', 'https'), proxies.trust),
      overHttps(req('10.9.9.9', 'http'), proxies.trust),
    ]).toEqual([true, false, false]);
  });

  test('a Host header that is not a host name is left out of the policy', async () => {
    const { request: raw } = await import('node:http');
    const csp = await new Promise<string>((resolve) => {
      const { port } = new URL(t.baseUrl);
      raw({ host: '127.0.0.1', port, path: '/healthz', headers: { host: 'evil.example; script-src *', ...from('10.0.9.2') } }, (res) => {
        resolve(String(res.headers['content-security-policy']));
        res.resume();
      }).end();
    });
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('evil');
  });
});
