import type { Row } from '../storage/sql';
import type { DeviceRecord, LoginRecord, PasskeyRecord } from './AccountStorage';

/** Rows → account records (the same columns in both databases). */

export const deviceRecord = (r: Row): DeviceRecord => ({
  id: r.id as string,
  playerId: r.player_id as string,
  secretHash: r.secret_hash as string,
  name: r.name as string,
  createdAt: r.created_at as number,
  lastSeenAt: r.last_seen_at as number,
});

export const loginRecord = (r: Row): LoginRecord => ({
  playerId: r.player_id as string,
  name: r.name as string,
  nameKey: r.name_key as string,
  passwordHash: r.password_hash as string,
  updatedAt: r.updated_at as number,
});

export const passkeyRecord = (r: Row): PasskeyRecord => ({
  id: r.id as string,
  playerId: r.player_id as string,
  publicKey: r.public_key as string,
  counter: r.counter as number,
  transports: JSON.parse(r.transports as string) as string[],
  rpId: r.rp_id as string,
  name: r.name as string,
  createdAt: r.created_at as number,
  lastUsedAt: (r.last_used_at as number | null) ?? null,
});

/** The accounts' statements, for either database (sql.ts). */
export const ACCOUNT_SQL = {
  devices: 'SELECT * FROM devices WHERE player_id = ? ORDER BY created_at, id',
  addDevice: 'INSERT INTO devices (id, player_id, secret_hash, name, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)',
  deviceExists: 'SELECT 1 FROM devices WHERE id = ?',
  touchDevice: 'UPDATE devices SET last_seen_at = ? WHERE id = ? AND last_seen_at < ?',
  removeDevice: 'DELETE FROM devices WHERE player_id = ? AND id = ?',
  removeOtherDevices: 'DELETE FROM devices WHERE player_id = ? AND id <> ? RETURNING id',
  login: 'SELECT * FROM logins WHERE player_id = ?',
  loginByKey: 'SELECT * FROM logins WHERE name_key = ?',
  setLogin: `INSERT INTO logins (player_id, name, name_key, password_hash, updated_at) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (player_id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key,
               password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
  dropLinkCodes: 'DELETE FROM link_codes WHERE player_id = ? OR expires_at < ?',
  addLinkCode: 'INSERT INTO link_codes (code_hash, player_id, expires_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  redeemLinkCode: 'UPDATE link_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING player_id',
  passkeys: 'SELECT * FROM passkeys WHERE player_id = ? ORDER BY created_at, id',
  passkey: 'SELECT * FROM passkeys WHERE id = ?',
  addPasskey: `INSERT INTO passkeys (id, player_id, public_key, counter, transports, rp_id, name, created_at, last_used_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  usePasskey: 'UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?',
  removePasskey: 'DELETE FROM passkeys WHERE player_id = ? AND id = ?',
} as const;

/** Column values of a device and a passkey, in their INSERT order. */
export const deviceValues = (d: DeviceRecord) => [d.id, d.playerId, d.secretHash, d.name, d.createdAt, d.lastSeenAt] as const;
export const passkeyValues = (p: PasskeyRecord) =>
  [p.id, p.playerId, p.publicKey, p.counter, JSON.stringify(p.transports), p.rpId, p.name, p.createdAt, p.lastUsedAt] as const;

/** A unique-constraint failure, from either driver (matched by message: errors may come from another realm). */
export const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string }).code === '23505' || /unique/i.test((err as Error).message ?? '');
