import { Decoder, Encoder, Reflection } from '@colyseus/schema';
import { DEFAULT_CONFIG, configFromEnv } from '../src/config';
import { TableState, syncedJson } from '../src/table/schema';

describe('configuration from the environment', () => {
  test('defaults: port 2567, ./data, 15 s turns, 180 s reconnection hold', () => {
    const read = configFromEnv({});
    expect(read).toMatchObject({
      ok: true,
      config: { port: 2567, turnSeconds: 15, reconnectSeconds: 180, logLevel: 'info', dataDir: DEFAULT_CONFIG.dataDir },
    });
  });

  test('values are read and checked', () => {
    const read = configFromEnv({ PORT: '3000', TURN_SECONDS: '20', RECONNECT_SECONDS: '90', DATA_DIR: '/tmp/fc', LOG_LEVEL: 'warn' });
    expect(read).toMatchObject({
      ok: true,
      config: { port: 3000, turnSeconds: 20, reconnectSeconds: 90, dataDir: '/tmp/fc', logLevel: 'warn' },
    });
  });

  test('storage, Redis, address and shutdown settings: PostgreSQL and Redis by URL, SQLite when no DATABASE_URL', () => {
    expect(configFromEnv({})).toMatchObject({
      ok: true,
      config: { databaseUrl: undefined, redisUrl: undefined, host: undefined, shutdownGraceSeconds: 600 },
    });
    const env = {
      DATABASE_URL: 'postgres://fc:pw@db:5432/fc',
      REDIS_URL: 'redis://redis:6379',
      PUBLIC_ADDRESS: 'play.example.com/a',
      HOST: '127.0.0.1',
      SHUTDOWN_GRACE_SECONDS: '30',
    };
    expect(configFromEnv(env)).toMatchObject({
      ok: true,
      config: {
        databaseUrl: env.DATABASE_URL,
        redisUrl: env.REDIS_URL,
        publicAddress: env.PUBLIC_ADDRESS,
        host: '127.0.0.1',
        shutdownGraceSeconds: 30,
      },
    });
  });

  test('limits, caps and the trusted proxies: defaults sized for a group of friends behind one router, all settable', () => {
    expect(configFromEnv({})).toMatchObject({
      ok: true,
      config: {
        trustProxy: [],
        limits: {
          httpPerMinute: 600,
          guestsPerMinute: 10,
          tablesPerMinute: 20,
          openTablesPerGuest: 10,
          codeLookupsPerMinute: 10,
          codeMissesPerHour: 30,
          socketsPerAddress: 30,
        },
        maxTables: 1000,
        maxConnections: 4000,
        guestIdleDays: 7,
      },
    });
    const env = {
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1',
      GUESTS_PER_MINUTE: '5',
      SOCKETS_PER_ADDRESS: '8',
      MAX_TABLES: '50',
      GUEST_IDLE_DAYS: '2',
    };
    expect(configFromEnv(env)).toMatchObject({
      ok: true,
      config: {
        trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1'],
        limits: { guestsPerMinute: 5, socketsPerAddress: 8 },
        maxTables: 50,
        guestIdleDays: 2,
      },
    });
  });

  test.each(['localhost', '10.0.0.0/33', '1.2.3.4/8/2', '999.1.1.1'])('TRUST_PROXY=%s is refused, naming the entry', (value) => {
    const read = configFromEnv({ TRUST_PROXY: value });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toContain(`TRUST_PROXY: '${value}'`);
  });

  test('PUSH_SERVICES: host names and origins; anything else refused, naming it', () => {
    expect(configFromEnv({ PUSH_SERVICES: 'fcm.googleapis.com, http://127.0.0.1:9000' })).toMatchObject({
      ok: true,
      config: { pushServices: ['fcm.googleapis.com', 'http://127.0.0.1:9000'] },
    });
    for (const bad of ['localhost', 'http://', 'https://push.example/path', 'ftp://push.example']) {
      const read = configFromEnv({ PUSH_SERVICES: bad });
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.error).toContain(`PUSH_SERVICES: '${bad}'`);
    }
    expect(configFromEnv({ PUSH_CONTACT: 'someone' }).ok).toBe(false);
    expect(configFromEnv({ PUSH_CONTACT: 'mailto:op@example.org' })).toMatchObject({
      ok: true,
      config: { pushContact: 'mailto:op@example.org' },
    });
  });

  test('an empty variable counts as unset', () => {
    expect(configFromEnv({ PORT: '', DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({
      ok: true,
      config: { port: 2567, databaseUrl: undefined, redisUrl: undefined },
    });
  });

  test('REDIS_URL without PUBLIC_ADDRESS is refused: a client must be able to reach the process holding its room', () => {
    const read = configFromEnv({ REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toContain('PUBLIC_ADDRESS');
  });

  test('TEST_DICE_SEED (dice known in advance, for browser tests) is refused in production', () => {
    const seed = 'ab'.repeat(32);
    const test = configFromEnv({ TEST_DICE_SEED: seed });
    expect(test.ok && test.config.testDiceSeed).toBe(seed);
    const production = configFromEnv({ TEST_DICE_SEED: seed, NODE_ENV: 'production' });
    expect(production.ok).toBe(false);
    if (!production.ok) expect(production.error).toContain('TEST_DICE_SEED');
  });

  test.each([
    [{ DATABASE_URL: 'mysql://db/fc' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'flightchess.db' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://redis:6379', PUBLIC_ADDRESS: 'x/a' }, 'REDIS_URL'],
    [{ SHUTDOWN_GRACE_SECONDS: '-5' }, 'SHUTDOWN_GRACE_SECONDS'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ TURN_SECONDS: '-1' }, 'TURN_SECONDS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MAX_MESSAGES_PER_SECOND: '0' }, 'MAX_MESSAGES_PER_SECOND'],
  ])('a bad value %j is reported by name', (env, name) => {
    const read = configFromEnv(env);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toContain(name);
  });
});

describe('synced JSON fields', () => {
  test('a value whose JSON is exactly 255 bytes still reaches the client intact (@colyseus/schema 3.0 length bug)', () => {
    const value = { pad: 'x'.repeat(255 - JSON.stringify({ pad: '' }).length) };
    expect(Buffer.byteLength(JSON.stringify(value))).toBe(255);
    const state = new TableState();
    const encoder = new Encoder(state);
    const decoder = Reflection.decode(Reflection.encode(encoder)) as Decoder<any>;
    decoder.decode(encoder.encodeAll());
    encoder.discardChanges();
    state.options = syncedJson(value);
    state.watchers = 7;
    decoder.decode(encoder.encode());
    expect(JSON.parse(decoder.state.options)).toEqual(value);
    expect(decoder.state.watchers).toBe(7);
  });
});
