import { resolve } from 'node:path';
import { z } from 'zod';
import { describeIssues } from '@flightchess/protocol';
import type { AccountsConfig } from './accounts';
import { PASSWORD_COST } from './accounts/passwords';
import type { AdmissionConfig } from './limits/admission';
import { ProxyTrust } from './limits/clientAddress';
import type { ClientLimits } from './limits/clientLimits';
import type { TableConfig } from './table/tableConfig';

/**
 * Everything the server can be told: from the environment in production, from code in tests. A
 * capability declares the part it reads (TableConfig, AccountsConfig, AdmissionConfig); the rest is the process's own.
 */
export interface ServerConfig extends TableConfig, AccountsConfig, AdmissionConfig {
  readonly port: number;
  /** Interface to listen on; undefined = every interface. */
  readonly host: string | undefined;
  readonly dataDir: string;
  /** A PostgreSQL connection URL; undefined = the embedded SQLite file in dataDir. */
  readonly databaseUrl: string | undefined;
  /** Redis shared by every process of one deployment (presence + matchmaker driver); undefined = one process. */
  readonly redisUrl: string | undefined;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Colyseus publicAddress of this process when several run behind one address. */
  readonly publicAddress: string | undefined;
  /**
   * Each connection has its turn this often: pinged unless its client was heard from since its last turn; two
   * pings unanswered in a row and it is cut (the player counts as dropped): 2.5 s finds a silently dead link
   * in 7.5–10 s (heartbeat.ts).
   */
  readonly heartbeatSeconds: number;
  /** Largest websocket message accepted, in bytes; a larger one closes that client's connection. */
  readonly maxPayloadBytes: number;
  /** Where a built web client lives (served when it exists). */
  readonly webDist: string;
  /**
   * SIGTERM: `handover` stores every table and exits at once (the next process, or another one of the
   * deployment, restores them); `drain` first lets the games in progress play on, for at most
   * shutdownGraceSeconds, then hands over what is left.
   */
  readonly shutdownMode: 'handover' | 'drain';
  readonly shutdownGraceSeconds: number;
  /** How long a process holds its tables without renewing (it renews every third of it); a dead process's tables are restored after this. */
  readonly leaseSeconds: number;
  /** Several processes: one silent this long has stopped, and another takes its tables over. */
  readonly takeoverSeconds: number;
  /** A game's write waits this long for a database that does not answer before the step is refused (ERR_STORAGE). */
  readonly storageWaitSeconds: number;
  /** A tournament's next round starts this long after the last table of a round ended (tournaments/). */
  readonly tournamentBreakSeconds: number;
  /** Proxies whose X-Forwarded-For names the client (addresses or CIDR ranges); none by default. */
  readonly trustProxy: readonly string[];
  /** What one client address may do (see limits/). */
  readonly limits: ClientLimits;
  /** Guests who never played are deleted this long after they were created. */
  readonly guestIdleDays: number;
  /** Prometheus metrics at GET /metrics. */
  readonly metrics: boolean;
  /** When set, /metrics answers only `Authorization: Bearer <token>`. */
  readonly metricsToken: string | undefined;
  /** The operator's console (/admin, /api/admin) with `Authorization: Bearer <token>`; unset: no console. */
  readonly adminToken: string | undefined;
  /**
   * Where Web Push may be sent: host names (and their subdomains) over https, or exact origins
   * (`http://127.0.0.1:9000`, for tests). A subscription elsewhere is refused: the server posts to it.
   */
  readonly pushServices: readonly string[];
  /**
   * The VAPID contact a push service may write to about this server's pushes (mailto: or https:); unset,
   * the https site each device subscribed from (Apple's push service refuses a contact it cannot resolve).
   */
  readonly pushContact: string | undefined;
}

/** The push services of the browsers people use: Chrome and Android, Firefox, Edge, Safari. */
export const PUSH_SERVICES = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

