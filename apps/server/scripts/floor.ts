/**
 * The floor under the load benchmark: `npm run loadtest:floor -- [--tables N] [--seconds S]`.
 *
 * What the server's figures cannot go below with this stack, whatever the room does: a bare `ws`
 * server (the library and options Colyseus' transport uses) with the game's traffic shape — N tables
 * of four sockets, at each table one message every 1–3 s answered by one ~72-byte frame to each of its
 * four sockets — first alone, then with the real SQLite `appendAction` before each answer
 * (as every action is stored before it is sent). Prints server CPU per message and RSS and JS heap per
 * extra socket, measured as `npm run loadtest` does (server and clients pinned to different cores).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { openSqliteStorage } from '../src/repositories';

const OWNER = 'floor';
/** What a client receives per action from the real server (a patch and an action message, one write). */
const ANSWER = Buffer.alloc(72, 1);
const MESSAGE = JSON.stringify({ type: 'roll', version: 12 });

type Request = 'usage' | 'store';
interface Usage {
  readonly cpuUs: number;
  readonly rss: number;
  readonly heap: number;
  readonly messages: number;
}

const matchId = (table: number) => `floor-${table}`;

/** The server role: bare ws, answering each message to the sender's table, storing it first once asked to. */
async function serve(port: number, tables: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'flightchess-floor-'));
  const storage = await openSqliteStorage(join(dir, 'floor.db'));
  for (let t = 0; t < tables; t++) {
    await storage.startMatch({
      id: matchId(t),
      tableId: `table-${t}`,
      code: 'ACDEFG',
      private: true,
      watchable: true,
      rated: false,
      hostId: 'host',
      setup: { preset: 'online', seats: ['red', 'yellow', 'green', 'blue'] },
      base: 10,
      turnSeconds: 30,
      seats: [],
      commitment: 'c'.repeat(64),
      seed: 's'.repeat(64),
      engine: 1,
      startedAt: Date.now(),
      owner: OWNER,
      leaseUntil: Date.now() + 3_600_000,
    });
  }
  const logs = new Array<number>(tables).fill(0);
  const groups = new Map<number, WebSocket[]>();
  let storing = false;
  let messages = 0;
  const wss = new WebSocket.Server({ port, perMessageDeflate: false, maxPayload: 4096 });
  wss.on('connection', (ws, req) => {
    const table = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('table'));
    const group = groups.get(table) ?? [];
    groups.set(table, group.concat(ws));
    ws.on('message', async () => {
      messages++;
      if (storing) await storage.appendAction(matchId(table), OWNER, logs[table]!++, { type: 'roll', seat: 'red', value: 3 }, Date.now());
      for (const peer of groups.get(table)!) peer.send(ANSWER);
    });
  });
  process.on('message', (request: Request) => {
    if (request === 'store') storing = true;
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    const usage: Usage = { cpuUs: cpu.user + cpu.system, rss: memory.rss, heap: memory.heapUsed, messages };
    process.send!(usage);
  });
  process.on('disconnect', () => {
    wss.close();
    void storage.close().then(() => rmSync(dir, { recursive: true, force: true }));
    process.exit(0);
  });
  process.send!('listening');
}

/** The server process, pinned with taskset (which execs node in place, keeping the IPC channel). */
class FloorServer {
  private constructor(private readonly child: ChildProcess) {}

  static async start(port: number, tables: number, cpu: string): Promise<FloorServer> {
    const child = spawn('taskset', ['-c', cpu, process.execPath, __filename], {
      env: { ...process.env, FLOOR_ROLE: 'server', FLOOR_PORT: String(port), FLOOR_TABLES: String(tables) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)));
    });
    return new FloorServer(child);
  }

  ask(request: Request): Promise<Usage> {
    return new Promise((resolve) => {
      this.child.once('message', resolve);
      this.child.send(request);
    });
  }

  stop(): void {
    this.child.disconnect();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openTables(port: number, from: number, to: number, sockets: WebSocket[]): Promise<void> {
  for (let t = from; t < to; t++) {
    const table: WebSocket[] = [];
    for (let seat = 0; seat < 4; seat++) {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/?table=${t}`, { perMessageDeflate: false });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      table.push(ws);
    }
    sockets.push(...table);
    // One player at a time acts, 1–3 s after the last action, as at a table at human pace.
    const act = () => {
      if (table[0]!.readyState !== WebSocket.OPEN) return;
      table[Math.floor(Math.random() * 4)]!.send(MESSAGE);
      setTimeout(act, 1000 + Math.random() * 2000);
    };
    setTimeout(act, Math.random() * 3000);
  }
}

/** RSS and heap averaged over 5 s (one reading is mostly where the GC happens to be). */
async function steady(server: FloorServer): Promise<{ rss: number; heap: number }> {
  let rss = 0;
  let heap = 0;
  for (let i = 0; i < 10; i++) {
    const u = await server.ask('usage');
    rss += u.rss / 10;
    heap += u.heap / 10;
    await sleep(500);
  }
  return { rss, heap };
}

async function window(server: FloorServer, seconds: number, request: Request): Promise<string> {
  const from = await server.ask(request);
  await sleep(seconds * 1000);
  const to = await server.ask('usage');
  const messages = to.messages - from.messages;
  return `${((to.cpuUs - from.cpuUs) / 1000 / Math.max(1, messages)).toFixed(3)} ms (${(messages / seconds).toFixed(0)} messages/s)`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      tables: { type: 'string', default: '1000' },
      seconds: { type: 'string', default: '30' },
      port: { type: 'string', default: '4790' },
      'server-cpu': { type: 'string', default: '0' },
      'client-cpu': { type: 'string', default: '1' },
    },
  });
  const tables = Number(values.tables);
  const seconds = Number(values.seconds);
  const port = Number(values.port);
  execFileSync('taskset', ['-a', '-cp', values['client-cpu'], String(process.pid)], { stdio: 'ignore' });
  const server = await FloorServer.start(port, tables, values['server-cpu']);
  const sockets: WebSocket[] = [];
  try {
    await openTables(port, 0, Math.floor(tables / 2), sockets);
    await sleep(5000);
    const half = await steady(server);
    const halfSockets = sockets.length;
    await openTables(port, Math.floor(tables / 2), tables, sockets);
    await sleep(10_000);
    const full = await steady(server);
    const perSocket = (x: number, y: number) => `${((y - x) / (sockets.length - halfSockets) / 1024).toFixed(1)} KB`;
    const bare = await window(server, seconds, 'usage');
    const stored = await window(server, seconds, 'store');
    const rows: [string, string][] = [
      ['tables / sockets', `${tables} / ${sockets.length}`],
      ['CPU per message: ws, answer to 4 sockets', bare],
      ['CPU per message: + SQLite appendAction', stored],
      ['RSS per extra socket', `${perSocket(half.rss, full.rss)} (${halfSockets} → ${sockets.length} sockets)`],
      ['JS heap per extra socket', perSocket(half.heap, full.heap)],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
  } finally {
    for (const ws of sockets) ws.terminate();
    server.stop();
  }
}

if (process.env.FLOOR_ROLE === 'server') void serve(Number(process.env.FLOOR_PORT), Number(process.env.FLOOR_TABLES));
else
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
