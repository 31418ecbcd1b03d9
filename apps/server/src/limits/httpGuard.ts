import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { JOIN_ERROR_NUMBERS, codedText } from '@flightchess/protocol';
import type { Logger } from 'pino';
import { apiError, type HttpRefusal } from '../http/respond';
import type { ClientLimiter, Limited, Refusal } from './clientLimiter';
import { securityHeaders } from './securityHeaders';

/**
 * The route a request is limited as. Express matches a route whatever its letter case and a trailing
 * slash (and repeated slashes), and answers HEAD with the GET route: each of those is the same route
 * here, so no variant of a path walks around its limit.
 */
export function routeOf(method: string | undefined, path: string): { method: string; path: string } {
  const collapsed = path.replace(/\/{2,}/g, '/').toLowerCase();
  return { method: method === 'HEAD' ? 'GET' : (method ?? ''), path: collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed };
}

/**
 * Colyseus serves every URL with "/matchmake" anywhere in it (after a prefix, in the query): only this
 * form of its routes, the one its clients send, is let through to it; any other is refused before it.
 * Its own choice of a table (joinOrCreate, join) is not: quick play decides (POST /api/quick, pairing/),
 * so that nobody walks around a cooldown or a block.
 */
const MATCHMAKE = /^\/matchmake\/(create|joinById|reconnect)\/[A-Za-z0-9_-]{1,64}$/;
const isMatchmaking = (url: string) => url.includes('/matchmake');

/** Colyseus reads a matchmaking request's whole body before anything else: a real one is well under this. */
export const MATCHMAKE_BODY_BYTES = 4 * 1024;

/** Which limits a request counts against, besides every request's (`path` as routeOf gives it). */
function limitsOf(method: string, path: string): Exclude<Limited, 'sockets' | 'connections' | 'code-misses'>[] {
  if (method === 'POST' && path === '/api/guests') return ['guests'];
  if (method === 'POST' && (/^\/matchmake\/create\//.test(path) || path === '/api/quick')) return ['tables'];
  if (method === 'POST' && /^\/matchmake\/(joinbyid|reconnect)\//.test(path)) return ['joins'];
  if (isGuess(method, path)) return ['code-lookups'];
  if (SIGN_INS.some(([m, route]) => m === method && route.test(path))) return ['sign-ins'];
  return [];
}

/** A join-code lookup, a link code or a friend code (looked up, or asked by): a miss counts against the guesser's hourly budget. */
const isGuess = (method: string, path: string): boolean =>
  (method === 'GET' && (path.startsWith('/api/tables/code/') || path.startsWith('/api/friends/code/'))) ||
  (method === 'POST' && (path === '/api/link' || path === '/api/friends/requests'));

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
  connections: 'too many connections open from your address',
  'sign-ins': 'too many sign-ins from your address',
};

export function refusalMessage(refusal: Refusal): string {
  return `${MESSAGES[refusal.limit]}: try again in ${refusal.retryAfter} s`;
}

/** A refusal in the shape the route's client reads (Colyseus' for /matchmake). */
function refuse(res: ServerResponse, url: string, { status, code, message }: HttpRefusal, headers: Record<string, string> = {}): void {
  const body = isMatchmaking(url) ? { code: status, error: codedText(code, message) } : apiError(code, message);
  // A body left unread is not waited for: the connection closes after the answer.
  res.writeHead(status, { 'Content-Type': 'application/json', Connection: 'close', ...headers });
  res.end(JSON.stringify(body));
}

/** A join or reconnection whose table's process died: another restores the table within seconds. */
const TABLE_MOVING = {
  code: JOIN_ERROR_NUMBERS.ERR_SHUTTING_DOWN,
  error: codedText('ERR_SHUTTING_DOWN', 'the server holding this table stopped: it is restored on another in a moment, try again'),
};

/** Colyseus' words when the process a room is listed on does not answer (it died, and its listings remain a while). */
const PROCESS_GONE = /^process \S+ is not available\.?$/;

/** Colyseus' codes for what the client asked wrongly (no such room, an expired token…): their text is meant for it. */
const MEANT_FOR_CLIENTS = new Set([4210, 4211, 4212, 4214, 4215, 4217]);

/**
 * Colyseus answers a matchmaking request it failed on with the exception's own text ("Unexpected token…
 * in JSON", "Cannot read properties of null"): that is logged, and the client is told only that the
 * request could not be handled. Refusals of this server's own (ERR_… codes) and Colyseus' answers meant
 * for clients pass as they are.
 */
function hideInternalErrors(res: ServerResponse, log: Logger): void {
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'string') return write(chunk, ...rest);
    let answer: { code?: unknown; error?: unknown } | null;
    try {
      answer = JSON.parse(chunk) as { code?: unknown; error?: unknown };
    } catch {
      return write(chunk, ...rest);
    }
    const error = answer?.error;
    const ours = typeof error === 'string' && /^ERR_[A-Z_]+: /.test(error);
    if (typeof error !== 'string' || ours || MEANT_FOR_CLIENTS.has(answer!.code as number)) return write(chunk, ...rest);
    log.warn({ event: 'matchmaking-failed', code: answer!.code, reason: error }, 'a matchmaking request failed');
    // The table's listing names a process that died: another restores the table within seconds.
    if (PROCESS_GONE.test(error)) return write(JSON.stringify(TABLE_MOVING), ...rest);
    return write(
      JSON.stringify({ code: 4213, error: codedText('ERR_BAD_REQUEST', 'this matchmaking request could not be handled') }),
      ...rest,
    );
  }) as typeof res.write;
}

