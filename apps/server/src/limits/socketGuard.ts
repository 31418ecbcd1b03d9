import type { IncomingMessage } from 'node:http';
import type { ClientLimiter } from './clientLimiter';

/**
 * The websockets each client address has open (on every process): an upgrade beyond its limit is
 * refused (429, Retry-After). Give `verifyClient` to the transport's options. A socket is counted from
 * its upgrade until its TCP connection closes, whether or not the upgrade then completes.
 */
export function socketGuard(limiter: ClientLimiter) {
  return {
    verifyClient(
      info: { req: IncomingMessage },
      done: (ok: boolean, code?: number, message?: string, headers?: Record<string, string>) => void,
    ): void {
      const address = limiter.addressOf(info.req);
      const socket = info.req.socket;
      void limiter.admit(address, 'sockets').then((refusal) => {
        if (refusal) return done(false, 429, 'Too Many Requests', { 'Retry-After': String(refusal.retryAfter) });
        if (socket.destroyed) {
          // Gone while it was being counted: its close will not be heard.
          limiter.closed(address, 'sockets');
          return done(false, 400, 'Bad Request');
        }
        socket.once('close', () => limiter.closed(address, 'sockets'));
        done(true);
      });
    },
  };
}
