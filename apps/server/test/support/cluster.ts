import { request } from 'node:http';
import { Client } from 'colyseus.js';
import type { ServerProcess } from './processes';

/** For cluster.test.ts: two server processes behind nginx, and the ways a test reaches and tells them apart. */

export const ADMIN_TOKEN = 'cluster-operator-token-0123';

/** POST `body` to `path` through `url` from the local address `from` (loopback has 127.0.0.0/8), with any extra headers: the status. */
function postFrom(url: string, path: string, from: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = request(
      { host: hostname, port, path, method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** POST a new guest through `url` from the local address `from`, with any extra headers. */
export const guestFrom = (url: string, from: string, headers: Record<string, string> = {}): Promise<number> =>
  postFrom(url, '/api/guests', from, { nickname: 'Flood' }, headers);

/** A sign-in with a wrong password at login name `name`, through `url` from the local address `from`. */
export const wrongSignInFrom = (url: string, from: string, name: string): Promise<number> =>
  postFrom(url, '/api/sign-in', from, { name, password: 'not the password' });

export type Name = 'a' | 'b';

/** A colyseus.js client whose HTTP requests go to `baseUrl`, noting where its websockets were sent. */
export function clientVia(baseUrl: string): { client: Client; sockets: string[] } {
  const sockets: string[] = [];
  const client = new Client(baseUrl, {
    urlBuilder: (url: URL) => {
      if (url.protocol.startsWith('ws')) sockets.push(url.href);
      return url.href;
    },
  });
  return { client, sockets };
}

/** Retry an assertion for a few seconds (the proxy skips a stopped upstream only after it failed once). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Which process a websocket was routed to: the first path segment of its public address. */
export const processOf = (socketUrl: string | undefined): string => new URL(socketUrl ?? 'ws://none/').pathname.split('/')[1] ?? '';

/** An admin request to one process, with the token. */
export const admin = async (server: ServerProcess, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.baseUrl}/api/admin${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};
