import { type Server, type Socket, connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of the game server that can stop forwarding, as a phone's link does in a tunnel:
 * `cut()` and every byte, both ways, on every connection (and on any opened meanwhile) goes nowhere, and
 * no close gets through either, so neither end hears a word. `restore()` forwards again for new
 * connections and resets the ones that went through the outage (as a router does once packets reach it
 * again): those are dead.
 */
export interface BlackHole {
  /** The page's address through the proxy. */
  readonly url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

interface Pair {
  readonly client: Socket;
  readonly upstream: Socket;
  /** Went through an outage: carries nothing any more. */
  dead: boolean;
}

export async function blackHole(target: string): Promise<BlackHole> {
  const { hostname, port } = new URL(target);
  const pairs = new Set<Pair>();
  let down = false;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    const pair: Pair = { client, upstream, dead: down };
    pairs.add(pair);
    const forward = (to: Socket) => (data: Buffer) => {
      if (!pair.dead) to.write(data);
    };
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    // A close is news: it goes nowhere while the link is down.
    for (const socket of [client, upstream]) {
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (!pair.dead) end();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxyPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${proxyPort}/`,
    cut() {
      down = true;
      for (const pair of pairs) pair.dead = true;
    },
    restore() {
      down = false;
      for (const pair of [...pairs]) {
        if (!pair.dead) continue;
        pairs.delete(pair);
        pair.client.resetAndDestroy();
        pair.upstream.destroy();
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
