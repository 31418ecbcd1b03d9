import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { accepts } from './ports';

// Beside this file in the repository; from the repository's root when bundled (the loadtest runs as a bundle elsewhere).
const NGINX = [resolve(__dirname, '../../../../deploy/nginx'), resolve(process.cwd(), 'deploy/nginx')].find((d) => existsSync(d)) ?? '';
const TEMPLATE = join(NGINX, 'flightchess.conf.template');
const MAIN = join(NGINX, 'nginx.conf');

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
export function renderProxyConfig(vars: Record<string, string>, template = readFileSync(TEMPLATE, 'utf8')): string {
  return template.replace(/\$\{(FLIGHTCHESS_[A-Z_]+)\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`no value for ${name}`);
    return value;
  });
}

/** The letter that names process `i` in the proxy's paths (a, b, c…). */
export const processLetter = (i: number): string => String.fromCharCode(97 + i);

/**
 * The template for `count` processes: the compose file runs two (a, b); a third and more are routed as b is
 * (its own upstream and path, a share of the rest), with variables FLIGHTCHESS_C…
 */
function templateFor(count: number): string {
  let text = readFileSync(TEMPLATE, 'utf8');
  const extra = Array.from({ length: Math.max(0, count - 2) }, (_, i) => processLetter(i + 2));
  for (const pattern of [
    /^ *server \$\{FLIGHTCHESS_B\} max_fails.*\n/m,
    /^upstream flightchess_b \{\n[\s\S]*?\n\}\n/m,
    /^ *location \/b\/ \{\n[\s\S]*?\n *\}\n/m,
  ]) {
    const found = pattern.exec(text)?.[0];
    if (!found) throw new Error(`deploy/nginx/flightchess.conf.template has no ${pattern}`);
    const copies = extra.map((l) =>
      found.replaceAll('FLIGHTCHESS_B', `FLIGHTCHESS_${l.toUpperCase()}`).replaceAll('_b', `_${l}`).replaceAll('/b/', `/${l}/`),
    );
    text = text.replace(found, [found, ...copies].join(found.startsWith('upstream') ? '\n' : ''));
  }
  return text;
}

/**
 * Debian's nginx running the repository's proxy configuration on a loopback port, in front of the game
 * processes at `upstreams` (host:port each, process i at path /a/, /b/, /c/…).
 */
export async function startProxy(
  nginx: string,
  port: number,
  upstreams: readonly string[],
): Promise<{ stop(): Promise<void>; stopNow(): void }> {
  if (upstreams.length < 2) throw new Error('the proxy is for two processes or more');
  const dir = mkdtempSync(join(tmpdir(), 'flightchess-proxy-'));
  chmodSync(dir, 0o755); // nginx's workers run as another user when it is started as root (CI)
  const vars = Object.fromEntries(upstreams.map((u, i) => [`FLIGHTCHESS_${processLetter(i).toUpperCase()}`, u]));
  writeFileSync(
    join(dir, 'flightchess.conf'),
    renderProxyConfig({ FLIGHTCHESS_LISTEN: `127.0.0.1:${port}`, ...vars }, templateFor(upstreams.length)),
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
    stopNow() {
      if (!exited) child.kill('SIGKILL');
    },
    async stop() {
      if (!exited) child.kill('SIGTERM');
      await done;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
