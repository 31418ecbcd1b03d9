import type { Server as HttpServer, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { ClientLimiter } from './clientLimiter';
import { plainAddress } from './clientAddress';

/**
 * How long a client may take to send a request: its headers within 10 s, the whole of it within 30 s
 * (a real one is a few KB). Node checks these once per `connectionsCheckingInterval`: by default every
 * 30 s, which let 50 sockets that never finish their headers hold on for that long. An idle keep-alive
 * connection is not a request in progress: it stays until keepAliveTimeout.
 */
export const REQUEST_TIMEOUTS: Pick<ServerOptions, 'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval'> = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 1_000,
};

/**
 * The TCP connections each client address has open at once (HTTP and websockets alike, on every process):
 * one beyond CONNECTIONS_PER_ADDRESS is closed — before anything is read from it when this process holds
 * the address's fill, within a round trip to Redis when the others hold the rest. A trusted proxy's
 * connections carry many clients' requests, so they are not counted: its clients are, per request
 * (httpGuard.ts).
 */
export function guardConnections(server: HttpServer, limiter: ClientLimiter): void {
  server.on('connection', (socket: Socket) => {
    const address = plainAddress(socket.remoteAddress ?? '');
    if (limiter.isTrustedProxy(address)) return;
    void limiter.admit(address, 'connections').then((refusal) => {
      if (refusal) socket.destroy();
      else if (socket.destroyed) limiter.closed(address, 'connections');
      else socket.once('close', () => limiter.closed(address, 'connections'));
    });
  });
}
