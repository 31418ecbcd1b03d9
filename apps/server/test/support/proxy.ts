import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sleep } from './players';

const TEMPLATE = resolve(__dirname, '../../../../deploy/nginx/flightchess.conf.template');

/** The template with its ${FLIGHTCHESS_...} variables filled in, as the nginx image does from its environment. */
export function renderProxyConfig(vars: Record<string, string>): string {
  return readFileSync(TEMPLATE, 'utf8').replace(/\$\{(FLIGHTCHESS_[A-Z_]+)\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`no value for ${name}`);
    return value;
  });
}

const accepts = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

/**
 * Debian's nginx running the repository's proxy configuration on a loopback port, in front of
 * game processes `a` and `b` (host:port each).
 */
export async function startProxy(nginx: string, port: number, a: string, b: string): Promise<{ stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'flightchess-proxy-'));
  chmodSync(dir, 0o755); // nginx's workers run as another user when it is started as root (CI)
  writeFileSync(
    join(dir, 'flightchess.conf'),
    renderProxyConfig({ FLIGHTCHESS_LISTEN: `127.0.0.1:${port}`, FLIGHTCHESS_A: a, FLIGHTCHESS_B: b }),
  );
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${join(dir, t)};`).join('\n  ');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  ${temp}
  include ${join(dir, 'flightchess.conf')};
}
`,
  );
  const child: ChildProcess = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  let exited = false;
  const done = new Promise<void>((r) => child.on('exit', () => r(void (exited = true))));
  let up = false;
  for (let i = 0; i < 400 && !exited && !up; i++) {
    up = await accepts(port);
    if (!up) await sleep(25);
  }
  if (!up) {
    child.kill('SIGKILL');
    throw new Error(`nginx did not start: ${stderr}`);
  }
  return {
    async stop() {
      if (!exited) child.kill('SIGTERM');
      await done;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
