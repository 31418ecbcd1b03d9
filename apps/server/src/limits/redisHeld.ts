import Redis from 'ioredis';
import { randomId } from '../core/ids';
import type { Held, HeldElsewhere } from './heldElsewhere';

const PREFIX = 'flightchess:held:';
/** The live processes, each scored by when it is forgotten unless it beats again. */
const PROCESSES = `${PREFIX}processes`;
const KINDS: readonly Held[] = ['sockets', 'connections'];

/**
 * The sum at one address over every live process but this one, on Redis' clock; a process that stopped
 * beating is dropped first (its hashes expire by themselves).
 * KEYS[1]: the processes; ARGV: the kind's key prefix, the address, this process.
 */
const OTHERS = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local sum = 0
for _, p in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if p ~= ARGV[3] then sum = sum + tonumber(redis.call('HGET', ARGV[1] .. p, ARGV[2]) or '0') end
end
return sum
`;

/**
 * This process is alive for ARGV[2] ms more; its hashes (KEYS[2..]) too. Answers, per hash, 1 when it
 * was gone (expired during a stall, or Redis restarted empty): its counts must be written again.
 * KEYS[1]: the processes; ARGV: this process, the time to live.
 */
const BEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
local gone = {}
for i = 2, #KEYS do gone[i - 1] = 1 - redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
return gone
`;

type Scripted = Redis & {
  others(processes: string, prefix: string, address: string, self: string): Promise<number>;
  beat(keys: number, ...args: string[]): Promise<number[]>;
};

export interface RedisHeldOptions {
  /** How often this process says it is alive. */
  readonly beatMs?: number;
  /** How long after its last beat a process's counts are forgotten (a killed one's sockets are gone). */
  readonly ttlMs?: number;
}

/**
 * Each process's open counts per address in a hash of its own, `flightchess:held:<kind>:<process>`, with
 * the live processes in a sorted set beaten every second. A count is written as its value, not as +1/-1,
 * so a write lost while Redis is away is simply written again; an address at 0 is removed. A process
 * killed stops beating, and after `ttlMs` its counts no longer count (its clients are reconnecting
 * elsewhere). Redis away: `others` fails at once and the limiter counts this process alone meanwhile.
 */
export class RedisHeld implements HeldElsewhere {
  private readonly redis: Scripted;
  private readonly self = randomId(9);
  private readonly counts: Record<Held, Map<string, number>> = { sockets: new Map(), connections: new Map() };
  private readonly dirty = new Set<string>();
  private flushing = false;
  private readonly beater: NodeJS.Timeout;
  private readonly ttlMs: number;

  constructor(url: string, options: RedisHeldOptions = {}) {
    this.ttlMs = options.ttlMs ?? 4_000;
    const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    // A failed count or write is answered by the limiter or tried again at the next beat; the client reconnects by itself.
    redis.on('error', () => undefined);
    redis.defineCommand('others', { lua: OTHERS, numberOfKeys: 1 });
    redis.defineCommand('beat', { lua: BEAT });
    this.redis = redis as Scripted;
    redis.on('ready', () => void this.beat());
    this.beater = setInterval(() => void this.beat(), options.beatMs ?? 1_000).unref();
  }

  async others(what: Held, address: string): Promise<number> {
    return this.redis.others(PROCESSES, this.keyPrefix(what), address, this.self);
  }

  set(what: Held, address: string, count: number): void {
    if (count > 0) this.counts[what].set(address, count);
    else this.counts[what].delete(address);
    this.dirty.add(`${what}|${address}`);
    if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => void this.flush());
    }
  }

  async close(): Promise<void> {
    clearInterval(this.beater);
    await this.redis
      .multi()
      .del(...KINDS.map((k) => this.key(k)))
      .zrem(PROCESSES, this.self)
      .exec()
      .catch(() => undefined);
    // Never connected (Redis away): quit would wait for a connection that keeps being retried.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => undefined);
    else this.redis.disconnect();
  }

  /** Every count that changed since the last write, as it is now; what failed is written at the next beat. */
  private async flush(): Promise<void> {
    const batch = [...this.dirty];
    this.dirty.clear();
    const pipeline = this.redis.pipeline();
    for (const entry of batch) {
      const [what, address] = entry.split('|', 2) as [Held, string];
      const count = this.counts[what].get(address);
      if (count) pipeline.hset(this.key(what), address, count);
      else pipeline.hdel(this.key(what), address);
    }
    for (const kind of KINDS) pipeline.pexpire(this.key(kind), this.ttlMs);
    const done = await pipeline.exec().catch(() => null);
    const failed = !done || done.some(([err]) => err);
    if (failed) for (const entry of batch) this.dirty.add(entry);
    // What changed meanwhile is written now; what failed waits for the next beat that goes through.
    if (this.dirty.size > 0 && !failed) setImmediate(() => void this.flush());
    else this.flushing = false;
  }

  private async beat(): Promise<void> {
    const gone = await this.redis
      .beat(1 + KINDS.length, PROCESSES, ...KINDS.map((k) => this.key(k)), this.self, String(this.ttlMs))
      .catch(() => null);
    if (!gone) return;
    // A hash that was gone is written whole again.
    KINDS.forEach((kind, i) => {
      if (gone[i] === 1) for (const address of this.counts[kind].keys()) this.dirty.add(`${kind}|${address}`);
    });
    if (this.dirty.size > 0 && !this.flushing) {
      this.flushing = true;
      void this.flush();
    }
  }

  private keyPrefix(what: Held): string {
    return `${PREFIX}${what}:`;
  }

  private key(what: Held): string {
    return this.keyPrefix(what) + this.self;
  }
}
