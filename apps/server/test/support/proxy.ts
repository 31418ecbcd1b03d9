import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sleep } from './players';

const TEMPLATE = resolve(__dirname, '../../../../deploy/nginx/flightchess.conf.template');
const MAIN = resolve(__dirname, '../../../../deploy/nginx/nginx.conf');

/**
 * The repository's main configuration (deploy/nginx/nginx.conf: its workers and connections as deployed)
 * with the paths the image keeps its files at moved into `dir`, in the foreground, the site from `dir`.
 */
function mainConfigIn(dir: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${join(dir, t)};`).join(' ');
  let config = readFileSync(MAIN, 'utf8');
  for (const [line, instead] of [
    [/^error_log .*;$/m, `error_log ${join(dir, 'error.log')} warn;`],
    [/^pid .*;$/m, `pid ${join(dir, 'nginx.pid')};`],
    [/^\s*access_log .*;$/m, '    access_log off;'],
    [/^\s*include \/etc\/nginx\/conf\.d\/\*\.conf;$/m, `    ${temp}\n    include ${join(dir, 'flightchess.conf')};`],
  ] as const) {
    if (!line.test(config)) throw new Error(`deploy/nginx/nginx.conf has no line ${line}`);
    config = config.replace(line, instead);
  }
  return `daemon off;\n${config}`;
}

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
  writeFileSync(join(dir, 'nginx.conf'), mainConfigIn(dir));
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