export const DEFAULT_CONFIG: ServerConfig = {
  port: 2567,
  host: undefined,
  dataDir: resolve('data'),
  databaseUrl: undefined,
  redisUrl: undefined,
  logLevel: 'info',
  publicAddress: undefined,
  turnSeconds: 15,
  minTurnSeconds: 5,
  maxTurnSeconds: 60,
  reconnectSeconds: 180,
  botRollDelayMs: 600,
  autoMoveDelayMs: 900,
  quickStartSeconds: 10,
  quickAloneSeconds: 1,
  tournamentBreakSeconds: 60,
  moveAnimation: true,
  maxMessagesPerSecond: 10,
  heartbeatSeconds: 2.5,
  maxPayloadBytes: 4 * 1024,
  webDist: resolve(__dirname, '../../web/dist'),
  shutdownMode: 'handover',
  shutdownGraceSeconds: 600,
  leaseSeconds: 15,
  takeoverSeconds: 3,
  storageWaitSeconds: 2,
  trustProxy: [],
  limits: {
    httpPerMinute: 600,
    guestsPerMinute: 10,
    tablesPerMinute: 20,
    openTablesPerGuest: 10,
    joinsPerMinute: 60,
    codeLookupsPerMinute: 10,
    codeMissesPerHour: 30,
    socketsPerAddress: 30,
    connectionsPerAddress: 64,
    signInsPerMinute: 10,
  },
  maxTables: 1000,
  maxConnections: 4000,
  guestIdleDays: 7,
  metrics: true,
  metricsToken: undefined,
  signInFailuresPerHour: 10,
  signInFailuresPerNameMinute: 20,
  passwordCost: PASSWORD_COST,
  adminToken: undefined,
  testDiceSeed: undefined,
  watchersPerTable: 50,
  pushServices: PUSH_SERVICES,
  pushContact: undefined,
};

const seconds = z.coerce.number().positive().max(86_400);
const count = z.coerce.number().int().min(1).max(10_000_000);
const millis = z.coerce.number().int().min(0).max(60_000);

const url = (schemes: readonly string[]) =>
  z.url({ protocol: new RegExp(`^(${schemes.join('|')})$`), error: `must be a ${schemes.join(' or ')} URL` });

/** Environment variables understood by the server (see README). */
const ENV = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  PUBLIC_ADDRESS: z.string().min(1).optional(),
  TURN_SECONDS: seconds.optional(),
  RECONNECT_SECONDS: seconds.optional(),
  BOT_ROLL_DELAY_MS: millis.optional(),
  AUTO_MOVE_DELAY_MS: millis.optional(),
  QUICK_START_SECONDS: z.coerce.number().positive().max(600).optional(),
  QUICK_ALONE_SECONDS: z.coerce.number().positive().max(600).optional(),
  TOURNAMENT_BREAK_SECONDS: z.coerce.number().min(0).max(3600).optional(),
  MAX_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).max(1000).optional(),
  HEARTBEAT_SECONDS: z.coerce.number().min(1).max(300).optional(),
  WEB_DIST: z.string().min(1).optional(),
  SHUTDOWN_MODE: z.enum(['handover', 'drain']).optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(86_400).optional(),
  LEASE_SECONDS: z.coerce.number().min(1).max(3600).optional(),
  TAKEOVER_SECONDS: z.coerce.number().min(1).max(600).optional(),
  STORAGE_WAIT_SECONDS: z.coerce.number().min(0).max(30).optional(),
  TRUST_PROXY: z.string().optional(),
  HTTP_PER_MINUTE: count.optional(),
  GUESTS_PER_MINUTE: count.optional(),
  TABLES_PER_MINUTE: count.optional(),
  OPEN_TABLES_PER_GUEST: count.optional(),
  JOINS_PER_MINUTE: count.optional(),
  CODE_LOOKUPS_PER_MINUTE: count.optional(),
  CODE_MISSES_PER_HOUR: count.optional(),
  SOCKETS_PER_ADDRESS: count.optional(),
  CONNECTIONS_PER_ADDRESS: count.optional(),
  MAX_TABLES: count.optional(),
  MAX_CONNECTIONS: count.optional(),
  GUEST_IDLE_DAYS: z.coerce.number().positive().max(36_500).optional(),
  METRICS: z.enum(['on', 'off']).optional(),
  MOVE_ANIMATION: z.enum(['on', 'off']).optional(),
  METRICS_TOKEN: z.string().min(16, 'use at least 16 characters').optional(),
  SIGN_INS_PER_MINUTE: count.optional(),
  SIGN_IN_FAILURES_PER_HOUR: count.optional(),
  SIGN_IN_FAILURES_PER_NAME_MINUTE: count.optional(),
  ADMIN_TOKEN: z.string().min(16, 'use at least 16 characters').optional(),
  TEST_DICE_SEED: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'use 64 hex digits')
    .optional(),
  WATCHERS_PER_TABLE: z.coerce.number().int().min(0).max(10_000).optional(),
  PUSH_SERVICES: z.string().optional(),
  PUSH_CONTACT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'use mailto:you@example.org or an https URL')
    .optional(),
});

