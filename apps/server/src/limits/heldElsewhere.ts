/** What is limited by how many are open at once rather than by a rate. */
export type Held = 'sockets' | 'connections';

/**
 * What the other processes of a deployment hold open (websockets, connections) per client address, so
 * that N processes do not give an address N times SOCKETS_PER_ADDRESS: in Redis (RedisHeld), or nothing
 * for a process alone.
 */
export interface HeldElsewhere {
  /** How many of `what` the other live processes have open for `address`. */
  others(what: Held, address: string): Promise<number>;
  /** This process has `count` of `what` open for `address` now (told to the others shortly). */
  set(what: Held, address: string, count: number): void;
  close(): Promise<void>;
}

/** One process: nothing is held anywhere else. */
export const ALONE: HeldElsewhere = {
  others: async () => 0,
  set: () => undefined,
  close: async () => undefined,
};
