import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import { type GuestsRouterDeps, guestsRouter } from './accounts/guestsRouter';
import { adminPage } from './admin/router';
import type { ServerConfig } from './config';
import type { Drain } from './table/drain';
import { apiError, fail } from './http/respond';
import { sameSecret } from './http/sameSecret';
import { webAssets } from './http/webAssets';
import { type MatchesRouterDeps, matchesRouter } from './matches/router';
import { registry } from './core/metrics';
import { type ProfilesRouterDeps, profilesRouter } from './profiles/router';
import type { Storage } from './repositories';
import { storeLocation } from './storage/open';
import { type LobbyRouterDeps, lobbyRouter } from './table';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Flight Chess</title>
<h1>Flight Chess server is running</h1>
<p>The web client is not built yet (apps/web). The game server answers on this address:
<a href="/healthz">/healthz</a>, <a href="/api/tables">/api/tables</a>, <a href="/api/leaderboard">/api/leaderboard</a>.</p>`;

/** body-parser's refusals (its `type`), said plainly. */
const BAD_BODIES: Readonly<Record<string, string>> = {
  'entity.parse.failed': 'the body is not valid JSON',
  'entity.too.large': 'the body is too large (2 KB at most)',
  'encoding.unsupported': "the body's encoding is not supported",
  'charset.unsupported': "the body's charset is not supported",
  'request.aborted': 'the request was cut off',
  'request.size.invalid': 'the body is not as long as it said',
};

/** What the JSON API's routes are given: each capability's routers, and what the routers made here need. */
export type ApiDeps = GuestsRouterDeps &
  ProfilesRouterDeps &
  LobbyRouterDeps &
  MatchesRouterDeps & {
    /** Link a device, sign in, sign out elsewhere (accounts/router.ts). */
    readonly accounts: { readonly router: Router };
    /** Quick play and blocks (pairing/router.ts). */
    readonly pairing: { readonly router: Router };
    /** Friends and the pages' event streams (friends/router.ts). */
    readonly friends: { readonly router: Router };
    /** Invitations to tables (invitations/router.ts). */
    readonly invitations: { readonly router: Router };
    /** The bell's notices (notifications/). */
    readonly notifications: { readonly router: Router };
    /** Web Push: the key, the devices, the sleep window (push/router.ts). */
    readonly push: { readonly router: Router };
    /** Tournaments (tournaments/router.ts), and the players' results in them (their profiles). */
    readonly tournaments: { readonly router: Router } & ProfilesRouterDeps['tournaments'];
  };

/**
 * The JSON API under /api (packages/protocol README: HTTP endpoints): each capability's routes, every
 * body JSON of 2 KB at most, and 404 for any other path.
 */
function apiRouter(deps: ApiDeps): Router {
  const api = express.Router();
  api.use(express.json({ limit: '2kb' }));
  api.use(
    guestsRouter(deps),
    profilesRouter(deps),
    lobbyRouter(deps),
    matchesRouter(deps),
    deps.accounts.router,
    deps.pairing.router,
    deps.friends.router,
    deps.invitations.router,
    deps.push.router,
    deps.notifications.router,
    deps.tournaments.router,
  );
  api.use((_req: Request, res: Response) => fail(res, 404, 'ERR_NOT_FOUND', 'no such endpoint'));
  return api;
}

/** The express app: health check, JSON API, and the web client when it has been built. */
export function createApp(
  config: ServerConfig,
  deps: ApiDeps & { storage: Pick<Storage, 'probe'>; logger: Logger; drain: Pick<Drain, 'draining'>; admin?: Router },
): express.Express {
  const app = express();
  app.disable('x-powered-by');

  // The store takes a write, or this process is not healthy (a read-only file answers a SELECT all the same).
  // A failure is logged once, naming the store, until it can write again.
  let failing = false;
  app.get('/healthz', (_req, res, next) => {
    // Shutting down: a load balancer or orchestrator should send this process nothing new.
    if (deps.drain.draining) {
      res.status(503).json({ status: 'draining', uptimeSeconds: Math.round(process.uptime()) });
      return;
    }
    deps.storage
      .probe(Date.now())
      .then(
        () => {
          if (failing) deps.logger.info({ event: 'storage-writable', where: storeLocation(config) }, 'the database can be written again');
          failing = false;
          res.json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
        },
        (err: unknown) => {
          if (!failing)
            deps.logger.error(
              { event: 'storage-unwritable', where: storeLocation(config), err },
              `health check: the database at ${storeLocation(config)} cannot be written`,
            );
          failing = true;
          res.status(503).json({ status: 'error', ...apiError('ERR_STORAGE', 'the database cannot be written') });
        },
      )
      .catch(next);
  });

  if (config.metrics) {
    app.get('/metrics', (req, res, next) => {
      if (config.metricsToken && !sameSecret(req.headers.authorization ?? '', `Bearer ${config.metricsToken}`)) {
        fail(res, 401, 'ERR_UNAUTHORIZED', 'send Authorization: Bearer <METRICS_TOKEN>');
        return;
      }
      registry.metrics().then((text) => res.type(registry.contentType).send(text), next);
    });
  }

  // The operator's console (admin/): /api/admin/* behind ADMIN_TOKEN, and the notice every page shows.
  if (deps.admin) app.use('/api', deps.admin);
  app.use('/api', apiRouter(deps));
  app.get('/admin', adminPage(config.adminToken));

  if (existsSync(join(config.webDist, 'index.html'))) {
    app.use(...webAssets(config.webDist));
  } else {
    app.get('/', (_req, res) => res.type('html').send(NOT_BUILT));
  }

  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      // What the client sent wrong, in this server's words: never a parser's own text.
      fail(res, status, 'ERR_BAD_REQUEST', BAD_BODIES[(err as { type?: string }).type ?? ''] ?? 'the request could not be read');
      return;
    }
    deps.logger.error({ err }, 'http request failed');
    fail(res, 500, 'ERR_INTERNAL', 'internal error');
  });
  return app;
}
