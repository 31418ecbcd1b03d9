import { type ChildProcess, spawn } from 'node:child_process';
import { type Server, createServer } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import Redis from 'ioredis';
import pino from 'pino';
import WebSocket from 'ws';
import { DEFAULT_CONFIG } from '../../src/config';
import { ClientLimiter } from '../../src/limits/clientLimiter';
import { guardConnections } from '../../src/limits/connectionGuard';
import { RedisHeld } from '../../src/limits/redisHeld';
import { socketGuard } from '../../src/limits/socketGuard';
import { eventually } from '../support/cluster';
import { freePort } from '../support/server';
import { describeWithServices, serviceUrl } from '../support/services';

jest.setTimeout(30_000);

const limits = { ...DEFAULT_CONFIG.limits, socketsPerAddress: 4, connectionsPerAddress: 3 };

/** One "process" of a deployment: an HTTP server with the websocket and connection guards, counting in Redis. */
interface Process {
  readonly port: number;
  readonly logs: Record<string, unknown>[];
  close(): Promise<void>;
}

async function startProcess(redisUrl: string): Promise<Process> {
  const logs: Record<string, unknown>[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
  const held = new RedisHeld(redisUrl);
  // 127.0.0.1 is the proxy: its X-Forwarded-For names the client; other loopback addresses are clients themselves.
  const limiter = new ClientLimiter(['127.0.0.1'], limits, log, undefined, Date.now, held);
  const http: Server = createServer((_req, res) => res.end('ok'));
  guardConnections(http, limiter);
  const sockets = new WebSocket.Server({ server: http, verifyClient: socketGuard(limiter).verifyClient });
  const port = await freePort();
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  return {
    port,
    logs,
    async close() {
      for (const ws of sockets.clients) ws.terminate();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await held.close();
    },
  };
}

/** A websocket to `port` on behalf of `client` (through the "proxy"): open, or the status it was refused with. */
function socketFrom(port: number, client: string): Promise<{ ws?: WebSocket; refused?: number; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': client } });
    ws.on('open', () => resolve({ ws }));
    ws.on('unexpected-response', (_req, res) => resolve({ refused: res.statusCode, retryAfter: res.headers['retry-after'] }));
    ws.on('error', reject);
  });
}

async function closeSocket(ws: WebSocket | undefined): Promise<void> {
  if (!ws || ws.readyState === WebSocket.CLOSED) return;
  await new Promise((resolve) => {
    ws.once('close', resolve);
    ws.close();
  });
}

/**
 * A TCP connection from the loopback address `local` that sends nothing (one left idle after a request
 * would be closed by the server's keep-alive timeout, 5 s, and stop counting).
 */
function connectionFrom(port: number, local: string): Promise<{ closed: Promise<void>; open(): boolean; end(): void }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: local });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ closed, open: () => !socket.destroyed, end: () => socket.destroy() }));
    socket.once('close', () => reject(new Error('closed before it connected')));
  });
}

