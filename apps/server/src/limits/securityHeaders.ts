import type { IncomingMessage } from 'node:http';

/** A Host header as it may appear in a policy: a name or address and a port, nothing else. */
const HOST = /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/;

/**
 * Headers for a single-page game: scripts, styles and fonts from this site only, its websocket, images
 * of its own (and the inline favicon), nothing framing it, no sniffing, no referrer sent away.
 */
export function securityHeaders(req: Pick<IncomingMessage, 'headers'>): Record<string, string> {
  const host = req.headers.host ?? '';
  const sockets = HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self'${sockets}`,
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
