import type { IncomingMessage } from 'node:http';

/** A Host header as it may appear in a policy: a name or address and a port, nothing else. */
const HOST = /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/;

/** Once a browser has reached the site over https, it keeps to https for a year (never on plain http: a home network's server has no certificate). */
const HSTS = 'max-age=31536000';

/**
 * Headers for a single-page game: scripts, styles and fonts from this site only, its websocket, images
 * of its own (and the inline favicon), nothing framing it, no sniffing, no referrer sent away; and HSTS
 * for a request that came over https.
 */
export function securityHeaders(req: Pick<IncomingMessage, 'headers'>, https = false): Record<string, string> {
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
    ...(https && { 'Strict-Transport-Security': HSTS }),
  };
}
