import type Database from 'better-sqlite3';
import type { Pool } from 'pg';
import type { AccountStorage, DeviceRecord, LinkCodeRecord, LoginRecord, PasskeyRecord } from './AccountStorage';
import { ACCOUNT_SQL as SQL, deviceRecord, deviceValues, isUniqueViolation, loginRecord, named, passkeyRecord, passkeyValues, sqliteSql } from './accountRows';

type Row = Record<string, unknown>;

/** One statement at a time against either database: rows, or the number of rows changed. */
export interface SqlRunner {
  all(sql: string, values: readonly unknown[]): Promise<Row[]>;
  run(sql: string, values: readonly unknown[]): Promise<number>;
}

/** SQLite: each statement prepared once, on first use. */
export function sqliteRunner(db: Database.Database): SqlRunner {
  const prepared = new Map<string, Database.Statement>();
  const statement = (sql: string) => {
    let s = prepared.get(sql);
    if (!s) prepared.set(sql, (s = db.prepare(sqliteSql(sql))));
    return s;
  };
  return {
    all: async (sql, values) => {
      const s = statement(sql);
      return s.reader ? (s.all(named(values)) as Row[]) : (s.run(named(values)), []);
    },
    run: async (sql, values) => statement(sql).run(named(values)).changes,
  };
}

export function postgresRunner(pool: Pool): SqlRunner {
  return {
    all: async (sql, values) => (await pool.query<Row>(sql, values as unknown[])).rows,
    run: async (sql, values) => (await pool.query(sql, values as unknown[])).rowCount ?? 0,
  };
}

/**
 * The accounts' storage over either database. No statement needs another's transaction: a link code is
 * used once by one UPDATE (…RETURNING), before its device is added.
 */
export class SqlAccounts implements AccountStorage {
  constructor(private readonly sql: SqlRunner) {}

  async devices(playerId: string): Promise<DeviceRecord[]> {
    return (await this.sql.all(SQL.devices, [playerId])).map(deviceRecord);
  }

  async addDevice(d: DeviceRecord): Promise<void> {
    await this.sql.run(SQL.addDevice, deviceValues(d));
  }

  async deviceExists(deviceId: string): Promise<boolean> {
    return (await this.sql.all(SQL.deviceExists, [deviceId])).length > 0;
  }

  async touchDevice(deviceId: string, at: number, olderThan: number): Promise<void> {
    await this.sql.run(SQL.touchDevice, [at, deviceId, olderThan]);
  }

  async removeDevice(playerId: string, deviceId: string): Promise<boolean> {
    return (await this.sql.run(SQL.removeDevice, [playerId, deviceId])) > 0;
  }

  async removeOtherDevices(playerId: string, keep: string): Promise<string[]> {
    return (await this.sql.all(SQL.removeOtherDevices, [playerId, keep])).map((r) => r.id as string);
  }

  async login(playerId: string): Promise<LoginRecord | null> {
    const [row] = await this.sql.all(SQL.login, [playerId]);
    return row ? loginRecord(row) : null;
  }

  async loginByKey(nameKey: string): Promise<LoginRecord | null> {
    const [row] = await this.sql.all(SQL.loginByKey, [nameKey]);
    return row ? loginRecord(row) : null;
  }

  async setLogin(l: LoginRecord): Promise<'ok' | 'taken'> {
    try {
      await this.sql.run(SQL.setLogin, [l.playerId, l.name, l.nameKey, l.passwordHash, l.updatedAt]);
      return 'ok';
    } catch (err) {
      if (isUniqueViolation(err)) return 'taken';
      throw err;
    }
  }

  async addLinkCode(code: LinkCodeRecord, now: number): Promise<boolean> {
    await this.sql.run(SQL.dropLinkCodes, [code.playerId, now]);
    return (await this.sql.run(SQL.addLinkCode, [code.codeHash, code.playerId, code.expiresAt])) > 0;
  }

  async redeemLinkCode(codeHash: string, now: number, device: Omit<DeviceRecord, 'playerId'>): Promise<string | null> {
    const [used] = await this.sql.all(SQL.redeemLinkCode, [now, codeHash]);
    if (!used) return null;
    const playerId = used.player_id as string;
    await this.addDevice({ ...device, playerId });
    return playerId;
  }

  async passkeys(playerId: string): Promise<PasskeyRecord[]> {
    return (await this.sql.all(SQL.passkeys, [playerId])).map(passkeyRecord);
  }

  async passkey(id: string): Promise<PasskeyRecord | null> {
    const [row] = await this.sql.all(SQL.passkey, [id]);
    return row ? passkeyRecord(row) : null;
  }

  async addPasskey(p: PasskeyRecord): Promise<void> {
    await this.sql.run(SQL.addPasskey, passkeyValues(p));
  }

  async usePasskey(id: string, counter: number, at: number): Promise<void> {
    await this.sql.run(SQL.usePasskey, [counter, at, id]);
  }

  async removePasskey(playerId: string, id: string): Promise<boolean> {
    return (await this.sql.run(SQL.removePasskey, [playerId, id])) > 0;
  }
}