describeWithServices('websockets and connections open at once, counted over every process in Redis', ['TEST_REDIS_URL'], () => {
  let redisUrl: string;
  let a: Process;
  let b: Process;
  /** This file's own look into Redis. */
  let peek: Redis;

  beforeAll(async () => {
    // A Redis database of this file's own.
    const url = new URL(serviceUrl('TEST_REDIS_URL'));
    url.pathname = '/6';
    redisUrl = url.toString();
    peek = new Redis(redisUrl);
    await peek.flushdb();
    [a, b] = await Promise.all([startProcess(redisUrl), startProcess(redisUrl)]);
    // Until its Redis answers, a process counts alone (as when Redis is away): the tests begin once both have said they live.
    await eventually(async () => {
      if ((await peek.zcard('flightchess:held:processes')) < 2) throw new Error('not both in Redis yet');
    });
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await peek?.quit();
  });

  /** The TCP connections from `local` that the processes have told Redis of. */
  const told = async (local: string) => {
    const keys = await peek.keys('flightchess:held:connections:*');
    const counts = await Promise.all(keys.map((k) => peek.hget(k, local)));
    return counts.reduce((sum, c) => sum + Number(c ?? 0), 0);
  };

  test('one address gets SOCKETS_PER_ADDRESS over both processes together, not on each; another address is untouched; one closed on one process frees a place on the other', async () => {
    const client = '10.1.1.1';
    const open = [
      await socketFrom(a.port, client),
      await socketFrom(a.port, client),
      await socketFrom(b.port, client),
      await socketFrom(b.port, client),
    ];
    expect(open.every((s) => s.ws)).toBe(true);
    for (const port of [a.port, b.port]) {
      const refused = await socketFrom(port, client);
      expect(refused.refused).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    const other = await socketFrom(b.port, '10.1.1.2');
    expect(other.ws).toBeDefined();
    await closeSocket(other.ws);
    // One closed on a: b lets one more in as soon as a has told Redis.
    await closeSocket(open[0]!.ws);
    const again = await eventually(async () => {
      const s = await socketFrom(b.port, client);
      if (s.ws) return s;
      throw new Error(`refused ${s.refused}`);
    });
    expect(await socketFrom(a.port, client)).toMatchObject({ refused: 429 });
    await Promise.all([...open.slice(1), again].map((s) => closeSocket(s.ws)));
    // All closed: the address starts from nothing on both.
    await eventually(async () => {
      const s = await socketFrom(a.port, client);
      await closeSocket(s.ws);
      if (!s.ws) throw new Error('still refused');
    });
  });

  test('TCP connections from one address (not a trusted proxy) are counted over both processes too', async () => {
    const local = '127.0.0.5';
    // A connection is counted once its process has seen it (after the client is connected): each is waited for in Redis.
    const held: Awaited<ReturnType<typeof connectionFrom>>[] = [];
    for (const port of [a.port, a.port, b.port]) {
      held.push(await connectionFrom(port, local));
      await eventually(async () => {
        if ((await told(local)) < held.length) throw new Error('not told to Redis yet');
      });
    }
    // The fourth on either process is closed.
    await (
      await connectionFrom(b.port, local)
    ).closed;
    await (
      await connectionFrom(a.port, local)
    ).closed;
    const other = await connectionFrom(b.port, '127.0.0.6');
    // Asked after `other`: when this one is closed, `other` has had its answer.
    await (
      await connectionFrom(b.port, local)
    ).closed;
    expect([...held, other].map((c) => c.open())).toEqual([true, true, true, true]);
    for (const c of [...held, other]) c.end();
  });

  test('a process killed: the websockets it held stop counting once it has not beaten for its time to live', async () => {
    const client = '10.3.3.3';
    const holder: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', join(__dirname, '../support/heldHolder.ts'), redisUrl, client, String(limits.socketsPerAddress)],
      { stdio: 'inherit' },
    );
    try {
      await eventually(async () => {
        const s = await socketFrom(a.port, client);
        await closeSocket(s.ws);
        if (s.refused !== 429) throw new Error('the holder is not counted yet');
      });
      holder.kill('SIGKILL');
      const killedAt = Date.now();
      const back = await eventually(async () => {
        const s = await socketFrom(a.port, client);
        if (!s.ws) throw new Error('still refused');
        return s;
      });
      // Its time to live is 1 s; its last beat was at most 0.2 s before the kill.
      expect(Date.now() - killedAt).toBeLessThan(5_000);
      await closeSocket(back.ws);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  test('Redis emptied (restarted): each process writes its counts again within a beat, and the other sees them', async () => {
    const client = '10.4.4.4';
    const open = await Promise.all(Array.from({ length: limits.socketsPerAddress }, () => socketFrom(a.port, client)));
    expect(open.every((s) => s.ws)).toBe(true);
    await eventually(async () => {
      if ((await socketFrom(b.port, client)).refused !== 429) throw new Error('not counted on b yet');
    });
    await peek.flushdb();
    await eventually(async () => {
      const s = await socketFrom(b.port, client);
      await closeSocket(s.ws);
      if (s.refused !== 429) throw new Error('a has not written its counts again yet');
    });
    await Promise.all(open.map((s) => closeSocket(s.ws)));
  });

  test('Redis unreachable: each process counts its own sockets meanwhile, and says so', async () => {
    const port = await freePort();
    const alone = await startProcess(`redis://127.0.0.1:${port}`);
    try {
      const open = await Promise.all(Array.from({ length: limits.socketsPerAddress }, () => socketFrom(alone.port, '10.5.5.5')));
      expect(open.every((s) => s.ws)).toBe(true);
      expect((await socketFrom(alone.port, '10.5.5.5')).refused).toBe(429);
      expect(alone.logs.filter((l) => l.event === 'limits-unanswered')).toHaveLength(1);
      await Promise.all(open.map((s) => closeSocket(s.ws)));
    } finally {
      await alone.close();
    }
  });
});
