import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { fail } from '../http/respond';
import { sameSecret } from '../http/sameSecret';
import type { ClientLimiter } from '../limits/clientLimiter';
import { metrics } from '../core/metrics';

/** Wrong tokens one address may send: a burst of this many, then one every 60 / this seconds. */
export const WRONG_TOKENS_PER_MINUTE = 5;

/**
 * The door of every /api/admin route: absent (404, as any unknown path) unless ADMIN_TOKEN is
 * set; then `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time (401 without it). A wrong
 * token counts against its address, and an address that used up its budget is refused even the right
 * one until it refills (429), as a guesser must be. The token is never logged.
 */
export function adminGate(
  token: string | undefined,
  limiter: Pick<ClientLimiter, 'addressOf' | 'budgets'>,
  log: Logger,
): (req: Request, res: Response, next: NextFunction) => void {
  const rate = { capacity: WRONG_TOKENS_PER_MINUTE, perMs: 60_000 };
  // Counted where the other limits are: with several processes, by all of them together.
  const wrong = (address: string) => ({ rate, key: `admin-tokens|${address}` });
  const gate = async (req: Request, res: Response, next: NextFunction) => {
    if (!token) return void fail(res, 404, 'ERR_NOT_FOUND', 'no such endpoint');
    const address = limiter.addressOf(req);
    const wait = await limiter.budgets.wait(wrong(address)).catch(() => 0);
    if (wait > 0) {
      metrics.limited.inc({ limit: 'admin' });
      res.setHeader('Retry-After', String(Math.ceil(wait / 1000)));
      return void fail(res, 429, 'ERR_TOO_MANY', `too many wrong admin tokens from your address: try again in ${Math.ceil(wait / 1000)} s`);
    }
    const given = req.headers.authorization;
    if (given === undefined || !sameSecret(given, `Bearer ${token}`)) {
      // Only a token that was tried counts: the console page asks without one to learn whether it is on.
      if (given !== undefined) await limiter.budgets.take([wrong(address)]).catch(() => null);
      log.warn({ event: 'admin-refused', address, path: req.path, tried: given !== undefined }, 'admin request without the right token');
      return void fail(res, 401, 'ERR_UNAUTHORIZED', 'send Authorization: Bearer <ADMIN_TOKEN>');
    }
    next();
  };
  return (req, res, next) => void gate(req, res, next).catch(next);
}
