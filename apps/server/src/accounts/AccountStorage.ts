/**
 * What the accounts module keeps (migration 3): each device's own secret, a login name and password,
 * passkeys, one-time link codes. Implemented over either database by accountRepository.ts,
 * and reached as `storage.accounts`. Secrets, passwords and link codes are stored only as hashes.
 */
export interface AccountStorage {
  /** Every device signed in as the player, oldest first. */
  devices(playerId: string): Promise<DeviceRecord[]>;
  addDevice(device: DeviceRecord): Promise<void>;
  /** Whether the device is still signed in (a table connection checks this when it comes in or back). */
  deviceExists(deviceId: string): Promise<boolean>;
  /** The device was seen at `at` (written only when the stored time is older than `olderThan`). */
  touchDevice(deviceId: string, at: number, olderThan: number): Promise<void>;
  /** Sign one device out; false when the player has no such device. */
  removeDevice(playerId: string, deviceId: string): Promise<boolean>;
  /** Sign out every device of the player but `keep`; returns the ids signed out. */
  removeOtherDevices(playerId: string, keep: string): Promise<string[]>;

  login(playerId: string): Promise<LoginRecord | null>;
  loginByKey(nameKey: string): Promise<LoginRecord | null>;
  /** Claim or change the player's login; 'taken' when another player has the name (compared by key). */
  setLogin(login: LoginRecord): Promise<'ok' | 'taken'>;

  /**
   * A new link code for the player: it replaces the player's earlier ones, and expired codes of anyone
   * are dropped. False when the hash is taken (draw another code).
   */
  addLinkCode(code: LinkCodeRecord, now: number): Promise<boolean>;
  /** Use a code once: while it is unused and unexpired, mark it used and add `device` for its player, at once. Null otherwise. */
  redeemLinkCode(codeHash: string, now: number, device: Omit<DeviceRecord, 'playerId'>): Promise<string | null>;

  passkeys(playerId: string): Promise<PasskeyRecord[]>;
  passkey(id: string): Promise<PasskeyRecord | null>;
  addPasskey(passkey: PasskeyRecord): Promise<void>;
  /** A sign-in with the passkey: its new signature counter and the time. */
  usePasskey(id: string, counter: number, at: number): Promise<void>;
  removePasskey(playerId: string, id: string): Promise<boolean>;
}

export interface DeviceRecord {
  readonly id: string;
  readonly playerId: string;
  /** SHA-256 hex of the device's secret. */
  readonly secretHash: string;
  readonly name: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
}

export interface LoginRecord {
  readonly playerId: string;
  /** As the player typed it (NFKC). */
  readonly name: string;
  /** What names are compared by: NFKC, lower case. Unique. */
  readonly nameKey: string;
  /** `scrypt$N$r$p$salt$hash` (passwords.ts). */
  readonly passwordHash: string;
  readonly updatedAt: number;
}

export interface LinkCodeRecord {
  /** SHA-256 hex of the code. */
  readonly codeHash: string;
  readonly playerId: string;
  readonly expiresAt: number;
}

export interface PasskeyRecord {
  /** The WebAuthn credential id, base64url. */
  readonly id: string;
  readonly playerId: string;
  /** COSE public key, base64url. */
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: readonly string[];
  /** The relying party (the site's host name) it was made for. */
  readonly rpId: string;
  readonly name: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}