export type ConfigResult = { ok: true; config: ServerConfig } | { ok: false; error: string };

/** A comma-separated variable's items. */
const listOf = (value: string) =>
  value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');

/** A host name (its subdomains too, over https), or an origin exactly (`http://127.0.0.1:9000`). */
function isPushService(service: string): boolean {
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(service)) return true;
  try {
    const url = new URL(service);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === service.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** Read the environment; a bad value is reported by name rather than silently replaced by a default. */
export function configFromEnv(env: NodeJS.ProcessEnv, base: ServerConfig = DEFAULT_CONFIG): ConfigResult {
  // An empty variable (`REDIS_URL=` in an env file) means "not set", as in most deployment tools.
  const parsed = ENV.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) return { ok: false, error: `bad environment: ${describeIssues(parsed.error)}` };
  const e = parsed.data;
  // Behind one address, a client must reach the process that holds its room: that is what this names.
  if (e.REDIS_URL && !(e.PUBLIC_ADDRESS ?? base.publicAddress)) {
    return { ok: false, error: 'bad environment: PUBLIC_ADDRESS: required with REDIS_URL (each process needs its own public address)' };
  }
  // Dice known in advance are for browser tests; a production process (the image sets NODE_ENV) refuses to start with them.
  if (e.TEST_DICE_SEED && env.NODE_ENV === 'production') {
    return {
      ok: false,
      error: 'bad environment: TEST_DICE_SEED: end-to-end tests only, refused with NODE_ENV=production (anyone could predict the dice)',
    };
  }
  const trustProxy = e.TRUST_PROXY === undefined ? base.trustProxy : listOf(e.TRUST_PROXY);
  const trusted = ProxyTrust.parse(trustProxy);
  if (!trusted.ok) return { ok: false, error: `bad environment: TRUST_PROXY: ${trusted.error}` };
  const pushServices = e.PUSH_SERVICES === undefined ? base.pushServices : listOf(e.PUSH_SERVICES);
  const badService = pushServices.find((service) => !isPushService(service));
  if (badService !== undefined)
    return { ok: false, error: `bad environment: PUSH_SERVICES: '${badService}' is neither a host name nor an http(s) origin` };
  const turnSeconds = e.TURN_SECONDS ?? base.turnSeconds;
  const l = base.limits;
  const config: ServerConfig = {
    ...base,
    port: e.PORT ?? base.port,
    host: e.HOST ?? base.host,
    dataDir: resolve(e.DATA_DIR ?? base.dataDir),
    databaseUrl: e.DATABASE_URL ?? base.databaseUrl,
    redisUrl: e.REDIS_URL ?? base.redisUrl,
    logLevel: e.LOG_LEVEL ?? base.logLevel,
    publicAddress: e.PUBLIC_ADDRESS ?? base.publicAddress,
    turnSeconds,
    minTurnSeconds: Math.min(base.minTurnSeconds, turnSeconds),
    maxTurnSeconds: Math.max(base.maxTurnSeconds, turnSeconds),
    reconnectSeconds: e.RECONNECT_SECONDS ?? base.reconnectSeconds,
    botRollDelayMs: e.BOT_ROLL_DELAY_MS ?? base.botRollDelayMs,
    autoMoveDelayMs: e.AUTO_MOVE_DELAY_MS ?? base.autoMoveDelayMs,
    quickStartSeconds: e.QUICK_START_SECONDS ?? base.quickStartSeconds,
    quickAloneSeconds: e.QUICK_ALONE_SECONDS ?? base.quickAloneSeconds,
    tournamentBreakSeconds: e.TOURNAMENT_BREAK_SECONDS ?? base.tournamentBreakSeconds,
    moveAnimation: e.MOVE_ANIMATION === undefined ? base.moveAnimation : e.MOVE_ANIMATION === 'on',
    maxMessagesPerSecond: e.MAX_MESSAGES_PER_SECOND ?? base.maxMessagesPerSecond,
    heartbeatSeconds: e.HEARTBEAT_SECONDS ?? base.heartbeatSeconds,
    webDist: resolve(e.WEB_DIST ?? base.webDist),
    shutdownMode: e.SHUTDOWN_MODE ?? base.shutdownMode,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS ?? base.shutdownGraceSeconds,
    leaseSeconds: e.LEASE_SECONDS ?? base.leaseSeconds,
    takeoverSeconds: e.TAKEOVER_SECONDS ?? base.takeoverSeconds,
    storageWaitSeconds: e.STORAGE_WAIT_SECONDS ?? base.storageWaitSeconds,
    trustProxy,
    limits: {
      httpPerMinute: e.HTTP_PER_MINUTE ?? l.httpPerMinute,
      guestsPerMinute: e.GUESTS_PER_MINUTE ?? l.guestsPerMinute,
      tablesPerMinute: e.TABLES_PER_MINUTE ?? l.tablesPerMinute,
      openTablesPerGuest: e.OPEN_TABLES_PER_GUEST ?? l.openTablesPerGuest,
      joinsPerMinute: e.JOINS_PER_MINUTE ?? l.joinsPerMinute,
      codeLookupsPerMinute: e.CODE_LOOKUPS_PER_MINUTE ?? l.codeLookupsPerMinute,
      codeMissesPerHour: e.CODE_MISSES_PER_HOUR ?? l.codeMissesPerHour,
      socketsPerAddress: e.SOCKETS_PER_ADDRESS ?? l.socketsPerAddress,
      connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS ?? l.connectionsPerAddress,
      signInsPerMinute: e.SIGN_INS_PER_MINUTE ?? l.signInsPerMinute,
    },
    maxTables: e.MAX_TABLES ?? base.maxTables,
    maxConnections: e.MAX_CONNECTIONS ?? base.maxConnections,
    guestIdleDays: e.GUEST_IDLE_DAYS ?? base.guestIdleDays,
    metrics: e.METRICS === undefined ? base.metrics : e.METRICS === 'on',
    metricsToken: e.METRICS_TOKEN ?? base.metricsToken,
    signInFailuresPerHour: e.SIGN_IN_FAILURES_PER_HOUR ?? base.signInFailuresPerHour,
    signInFailuresPerNameMinute: e.SIGN_IN_FAILURES_PER_NAME_MINUTE ?? base.signInFailuresPerNameMinute,
    adminToken: e.ADMIN_TOKEN ?? base.adminToken,
    testDiceSeed: e.TEST_DICE_SEED ?? base.testDiceSeed,
    watchersPerTable: e.WATCHERS_PER_TABLE ?? base.watchersPerTable,
    pushServices,
    pushContact: e.PUSH_CONTACT ?? base.pushContact,
  };
  return { ok: true, config };
}
