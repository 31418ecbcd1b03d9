import Redis from 'ioredis';
import type { BucketRef, Budgets, Shortfall, WindowCount } from './budgets';

const PREFIX = 'flightchess:budget:';

/**
 * Every bucket asked for, in one atomic step on Redis' own clock: refill each, and unless one has no
 * token (its index and wait are answered), take one from each when ARGV[1] is 1. A bucket's key expires
 * once it would be full again, so memory follows the active clients only.
 * KEYS: the buckets; ARGV: take (1/0), then each bucket's capacity and perMs.
 */
const SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local tokens = {}
for i, key in ipairs(KEYS) do
  local cap = tonumber(ARGV[2 * i])
  local per = tonumber(ARGV[2 * i + 1])
  local b = redis.call('HMGET', key, 't', 'a')
  local have = cap
  if b[1] then have = math.min(cap, tonumber(b[1]) + math.max(0, now - tonumber(b[2])) * cap / per) end
  if have < 1 then return {i, math.ceil((1 - have) * per / cap)} end
  tokens[i] = have
end
if ARGV[1] == '1' then
  for i, key in ipairs(KEYS) do
    redis.call('HSET', key, 't', tostring(tokens[i] - 1), 'a', tostring(now))
    redis.call('PEXPIRE', key, math.ceil(tonumber(ARGV[2 * i + 1])))
  end
end
return {0, 0}
`;

/** A fixed window at KEYS[1]: ARGV[2] = 1 counts one (the first starts the window of ARGV[1] ms); answers the count and the ms left. */
const WINDOW = `
local n
if ARGV[2] == '1' then
  n = redis.call('INCR', KEYS[1])
  if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
else
  n = tonumber(redis.call('GET', KEYS[1]) or '0')
end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then left = 0 end
return {n, left}
`;

type Scripted = Redis & {
  budgets(keys: number, ...args: (string | number)[]): Promise<[number, number]>;
  window(key: string, windowMs: number, add: number): Promise<[number, number]>;
};

/** The buckets of every process of a deployment, in its Redis. */
export class RedisBudgets implements Budgets {
  private readonly redis: Scripted;

  constructor(url: string) {
    // While Redis is away a count fails at once (the limiter lets the request through), rather than waiting for it.
    const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    // Each count that fails is answered and logged by the limiter (limits-unanswered); the client reconnects by itself.
    redis.on('error', () => undefined);
    redis.defineCommand('budgets', { lua: SCRIPT });
    redis.defineCommand('window', { lua: WINDOW, numberOfKeys: 1 });
    this.redis = redis as Scripted;
  }

  async take(buckets: readonly BucketRef[]): Promise<Shortfall | null> {
    return this.run(buckets, true);
  }

  async wait(bucket: BucketRef): Promise<number> {
    return (await this.run([bucket], false))?.waitMs ?? 0;
  }

  async window(key: string, windowMs: number, add: boolean): Promise<WindowCount> {
    const [count, endsInMs] = await this.redis.window(PREFIX + key, windowMs, add ? 1 : 0);
    return { count, endsInMs };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }

  private async run(buckets: readonly BucketRef[], take: boolean): Promise<Shortfall | null> {
    const args = buckets.flatMap((b) => [b.rate.capacity, b.rate.perMs]);
    const [index, waitMs] = await this.redis.budgets(buckets.length, ...buckets.map((b) => PREFIX + b.key), take ? 1 : 0, ...args);
    return index === 0 ? null : { index: index - 1, waitMs };
  }
}
