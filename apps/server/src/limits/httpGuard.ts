import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { ClientLimiter, Limited, Refusal } from './clientLimits';
import { securityHeaders } from './securityHeaders';

/** Which limits a request counts against, besides every request's. */
function limitsOf(method: string | undefined, path: string): Exclude<Limited, 'sockets' | 'code-misses'>[] {
  if (method === 'POST' && path === '/api/guests') return ['guests'];
  if (method === 'POST' && /^\/matchmake\/(create|joinOrCreate)\//.test(path)) return ['tables'];
  if (method === 'POST' && /^\/matchmake\/(joinById|join|reconnect)\//.test(path)) return ['joins'];
  if (isGuess(method, path)) return ['code-lookups'];
  if (SIGN_INS.some(([m, route]) => m === method && route.test(path))) return ['sign-ins'];
  return [];
}

/** A join-code lookup or a link code (issue 19): a miss counts against the guesser's hourly budget. */
const isGuess = (method: string | undefined, path: string): boolean =>
  (method === 'GET' && path.startsWith('/api/tables/code/')) || (method === 'POST' && path === '/api/link');

/** Each costs a password hash or a passkey check (accounts/router.ts). */
const SIGN_INS: readonly (readonly [string, RegExp])[] = [
  ['POST', /^\/api\/sign-in$/],
  ['POST', /^\/api\/passkeys\/sign-in$/],
  ['PUT', /^\/api\/players\/[^/]+\/login$/],
];

const MESSAGES: Record<Limited, string> = {
  http: 'too many requests from your address',
  guests: 'too many new players from your address',
  tables: 'too many new tables from your address',
  joins: 'too many joins from your address',
  'code-lookups': 'too many join-code lookups from your address',
  'code-misses': 'too many join or link codes that match nothing from your address',
  sockets: 'too many connections open from your address',
  'sign-ins': 'too many sign-ins from your address',
};

export function refusalMessage(refusal: Refusal): string {
  return `${MESSAGES[refusal.limit]}: try again in ${refusal.retryAfter} s`;
}

/** 429, Retry-After, and the refusal in the shape the route's client reads (Colyseus' for /matchmake). */
function tooMany(res: ServerResponse, path: string, refusal: Refusal): void {
  const message = refusalMessage(refusal);
  const body = path.startsWith('/matchmake/') ? { code: 429, error: `ERR_TOO_MANY: ${message}` } : { error: { code: 'ERR_TOO_MANY', message } };
  res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': String(refusal.retryAfter) });
  res.end(JSON.stringify(body));
}

/**
 * Put the per-address limits and the security headers in front of every HTTP route of `server`:
 * express's and Colyseus' own matchmaking routes (which Colyseus answers before express), so it is
 * installed after both.
 */
export function guardHttp(server: HttpServer, limiter: ClientLimiter): void {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    for (const [name, value] of Object.entries(securityHeaders(req))) res.setHeader(name, value);
    const address = limiter.addressOf(req);
    const isLookup = isGuess(req.method, path);
    const refusal = (isLookup && limiter.check(address, 'code-misses')) || limiter.take(address, ['http', ...limitsOf(req.method, path)]);
    if (refusal) {
      tooMany(res, path, refusal);
      return;
    }
    if (isLookup) res.once('finish', () => res.statusCode === 404 && limiter.missed(address));
    for (const handle of handlers) handle.call(server, req, res);
  });
}
