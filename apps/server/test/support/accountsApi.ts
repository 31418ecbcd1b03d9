import { request } from 'node:http';
import type { DeviceInfo, LinkCode, SignedIn } from '@flightchess/protocol';
import type { ServerConfig } from '../../src/config';
import type { Guest } from './players';
import { TEST_CONFIG, type TestServer } from './server';

/**
 * The accounts API over real HTTP, for the accounts test files. The server trusts 127.0.0.1 as a
 * proxy, so X-Forwarded-For names the client: each test speaks for client addresses of its own.
 */
export const ACCOUNTS_CONFIG: Partial<ServerConfig> = {
  trustProxy: ['127.0.0.1'],
  limits: { ...TEST_CONFIG.limits!, codeMissesPerHour: 5, signInsPerMinute: 6 },
  signInFailuresPerHour: 4,
  signInFailuresPerNameMinute: 8,
  // Colyseus leaves a held seat's timer running when the seat is taken back another way: keep it short.
  reconnectSeconds: 3,
};

export const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
export const BAD_CREDENTIALS = { error: { code: 'ERR_BAD_CREDENTIALS', message: expect.any(String) } };

export interface Answer<T = any> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

export async function expectTooMany(answer: Answer): Promise<void> {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(answer.body).toMatchObject({ error: { code: 'ERR_TOO_MANY' } });
}

/** Calls to the accounts API of the test file's server `t`. */
export function accountsApi(t: TestServer) {
  let addresses = 0;
  /** A client address no other test uses. */
  const fresh = () => `10.19.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

  /** An API call from a client address (node:http, which unlike fetch lets a test name the Host the browser would send). */
  function call<T = any>(
    method: string,
    path: string,
    body: unknown,
    opts: { from?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': opts.from ?? fresh(), ...opts.headers };
    return new Promise((resolve, reject) => {
      const req = request(`${t.baseUrl}/api${path}`, { method, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') answer.set(name, value);
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as T, headers: answer });
        });
      });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  }
  const post = <T = any>(path: string, body: unknown, opts?: Parameters<typeof call>[3]) => call<T>('POST', path, body, opts);

  async function guest(nickname = 'Ann'): Promise<Guest> {
    const made = await post<Guest>(
      '/guests',
      { nickname },
      { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' } },
    );
    expect(made.status).toBe(201);
    return made.body;
  }

  /** `player` as another device: a link code from this one, redeemed there. */
  async function linked(player: Guest, from = fresh()): Promise<SignedIn> {
    const code = await post<LinkCode>(`/players/${player.playerId}/link-codes`, { secret: player.secret });
    const link = await post<SignedIn>('/link', { code: code.body.code }, { from, headers: { 'user-agent': PHONE_UA } });
    expect(link.status).toBe(200);
    return link.body;
  }

  const devicesOf = (g: Pick<Guest, 'playerId' | 'secret'>) => post<DeviceInfo[]>(`/players/${g.playerId}/devices`, { secret: g.secret });

  return { fresh, call, post, guest, linked, devicesOf };
}

/** What a test server logged holds no secret, password, link code or passkey material (the words the accounts tests use). */
export function expectNoSecretsLogged(raw: readonly string[]): void {
  const all = raw.join('\n');
  expect(all.length).toBeGreaterThan(0);
  for (const word of ['correct horse', 'password one', 'the real one', 'a new passphrase']) expect(all).not.toContain(word);
  // (Refusal codes like ERR_NOT_STARTED and 6-character join codes may be logged; an 8-character link code may not.)
  expect(all).not.toMatch(/"(secret|password|response)":"(?!\[redacted\])[^"]{8,}|"code":"[ACDEFGHJKMNPRTWXY34679]{8}"/);
}
