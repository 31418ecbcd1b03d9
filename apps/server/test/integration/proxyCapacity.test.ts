import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import WebSocket from 'ws';
import { DEFAULT_CONFIG } from '../../src/config';
import { startProxy } from '../support/proxy';
import { freePort } from '../support/server';
import { describeWithServices, serviceUrl } from '../support/services';

jest.setTimeout(120_000);

/** What the README promises two processes carry: MAX_TABLES four-seat tables each, a player a websocket. */
const PROMISED = 2 * DEFAULT_CONFIG.maxTables * 4;

/** Websocket servers `a` and `b` that echo, in a process of their own (the sockets' files are counted apart from this one's). */
async function echoServers(): Promise<{ a: number; b: number; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const { WebSocketServer } = require('ws');
       const ports = [];
       for (const name of ['a', 'b']) {
         const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
         server.on('connection', (ws) => ws.on('message', (m) => ws.send(m)));
         server.on('listening', () => { ports.push(server.address().port); if (ports.length === 2) console.log(ports.join(' ')); });
       }`,
    ],
    { cwd: resolve(__dirname, '../../../..'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = await new Promise<string>((done) => child.stdout!.once('data', (d: Buffer) => done(d.toString().trim())));
  const [a, b] = line.split(' ').map(Number) as [number, number];
  return { a, b, child };
}

/** Open `count` websockets at `url` (so many at a time), each answering an echo once open; resolves with them all open. */
async function openMany(url: (i: number) => string, count: number, atOnce = 200): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  let next = 0;
  const one = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      const ws = new WebSocket(url(i));
      sockets.push(ws);
      await new Promise<void>((done, fail) => {
        ws.once('open', () => ws.send(`hello ${i}`));
        ws.once('message', (m) => (String(m) === `hello ${i}` ? done() : fail(new Error(`socket ${i} heard ${String(m)}`))));
        ws.once('error', fail);
        ws.once('close', (code) => fail(new Error(`socket ${i} closed (${code}) after ${sockets.length} opened`)));
      });
    }
  };
  await Promise.all(Array.from({ length: atOnce }, one));
  return sockets;
}

describeWithServices('the proxy carries what the README promises (deploy/nginx/nginx.conf)', ['TEST_NGINX'], () => {
  test(`${PROMISED} websockets open at once through it, each reaching its process and heard back`, async () => {
    const upstream = await echoServers();
    const port = await freePort();
    const proxy = await startProxy(serviceUrl('TEST_NGINX'), port, [`127.0.0.1:${upstream.a}`, `127.0.0.1:${upstream.b}`]);
    let sockets: WebSocket[] = [];
    try {
      // Half to each process, by the first segment of the path (as Colyseus addresses a room's process).
      sockets = await openMany((i) => `ws://127.0.0.1:${port}/${i % 2 === 0 ? 'a' : 'b'}/process/room-${i}`, PROMISED);
      expect(sockets.filter((ws) => ws.readyState === WebSocket.OPEN)).toHaveLength(PROMISED);
      // All of them still carry a message both ways.
      const heard = await Promise.all(
        sockets.map(
          (ws, i) =>
            new Promise<boolean>((done) => {
              ws.once('message', (m) => done(String(m) === `again ${i}`));
              ws.send(`again ${i}`);
            }),
        ),
      );
      expect(heard.filter(Boolean)).toHaveLength(PROMISED);
    } finally {
      for (const ws of sockets) ws.terminate();
      await proxy.stop();
      upstream.child.kill();
    }
  });
});
