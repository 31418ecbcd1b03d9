import { AdminApi } from '../src/admin/adminApi';
import { NetSession, ServerFailure } from '../src/online/netSession';
import { MemoryStore } from './support';

const TOKEN = 'operator-token-0123456789';

/** A fake server: each request gets the next canned answer; what was asked (and with which authorization) is kept. */
function fakeServer(answers: { status: number; body: unknown }[]) {
  const calls: { method: string; path: string; authorization: string | null }[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const headers = new Headers(init?.headers);
    calls.push({ method: init?.method ?? 'GET', path: new URL(String(input)).pathname, authorization: headers.get('authorization') });
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected request');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const refusal = (code: string) => ({ error: { code, message: code } });
const net = () => new NetSession(new MemoryStore(), 'http://game.test/');

describe("AdminApi: the console's calls", () => {
  afterEach(() => jest.restoreAllMocks());

  test('learns whether the server runs a console by asking without a token (404: off, 401: on)', async () => {
    const calls = fakeServer([
      { status: 404, body: refusal('ERR_NOT_FOUND') },
      { status: 401, body: refusal('ERR_UNAUTHORIZED') },
    ]);
    const api = new AdminApi(net(), new MemoryStore());
    expect(await api.enabled()).toBe(false);
    expect(await api.enabled()).toBe(true);
    expect(calls.map((c) => c.authorization)).toEqual([null, null]);
  });

  test("keeps the token in the tab's session store once the server took it, sends it as a bearer, and forgets it when refused", async () => {
    const session = new MemoryStore();
    const calls = fakeServer([
      { status: 401, body: refusal('ERR_UNAUTHORIZED') },
      { status: 200, body: { processes: [] } },
      { status: 200, body: { roomId: 'r1', matchId: 'm1', aborted: true } },
      { status: 401, body: refusal('ERR_UNAUTHORIZED') },
    ]);
    const api = new AdminApi(net(), session);
    await expect(api.signIn('wrong-token-0123456789')).rejects.toBeInstanceOf(ServerFailure);
    expect(api.signedIn).toBe(false);
    await api.signIn(TOKEN);
    expect(api.signedIn).toBe(true);
    expect(await api.close('r1')).toEqual({ roomId: 'r1', matchId: 'm1', aborted: true });
    await expect(api.tables()).rejects.toMatchObject({ code: 'ERR_UNAUTHORIZED' });
    expect(api.signedIn).toBe(false);
    expect(calls).toEqual([
      { method: 'GET', path: '/api/admin/overview', authorization: 'Bearer wrong-token-0123456789' },
      { method: 'GET', path: '/api/admin/overview', authorization: `Bearer ${TOKEN}` },
      { method: 'POST', path: '/api/admin/tables/r1/close', authorization: `Bearer ${TOKEN}` },
      { method: 'GET', path: '/api/admin/tables', authorization: `Bearer ${TOKEN}` },
    ]);
  });
});
