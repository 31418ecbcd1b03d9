import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { ClientLimits } from '../config';
import { metrics } from '../metrics';
import { Buckets } from './buckets';
import { ProxyTrust, clientAddressOf, overHttps } from './clientAddress';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What one client address is limited in. */
export type Limited = 'http' | 'guests' | 'tables' | 'joins' | 'code-lookups' | 'code-misses' | 'sockets' | 'sign-ins';

export interface Refusal {
  readonly limit: Limited;
  /** When to try again, in whole seconds (Retry-After). */
  readonly retryAfter: number;
}

/**
 * The limits of one client address (issue 12), shared by the HTTP routes and the websocket upgrades.
 * A refusal is logged once per address and limit a minute, not once per request.
 */
export class ClientLimiter {
  private readonly trust: ProxyTrust;
  private readonly buckets: Record<Exclude<Limited, 'sockets'>, Buckets>;
  private readonly sockets = new Map<string, number>();
  private open = 0;
  private readonly lastLogged = new Map<string, number>();

  constructor(
    trustProxy: readonly string[],
    private readonly limits: ClientLimits,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    const parsed = ProxyTrust.parse(trustProxy);
    if (!parsed.ok) throw new Error(`TRUST_PROXY: ${parsed.error}`);
    this.trust = parsed.trust;
    const per = (count: number, ms: number) => new Buckets(count, ms, now);
    this.buckets = {
      http: per(limits.httpPerMinute, MINUTE),
      guests: per(limits.guestsPerMinute, MINUTE),
      tables: per(limits.tablesPerMinute, MINUTE),
      joins: per(limits.joinsPerMinute, MINUTE),
      'code-lookups': per(limits.codeLookupsPerMinute, MINUTE),
      'code-misses': per(limits.codeMissesPerHour, HOUR),
      'sign-ins': per(limits.signInsPerMinute, MINUTE),
    };
  }

  /** The client's own address (X-Forwarded-For only from a trusted proxy). */
  addressOf(req: Pick<IncomingMessage, 'headers' | 'socket'>): string {
    return clientAddressOf(req, this.trust);
  }

  /** Whether the client reached this server over https (X-Forwarded-Proto only from a trusted proxy). */
  overHttps(req: Pick<IncomingMessage, 'headers' | 'socket'>): boolean {
    return overHttps(req, this.trust);
  }

  /** Count one request against each of `limits`; the first one used up refuses it (and nothing is counted). */
  take(address: string, limits: readonly Exclude<Limited, 'sockets'>[]): Refusal | null {
    for (const limit of limits) {
      const wait = this.buckets[limit].wait(address);
      if (wait > 0) return this.refuse(address, limit, wait);
    }
    for (const limit of limits) this.buckets[limit].take(address);
    return null;
  }

  /** Whether `limit` is used up for `address`, without counting anything. */
  check(address: string, limit: Exclude<Limited, 'sockets'>): Refusal | null {
    const wait = this.buckets[limit].wait(address);
    return wait > 0 ? this.refuse(address, limit, wait) : null;
  }

  /** A code lookup that found no table (or a link code that is no one's) counts against the guesser's hourly budget. */
  missed(address: string): void {
    this.buckets['code-misses'].take(address);
  }

  /** A websocket may open unless the address has its fill of them open already. */
  socketsFull(address: string): Refusal | null {
    return (this.sockets.get(address) ?? 0) >= this.limits.socketsPerAddress ? this.refuse(address, 'sockets', 10_000) : null;
  }

  openSocket(address: string): void {
    this.sockets.set(address, (this.sockets.get(address) ?? 0) + 1);
    this.open++;
  }

  /** Websockets open now, from every address. */
  get openSockets(): number {
    return this.open;
  }

  closeSocket(address: string): void {
    const open = (this.sockets.get(address) ?? 1) - 1;
    if (open > 0) this.sockets.set(address, open);
    else this.sockets.delete(address);
    this.open--;
  }

  private refuse(address: string, limit: Limited, waitMs: number): Refusal {
    metrics.limited.inc({ limit });
    const key = `${address}|${limit}`;
    const now = this.now();
    if (now - (this.lastLogged.get(key) ?? -Infinity) >= MINUTE) {
      if (this.lastLogged.size > 10_000) this.lastLogged.clear();
      this.lastLogged.set(key, now);
      this.log.warn({ event: 'limit-reached', address, limit }, 'a client address reached a limit');
    }
    return { limit, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
}
