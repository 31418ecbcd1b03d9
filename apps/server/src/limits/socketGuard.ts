import type { IncomingMessage } from 'node:http';
import type WebSocket from 'ws';
import type { ClientLimiter } from './clientLimiter';

/**
 * The websockets each client address has open: an upgrade beyond its limit is refused (429,
 * Retry-After). Give `verifyClient` to the transport's options, then `watch` its websocket server.
 */
export function socketGuard(limiter: ClientLimiter) {
  return {
    verifyClient(
      info: { req: IncomingMessage },
      done: (ok: boolean, code?: number, message?: string, headers?: Record<string, string>) => void,
    ): void {
      const refusal = limiter.full(limiter.addressOf(info.req), 'sockets');
      if (refusal) done(false, 429, 'Too Many Requests', { 'Retry-After': String(refusal.retryAfter) });
      else done(true);
    },
    watch(sockets: Pick<WebSocket.Server, 'on'>): void {
      sockets.on('connection', (ws: WebSocket, req: IncomingMessage) => {
        const address = limiter.addressOf(req);
        limiter.opened(address, 'sockets');
        ws.once('close', () => limiter.closed(address, 'sockets'));
      });
    },
  };
}
