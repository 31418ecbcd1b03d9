import { NetSession, ServerFailure } from '../src/online/netSession';
import { MemoryStore } from './support';

interface Call {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

/** A fake server: answers each request with the next canned answer, and records what was asked. */
function fakeServer(answers: { status: number; body: unknown }[]) {
  const calls: Call[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected request ${url.pathname}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const ANN = { playerId: 'p1', secret: 's1', nickname: 'Ann' };

describe('NetSession: the guest identity', () => {
  afterEach(() => jest.restoreAllMocks());

  test('is made once, then reused while the nickname stays', async () => {
    const calls = fakeServer([{ status: 201, body: ANN }]);
    const session = new NetSession(new MemoryStore(), 'http://game.test/');
    let told = 0;
    session.onPlayer(() => told++);
    expect(await session.guest('Ann')).toEqual(ANN);
    expect(await session.guest('Ann')).toEqual(ANN);
    expect(calls).toEqual([{ method: 'POST', path: '/api/guests', body: { nickname: 'Ann' } }]);
    // The page hears of its new player once (its friends' stream starts then).
    expect(told).toBe(1);
  });

  test('asked twice at once (the friends panel loading while a table is created), one guest is made and both get it', async () => {
    const calls = fakeServer([{ status: 201, body: ANN }]);
    const session = new NetSession(new MemoryStore(), 'http://game.test/');
    expect(await Promise.all([session.guest('Ann'), session.guest('Ann')])).toEqual([ANN, ANN]);
    expect(calls).toHaveLength(1);
  });

  test('a new nickname renames the same player: id, secret (and so level and history) kept', async () => {
    const store = new MemoryStore();
    const calls = fakeServer([
      { status: 201, body: ANN },
      { status: 200, body: { playerId: 'p1', nickname: 'Anna' } },
    ]);
    const session = new NetSession(store, 'http://game.test/');
    await session.guest('Ann');
    expect(await session.guest('Anna')).toEqual({ playerId: 'p1', secret: 's1', nickname: 'Anna' });
    expect(calls[1]).toEqual({ method: 'PUT', path: '/api/players/p1/nickname', body: { secret: 's1', nickname: 'Anna' } });
    expect(new NetSession(store, 'http://game.test/').credentials()).toEqual({ playerId: 'p1', secret: 's1', nickname: 'Anna' });
  });

  test('a guest the server no longer knows (a fresh database) is made anew', async () => {
    const calls = fakeServer([
      { status: 201, body: ANN },
      { status: 401, body: { error: { code: 'ERR_BAD_CREDENTIALS', message: 'unknown' } } },
      { status: 201, body: { playerId: 'p2', secret: 's2', nickname: 'Anna' } },
    ]);
    const session = new NetSession(new MemoryStore(), 'http://game.test/');
    await session.guest('Ann');
    expect(await session.guest('Anna')).toEqual({ playerId: 'p2', secret: 's2', nickname: 'Anna' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/guests', 'PUT /api/players/p1/nickname', 'POST /api/guests']);
  });

  test('a refused name fails and leaves the stored guest as it was', async () => {
    fakeServer([
      { status: 201, body: ANN },
      { status: 400, body: { error: { code: 'ERR_BAD_NICKNAME', message: 'a nickname has at most 20 characters' } } },
    ]);
    const session = new NetSession(new MemoryStore(), 'http://game.test/');
    await session.guest('Ann');
    const refused = session.guest('x'.repeat(21));
    await expect(refused).rejects.toBeInstanceOf(ServerFailure);
    await expect(refused).rejects.toMatchObject({ code: 'ERR_BAD_NICKNAME' });
    expect(session.credentials()).toEqual(ANN);
  });
});

describe('NetSession: signed in and signed out', () => {
  afterEach(() => jest.restoreAllMocks());

  test('a secret the server refuses signs this device out: forgotten with its tokens, the name kept to say so once', async () => {
    const store = new MemoryStore();
    store.setItem('flightchess.player', JSON.stringify(ANN));
    store.setItem('flightchess.tokens', JSON.stringify({ r1: 'r1:token' }));
    fakeServer([{ status: 401, body: { error: { code: 'ERR_BAD_CREDENTIALS', message: 'signed out' } } }]);
    const session = new NetSession(store, 'http://game.test/');
    expect(await session.myTables()).toEqual([]);
    expect(session.credentials()).toBeNull();
    expect(session.tokenFor('r1')).toBeNull();
    expect(session.signedOutOf()).toBe('Ann');
    session.dismissSignedOut();
    expect(session.signedOutOf()).toBeNull();
  });

  test('another failure of the table list is not taken for a sign-out', async () => {
    const store = new MemoryStore();
    store.setItem('flightchess.player', JSON.stringify(ANN));
    fakeServer([{ status: 503, body: { error: { code: 'ERR_STORAGE', message: 'down' } } }]);
    const session = new NetSession(store, 'http://game.test/');
    await expect(session.myTables()).rejects.toBeInstanceOf(ServerFailure);
    expect(session.credentials()).toEqual(ANN);
  });

  test("adopting another player's credentials replaces the device's own and its tokens", () => {
    const store = new MemoryStore();
    store.setItem('flightchess.player', JSON.stringify(ANN));
    store.setItem('flightchess.tokens', JSON.stringify({ r1: 'r1:token' }));
    store.setItem('flightchess.signedOut', 'Old');
    const session = new NetSession(store, 'http://game.test/');
    let told = 0;
    session.onPlayer(() => told++);
    session.adopt({ playerId: 'p9', secret: 'device-secret', nickname: 'Bo' });
    expect(told).toBe(1);
    expect(session.credentials()).toEqual({ playerId: 'p9', secret: 'device-secret', nickname: 'Bo' });
    expect(session.tokenFor('r1')).toBeNull();
    expect(session.signedOutOf()).toBeNull();
  });
});

describe('NetSession: match records as this player', () => {
  afterEach(() => jest.restoreAllMocks());
  const RECORD = { id: 'm1', status: 'playing' };

  test("a match and its verification are asked for with this player's credentials, and the code of its table when known", async () => {
    const store = new MemoryStore();
    store.setItem('flightchess.player', JSON.stringify(ANN));
    const calls = fakeServer([
      { status: 200, body: RECORD },
      { status: 200, body: RECORD },
      { status: 200, body: { dice: { ok: true } } },
    ]);
    const session = new NetSession(store, 'http://game.test/');
    session.rememberCode('r1', 'ACDEFG');
    expect(await session.match('m1', 'r1')).toEqual(RECORD);
    await session.match('m1');
    await session.verify('m1');
    expect(calls).toEqual([
      { method: 'POST', path: '/api/matches/m1', body: { playerId: 'p1', secret: 's1', code: 'ACDEFG' } },
      { method: 'POST', path: '/api/matches/m1', body: { playerId: 'p1', secret: 's1' } },
      { method: 'POST', path: '/api/matches/m1/verify', body: { playerId: 'p1', secret: 's1' } },
    ]);
  });

  test('without a player it asks as nobody; a refused secret signs this device out and asks again as nobody', async () => {
    const store = new MemoryStore();
    store.setItem('flightchess.player', JSON.stringify(ANN));
    const calls = fakeServer([
      { status: 401, body: { error: { code: 'ERR_BAD_CREDENTIALS', message: 'signed out' } } },
      { status: 200, body: RECORD },
      { status: 404, body: { error: { code: 'ERR_NO_MATCH', message: 'no such match' } } },
    ]);
    const session = new NetSession(store, 'http://game.test/');
    expect(await session.match('m1')).toEqual(RECORD);
    expect(session.credentials()).toBeNull();
    await expect(session.match('m2')).rejects.toMatchObject({ code: 'ERR_NO_MATCH' });
    expect(calls.map((c) => c.body)).toEqual([{ playerId: 'p1', secret: 's1' }, {}, {}]);
  });
});
