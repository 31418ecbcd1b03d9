import type { Sql } from '../storage/sql';
import type { AccountStorage, DeviceRecord } from './AccountStorage';
import {
  ACCOUNT_SQL as SQL,
  deviceRecord,
  deviceValues,
  isUniqueViolation,
  loginRecord,
  passkeyRecord,
  passkeyValues,
} from './accountRows';

/**
 * The accounts' storage over either database. No statement needs another's transaction: a link code is
 * used once by one UPDATE (…RETURNING), before its device is added.
 */
export function accountRepository(sql: Sql): AccountStorage {
  const addDevice = async (d: DeviceRecord) => void (await sql.run(SQL.addDevice, deviceValues(d)));
  return {
    devices: async (playerId) => (await sql.all(SQL.devices, [playerId])).map(deviceRecord),
    addDevice,
    deviceExists: async (deviceId) => (await sql.get(SQL.deviceExists, [deviceId])) !== undefined,
    touchDevice: async (deviceId, at, olderThan) => void (await sql.run(SQL.touchDevice, [at, deviceId, olderThan])),
    removeDevice: async (playerId, deviceId) => (await sql.run(SQL.removeDevice, [playerId, deviceId])) > 0,
    removeOtherDevices: async (playerId, keep) => (await sql.all(SQL.removeOtherDevices, [playerId, keep])).map((r) => r.id as string),

    login: async (playerId) => {
      const row = await sql.get(SQL.login, [playerId]);
      return row ? loginRecord(row) : null;
    },
    loginByKey: async (nameKey) => {
      const row = await sql.get(SQL.loginByKey, [nameKey]);
      return row ? loginRecord(row) : null;
    },
    setLogin: async (l) => {
      try {
        await sql.run(SQL.setLogin, [l.playerId, l.name, l.nameKey, l.passwordHash, l.updatedAt]);
        return 'ok';
      } catch (err) {
        if (isUniqueViolation(err)) return 'taken';
        throw err;
      }
    },

    addLinkCode: async (code, now) => {
      await sql.run(SQL.dropLinkCodes, [code.playerId, now]);
      return (await sql.run(SQL.addLinkCode, [code.codeHash, code.playerId, code.expiresAt])) > 0;
    },
    redeemLinkCode: async (codeHash, now, device) => {
      const used = await sql.get(SQL.redeemLinkCode, [now, codeHash, now]);
      if (!used) return null;
      const playerId = used.player_id as string;
      await addDevice({ ...device, playerId });
      return playerId;
    },

    passkeys: async (playerId) => (await sql.all(SQL.passkeys, [playerId])).map(passkeyRecord),
    passkey: async (id) => {
      const row = await sql.get(SQL.passkey, [id]);
      return row ? passkeyRecord(row) : null;
    },
    addPasskey: async (p) => void (await sql.run(SQL.addPasskey, passkeyValues(p))),
    usePasskey: async (id, counter, at) => void (await sql.run(SQL.usePasskey, [counter, at, id])),
    removePasskey: async (playerId, id) => (await sql.run(SQL.removePasskey, [playerId, id])) > 0,
  };
}
