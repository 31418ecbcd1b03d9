import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { metrics } from '../core/metrics';
import { type BucketRef, type Budgets, MemoryBudgets, type Rate } from './budgets';
import { ProxyTrust, clientAddressOf, overHttps } from './clientAddress';
import type { ClientLimits } from './clientLimits';
import { ALONE, type Held, type HeldElsewhere } from './heldElsewhere';
import { OpenCounts } from './openCounts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What one client address is limited in. */
export type Limited = 'http' | 'guests' | 'tables' | 'joins' | 'code-lookups' | 'code-misses' | 'sockets' | 'connections' | 'sign-ins';

export interface Refusal {
  readonly limit: Limited;
  /** When to try again, in whole seconds (Retry-After). */
  readonly retryAfter: number;
}

/**
 * The limits of one client address (docs/decisions/008-limits-per-real-address.md), shared by the HTTP routes and the websocket upgrades.
 * The rates are counted in `budgets`: with several processes in Redis, so that N processes do not give an
 * address N budgets (a Redis that cannot answer lets the request through, logged); so are the websockets
 * and connections open at once (`elsewhere`: each process's counts, summed). A refusal is logged once per address and limit a minute, not once per request.
 */
export class ClientLimiter {
  private readonly trust: ProxyTrust;
  private readonly rates: Record<Exclude<Limited, Held>, Rate>;
  private readonly held: Record<Held, OpenCounts> = { sockets: new OpenCounts(), connections: new OpenCounts() };
  private readonly lastLogged = new Map<string, number>();

  constructor(
    trustProxy: readonly string[],
    private readonly limits: ClientLimits,
    private readonly log: Logger,
    /** Where the rates are counted (the operator's console counts its wrong tokens there too). */
    readonly budgets: Budgets = new MemoryBudgets(),
    private readonly now: () => number = Date.now,
    /** What the other processes hold open (with several: in Redis). */
    private readonly elsewhere: HeldElsewhere = ALONE,
  ) {
    const parsed = ProxyTrust.parse(trustProxy);
    if (!parsed.ok) throw new Error(`TRUST_PROXY: ${parsed.error}`);
    this.trust = parsed.trust;
    const per = (capacity: number, perMs: number): Rate => ({ capacity, perMs });
    this.rates = {
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
  async take(address: string, limits: readonly Exclude<Limited, Held>[]): Promise<Refusal | null> {
    const short = await this.budgets.take(limits.map((limit) => this.bucket(limit, address))).catch((err: unknown) => this.unanswered(err));
    return short ? this.refuse(address, limits[short.index]!, short.waitMs) : null;
  }

  /** Whether `limit` is used up for `address`, without counting anything. */
  async check(address: string, limit: Exclude<Limited, Held>): Promise<Refusal | null> {
    const wait = await this.budgets.wait(this.bucket(limit, address)).catch((err: unknown) => (this.unanswered(err), 0));
    return wait > 0 ? this.refuse(address, limit, wait) : null;
  }

  /** A code lookup that found no table (or a link code that is no one's) counts against the guesser's hourly budget. */
  async missed(address: string): Promise<void> {
    await this.budgets.take([this.bucket('code-misses', address)]).catch((err: unknown) => this.unanswered(err));
  }

  private bucket(limit: Exclude<Limited, Held>, address: string): BucketRef {
    return { rate: this.rates[limit], key: `${limit}|${address}` };
  }

  /** The budgets could not be counted (Redis down): the request goes through, said once a minute. */
  private unanswered(err: unknown): null {
    const now = this.now();
    if (now - (this.lastLogged.get('|budgets') ?? -Infinity) >= MINUTE) {
      this.lastLogged.set('|budgets', now);
      this.log.warn({ event: 'limits-unanswered', err }, 'the limits could not be counted: requests go through meanwhile');
    }
    return null;
  }

  /** Whether the socket's peer is a proxy of TRUST_PROXY (its connections carry many clients'). */
  isTrustedProxy(peer: string): boolean {
    return this.trust.trusts(peer);
  }

  /**
   * Count one more websocket (or TCP connection) open at `address`, unless the address has its fill of
   * them open already, on this process and the others together: then nothing is counted and the
   * refusal is answered. This process's own count is checked (and taken) before anything is awaited;
   * two opened at the same instant on two processes may both pass by one. Admitted, call `closed` once
   * it closes.
   */
  async admit(address: string, what: Held): Promise<Refusal | null> {
    const most = what === 'sockets' ? this.limits.socketsPerAddress : this.limits.connectionsPerAddress;
    if (this.held[what].of(address) >= most) return this.refuse(address, what, 10_000);
    this.opened(address, what);
    const others = await this.elsewhere.others(what, address).catch((err: unknown) => (this.unanswered(err), 0));
    if (this.held[what].of(address) + others <= most) return null;
    this.closed(address, what);
    return this.refuse(address, what, 10_000);
  }

  private opened(address: string, what: Held): void {
    this.held[what].open(address);
    this.elsewhere.set(what, address, this.held[what].of(address));
  }

  closed(address: string, what: Held): void {
    this.held[what].close(address);
    this.elsewhere.set(what, address, this.held[what].of(address));
  }

  /** Websockets open now, from every address. */
  get openSockets(): number {
    return this.held.sockets.total;
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
