import { type MatchMakerDriver, type Presence, ServerError, matchMaker } from '@colyseus/core';
import { JOIN_ERROR_NUMBERS, codedText } from '@flightchess/protocol';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import type { Budgets } from './limits/budgets';
import { RedisBudgets } from './limits/redisBudgets';
import type { HeldElsewhere } from './limits/heldElsewhere';
import { RedisHeld } from './limits/redisHeld';
import Redis from 'ioredis';

/**
 * Presence + matchmaker driver + the clients' budgets and open sockets (limits/), shared by every process of one deployment
 * through one Redis; and `redisBack`, told each time the connection is ready again after it was lost.
 */
export function redisMatchmaking(url: string): {
  presence: Presence;
  driver: MatchMakerDriver;
  budgets: Budgets;
  held: HeldElsewhere;
  redisBack: (listener: () => void) => void;
} {
  return {
    presence: new RedisPresence(url),
    driver: new RedisDriver(url),
    budgets: new RedisBudgets(url),
    held: new RedisHeld(url),
    redisBack: redisBack(url),
  };
}

/**
 * A connection that only watches: Redis restarted keeps none of its data (the tables' listings, join
 * codes, the processes' room counts), so each process writes its own again when the link comes back
 * (gameServer.ts). A link lost without a restart gets the same writes: they are idempotent.
 */
function redisBack(url: string): (listener: () => void) => void {
  const listeners: (() => void)[] = [];
  const watch = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
  let ready = false;
  watch.on('ready', () => {
    if (ready) for (const listener of listeners) listener();
    ready = true;
  });
  // Each reconnection is tried again by itself; the game's own clients log what failed.
  watch.on('error', () => undefined);
  return (listener) => void listeners.push(listener);
}

/** Processes that are shutting down: they finish their games but get no new table. */
const DRAINING_KEY = 'flightchess:draining';

export const markDraining = (presence: Presence, processId: string): Promise<unknown> =>
  Promise.resolve(presence.sadd(DRAINING_KEY, processId));

export const unmarkDraining = (presence: Presence, processId: string): Promise<unknown> =>
  Promise.resolve(presence.srem(DRAINING_KEY, processId));

/**
 * Where a new table is created: the process with the fewest rooms among those not shutting down
 * (Colyseus' own choice, minus the draining ones and those that stopped saying they are alive). With none left, creation is refused.
 */
export function tableProcessSelector(presence: Presence): matchMaker.SelectProcessIdCallback {
  return async () => {
    const draining = new Set(await presence.smembers(DRAINING_KEY));
    const dead = await deadProcesses(presence);
    const open = (await matchMaker.stats.fetchAll()).filter((p) => !draining.has(p.processId) && !dead.has(p.processId));
    const least = open.sort((a, b) => a.roomCount - b.roomCount)[0];
    if (!least)
      throw new ServerError(
        JOIN_ERROR_NUMBERS.ERR_SHUTTING_DOWN,
        codedText('ERR_SHUTTING_DOWN', 'the server is restarting; try again in a moment'),
      );
    return least.processId;
  };
}

/** When each process said it is alive last, plus ALIVE_MS: a join to a table listed on one past its time is answered at once. */
const ALIVE_KEY = 'flightchess:alive';
const ALIVE_MS = 3_000;

/**
 * Say every second that this process is alive (until the answer is called). Unlike Colyseus' own health
 * check, which waits 2 s for an answer on each join after a seat reservation waited 2 s already, a
 * dead process is known at a glance.
 */
export function sayAlive(presence: Presence, processId: string): () => Promise<void> {
  const say = () => void Promise.resolve(presence.hset(ALIVE_KEY, processId, String(Date.now() + ALIVE_MS))).catch(() => undefined);
  say();
  const timer = setInterval(say, 1_000).unref();
  return async () => {
    clearInterval(timer);
    await Promise.resolve(presence.hdel(ALIVE_KEY, processId)).catch(() => undefined);
  };
}

/**
 * Whether a table's listing names a process that stopped saying it is alive (killed: its tables are
 * being restored elsewhere). A process that never said so (an older version during an upgrade) is not
 * taken for dead.
 */
export async function listedOnDead(presence: Presence, roomId: string): Promise<boolean> {
  const listing = await matchMaker.driver.findOne({ roomId });
  if (!listing || listing.processId === matchMaker.processId) return false;
  const until = await presence.hget(ALIVE_KEY, listing.processId);
  return until !== null && Number(until) < Date.now();
}

/** The processes past their time (see listedOnDead). */
async function deadProcesses(presence: Presence): Promise<Set<string>> {
  const now = Date.now();
  const all = (await presence.hgetall(ALIVE_KEY)) ?? {};
  return new Set(Object.entries(all).flatMap(([processId, until]) => (Number(until) < now ? [processId] : [])));
}
