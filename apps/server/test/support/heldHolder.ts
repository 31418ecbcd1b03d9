import { RedisHeld } from '../../src/limits/redisHeld';

/**
 * A process that holds `count` websockets open at `address` in Redis and then only beats (for
 * heldAcrossProcesses.test.ts, which kills it): node --import tsx heldHolder.ts <redis url> <address> <count>.
 */
const [url, address, count] = process.argv.slice(2) as [string, string, string];
const held = new RedisHeld(url, { ttlMs: 1_000, beatMs: 200 });
held.set('sockets', address, Number(count));
// The beats are unref'd, as in a server: something must keep this process alive until it is killed.
setInterval(() => undefined, 60_000);