/** What is wrong with a request before any route or limit looks at it: a stray matchmaking URL, an unbounded body. */
function malformed(req: IncomingMessage, url: string): HttpRefusal | null {
  if (!isMatchmaking(url)) return null;
  if (!MATCHMAKE.test(url)) return { status: 404, code: 'ERR_NOT_FOUND', message: 'no such route' };
  if (req.method !== 'POST') return null;
  const length = Number(req.headers['content-length']);
  if (req.headers['transfer-encoding'] !== undefined || !Number.isInteger(length))
    return { status: 411, code: 'ERR_BAD_REQUEST', message: 'a matchmaking request states its length' };
  if (length > MATCHMAKE_BODY_BYTES)
    return { status: 413, code: 'ERR_BAD_REQUEST', message: `a matchmaking request is at most ${MATCHMAKE_BODY_BYTES} bytes` };
  return null;
}

/**
 * Put the per-address limits and the security headers in front of every HTTP route of `server`:
 * express's and Colyseus' own matchmaking routes (which Colyseus answers before express), so it is
 * installed after both.
 */
export function guardHttp(
  server: HttpServer,
  limiter: ClientLimiter,
  log: Logger,
  /** Whether a table's listing names a process known to be dead (several processes): its joins are answered at once. */
  listedOnDead: (roomId: string) => Promise<boolean> = async () => false,
): void {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const { method, path } = routeOf(req.method, url.split('?')[0]!);
    for (const [name, value] of Object.entries(securityHeaders(req, limiter.overHttps(req)))) res.setHeader(name, value);
    const address = limiter.addressOf(req);
    const isLookup = isGuess(method, path);
    // The budgets may be counted in Redis: the request waits for the answer (its body waits unread meanwhile).
    const counted = async () =>
      (isLookup && (await limiter.check(address, 'code-misses'))) || limiter.take(address, ['http', ...limitsOf(method, path)]);
    const handle = () => {
      for (const h of handlers) h.call(server, req, res);
    };
    void counted().then((refusal) => {
      if (refusal) {
        refuse(
          res,
          url,
          { status: 429, code: 'ERR_TOO_MANY', message: refusalMessage(refusal) },
          { 'Retry-After': String(refusal.retryAfter) },
        );
        return;
      }
      const wrong = malformed(req, url);
      if (wrong) {
        refuse(res, url, wrong);
        return;
      }
      if (isLookup) res.once('finish', () => res.statusCode === 404 && void limiter.missed(address));
      if (!isMatchmaking(url)) return handle();
      hideInternalErrors(res, log);
      // Colyseus would wait 4 s for the dead process (a seat reservation, then a health check) before failing.
      const joined = /^\/matchmake\/(joinById|reconnect)\/(.+)$/.exec(url);
      if (!joined) return handle();
      void listedOnDead(joined[2]!)
        .catch(() => false)
        .then((dead) => {
          if (!dead) return handle();
          res.writeHead(200, { 'Content-Type': 'application/json', Connection: 'close' });
          res.end(JSON.stringify(TABLE_MOVING));
        });
    });
  });
}
