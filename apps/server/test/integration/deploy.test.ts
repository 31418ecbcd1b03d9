import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { type Copy, DockerfileParser, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';
import { configFromEnv } from '../../src/config';
import { describeWithServices, serviceUrl } from '../support/services';

// No Docker engine runs here: these check what can be checked without one (README: Container).
const ROOT = resolve(__dirname, '../../../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const dockerfile = read('Dockerfile');

const args = (i: Instruction) => i.getArguments().map((a) => a.getValue());
/** CMD, VOLUME and HEALTHCHECK in exec form: the JSON array. */
const execForm = (i: Instruction): string[] => JSON.parse(i.getArgumentsContent()?.replace(/^CMD\s+/, '') ?? '[]') as string[];

/** The instructions of the last stage (the image that ships). */
function runtimeStage(): Instruction[] {
  const all = DockerfileParser.parse(dockerfile).getInstructions();
  const lastFrom = all.map((i) => i.getKeyword()).lastIndexOf('FROM');
  return all.slice(lastFrom + 1);
}

/** .dockerignore patterns as Docker reads them (`**` any depth, `*` within a name); a match excludes a path and everything under it. */
function ignored(path: string): boolean {
  const patterns = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const regex = (p: string) =>
    new RegExp(
      `^${p
        .split('**/')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
        .join('(?:.*/)?')}(?:/.*)?$`,
    );
  return patterns.some((p) => regex(p).test(path));
}

describe('the Dockerfile', () => {
  test('lints clean (dockerfile-utils)', () => {
    expect(validate(dockerfile)).toEqual([]);
  });

  test('copies from the build context only files that exist and that .dockerignore lets through', () => {
    const copies = DockerfileParser.parse(dockerfile)
      .getInstructions()
      .filter((i): i is Copy => i.getKeyword() === 'COPY' && !(i as Copy).getFromFlag());
    const sources = copies.flatMap((c) => args(c).slice(0, -1));
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) {
      expect([source, existsSync(join(ROOT, source))]).toEqual([source, true]);
      expect([source, ignored(source)]).toEqual([source, false]);
    }
    // …and that the context leaves out what is built inside the image or private to a machine.
    for (const path of ['node_modules/pg', 'apps/web/dist/index.html', 'apps/server/dist/main.js', 'data/flightchess.db', '.git/HEAD']) {
      expect([path, ignored(path)]).toEqual([path, true]);
    }
  });

  test('ships a runtime that runs unprivileged, keeps DATA_DIR in a volume and checks its health with the copied script', () => {
    const stage = runtimeStage();
    const one = (keyword: string) => stage.filter((i) => i.getKeyword() === keyword);
    const env = Object.fromEntries(
      one('ENV')
        .flatMap(args)
        .map((kv) => kv.split('=') as [string, string]),
    );
    const workdir = args(one('WORKDIR')[0]!)[0]!;
    const copiedTo = (source: string) => {
      const copy = one('COPY').find((c) => args(c)[0] === source);
      if (!copy) throw new Error(`the runtime stage copies no ${source}`);
      return posix.join(workdir, args(copy).at(-1)!);
    };

    const user = args(one('USER').at(-1)!)[0];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(execForm(one('VOLUME')[0]!)).toEqual([env.DATA_DIR]);
    expect(env.WEB_DIST).toBe(copiedTo('/src/apps/web/dist'));
    const cmd = execForm(one('CMD')[0]!);
    expect(cmd[0]).toBe('node');
    expect(posix.join(workdir, cmd[1]!)).toBe(posix.join(copiedTo('/src/apps/server/dist'), 'main.js'));
    const check = one('HEALTHCHECK')[0]!
      .getArgumentsContent()!
      .replace(/^.*CMD\s+/, '');
    expect(posix.join(workdir, (JSON.parse(check) as string[])[1]!)).toBe(copiedTo('deploy/healthcheck.mjs'));
    // The server reads these, and nothing else configures it: the image's defaults must be valid.
    expect(configFromEnv(env)).toMatchObject({ ok: true, config: { port: 2567, dataDir: env.DATA_DIR, webDist: env.WEB_DIST } });
  });
});

describeWithServices('the compose files (docker-compose config)', ['TEST_DOCKER_COMPOSE'], () => {
  /** The file as Docker Compose resolves it (defaults filled in); throws when Compose finds it invalid. */
  const resolved = (file: string): any =>
    parse(
      execFileSync(serviceUrl('TEST_DOCKER_COMPOSE'), ['-f', join(ROOT, file), 'config'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH },
        encoding: 'utf8',
      }),
    );
  const seconds = (duration: string) => Number(/^(\d+)m$/.exec(duration)?.[1] ?? NaN) * 60;

  test('docker-compose.yml: one server on port 2567, its SQLite database in a named volume, games let finish on stop', () => {
    const compose = resolved('docker-compose.yml');
    expect(Object.keys(compose.services)).toEqual(['game']);
    const game = compose.services.game;
    expect(game.build.context).toBe(ROOT);
    expect(game.ports).toEqual([expect.objectContaining({ published: 2567, target: 2567 })]);
    expect(game.volumes).toEqual([expect.stringMatching(/^flightchess-data:\/data(:rw)?$/)]);
    expect(Object.keys(compose.volumes)).toEqual(['flightchess-data']);
    const env = game.environment as Record<string, string>;
    // /metrics is not on the public port unless the host asks for it.
    const read = configFromEnv(env);
    expect(read).toMatchObject({ ok: true, config: { databaseUrl: undefined, redisUrl: undefined, metrics: false } });
    expect(seconds(game.stop_grace_period)).toBeGreaterThan(Number(env.SHUTDOWN_GRACE_SECONDS));
    // Its sockets (MAX_CONNECTIONS) and files, whatever the host's default open-file limit.
    expect(game.ulimits.nofile.soft).toBeGreaterThan(2 * (read.ok ? read.config.maxConnections : Infinity));
  });

  test('docker-compose.cluster.yml: two servers sharing Redis and PostgreSQL, each with its own public address that the proxy routes to it', () => {
    const compose = resolved('docker-compose.cluster.yml');
    expect(Object.keys(compose.services).sort()).toEqual(['game-a', 'game-b', 'grafana', 'postgres', 'prometheus', 'proxy', 'redis']);
    const proxy = compose.services.proxy;
    expect(proxy.ports).toEqual([expect.objectContaining({ published: 2567, target: 80 })]);
    expect(proxy.volumes).toEqual([
      `${join(ROOT, 'deploy/nginx/nginx.conf')}:/etc/nginx/nginx.conf:ro`,
      `${join(ROOT, 'deploy/nginx/flightchess.conf.template')}:/etc/nginx/templates/default.conf.template:ro`,
    ]);
    const template = read('deploy/nginx/flightchess.conf.template');

    const configs = ['game-a', 'game-b'].map((name) => {
      const game = compose.services[name];
      expect(seconds(game.stop_grace_period)).toBeGreaterThan(Number(game.environment.SHUTDOWN_GRACE_SECONDS));
      const read = configFromEnv(game.environment);
      if (!read.ok) throw new Error(`${name}: ${read.error}`);
      // PUBLIC_ADDRESS = <proxy host>/<segment>; the proxy sends /<segment>/ to this very service.
      const segment = read.config.publicAddress!.split('/')[1]!;
      const upstream = new RegExp(`location /${segment}/ \\{\\s*proxy_pass http://flightchess_${segment};`).test(template);
      expect([name, upstream]).toEqual([name, true]);
      expect(proxy.environment[`FLIGHTCHESS_${segment.toUpperCase()}`]).toBe(`${name}:2567`);
      return read.config;
    });
    const [a, b] = configs as [(typeof configs)[0], (typeof configs)[0]];
    expect(a.publicAddress).not.toBe(b.publicAddress);
    expect(a.redisUrl).toBe('redis://redis:6379');
    expect(b.redisUrl).toBe(a.redisUrl);
    expect(new URL(a.databaseUrl!).host).toBe('postgres:5432');
    expect(b.databaseUrl).toBe(a.databaseUrl);
  });

  test('docker-compose.cluster.yml: the proxy has room for what the game processes take (connections a worker, files, the containers’ open-file limits)', () => {
    const compose = resolved('docker-compose.cluster.yml');
    const games = Object.keys(compose.services).filter((name) => name.startsWith('game-'));
    // Every socket the processes take at their MAX_CONNECTIONS is two connections at the proxy (the player's,
    // and the one to the process); one worker may be handed them all.
    const most = games.map((name) => {
      const read = configFromEnv(compose.services[name].environment);
      if (!read.ok) throw new Error(read.error);
      return read.config.maxConnections;
    });
    const sockets = most.reduce((a, b) => a + b, 0);
    const main = read('deploy/nginx/nginx.conf');
    const setting = (name: string) => Number(new RegExp(`^\\s*${name}\\s+(\\d+);`, 'm').exec(main)?.[1]);
    expect(setting('worker_connections')).toBeGreaterThanOrEqual(2 * sockets);
    expect(setting('worker_rlimit_nofile')).toBeGreaterThan(setting('worker_connections'));
    expect(compose.services.proxy.ulimits.nofile).toEqual({ soft: setting('worker_rlimit_nofile'), hard: setting('worker_rlimit_nofile') });
    // A process's sockets, and its database's, Redis' and its own files besides.
    for (const [i, name] of games.entries()) expect(compose.services[name].ulimits.nofile.soft).toBeGreaterThan(2 * most[i]!);
  });

  test('docker-compose.cluster.yml: Prometheus scrapes every game process, and Grafana loads the Flight Chess dashboard over it', () => {
    const compose = resolved('docker-compose.cluster.yml');
    const mounted = (service: string, target: string) => {
      const volume = (compose.services[service].volumes as string[]).find((v) => v.split(':')[1] === target);
      if (!volume) throw new Error(`${service} mounts nothing at ${target}`);
      return volume.split(':')[0]!;
    };
    const prometheus = parse(readFileSync(mounted('prometheus', '/etc/prometheus/prometheus.yml'), 'utf8'));
    const games = Object.keys(compose.services).filter((name) => name.startsWith('game-'));
    expect(prometheus.scrape_configs.flatMap((j: any) => j.static_configs.flatMap((c: any) => c.targets)).sort()).toEqual(
      games.map((g) => `${g}:2567`).sort(),
    );
    expect(prometheus.scrape_configs.every((j: any) => j.metrics_path === '/metrics')).toBe(true);

    const provisioning = mounted('grafana', '/etc/grafana/provisioning');
    const provider = parse(readFileSync(join(provisioning, 'dashboards/flightchess.yml'), 'utf8')).providers[0];
    expect(mounted('grafana', provider.options.path)).toBe(join(ROOT, 'deploy/grafana/dashboards'));
    const datasource = parse(readFileSync(join(provisioning, 'datasources/prometheus.yml'), 'utf8')).datasources[0];
    expect(datasource.url).toBe('http://prometheus:9090');
    const dashboard = JSON.parse(read('deploy/grafana/dashboards/flightchess.json'));
    const uids = new Set<string>(
      dashboard.panels.flatMap((p: any) => [p.datasource?.uid, ...(p.targets ?? []).map((t: any) => t.datasource?.uid)]).filter(Boolean),
    );
    expect([...uids]).toEqual([datasource.uid]);
    // Published on this machine only (docker-compose v1 writes it as host_ip:published:target/protocol).
    expect(compose.services.grafana.ports).toEqual(['127.0.0.1:3000:3000/tcp']);
  });
});
