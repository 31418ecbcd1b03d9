import type { GuestCredentials } from './records';

/**
 * The accounts API (apps/server README: Accounts): one player on every device. Each device signed in
 * has its own secret; credentials travel in the body, as everywhere in the API.
 */

/** POST /api/link, POST /api/sign-in, POST /api/passkeys/sign-in: this device's own new secret for the player. */
export type SignedIn = GuestCredentials;

/** POST /api/players/:id/link-codes → 201: a one-time code for another device (8 characters, used once). */
export interface LinkCode {
  readonly code: string;
  /** `/?link=CODE`: the same code as a link (relative to the site). */
  readonly link: string;
  /** Epoch ms; the code is refused after this. */
  readonly expiresAt: number;
}

/** POST /api/players/:id/devices: each device signed in as the player. */
export interface DeviceInfo {
  readonly id: string;
  /** From the browser that signed in (e.g. "Chrome · Android"); empty when unknown. */
  readonly name: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
  /** The device asking. */
  readonly current: boolean;
}

/** POST /api/players/:id/devices/:deviceId/sign-out and …/sign-out-others: the devices signed out. */
export interface SignedOut {
  readonly signedOut: readonly string[];
}

/** A passkey of the player's (no key material). */
export interface PasskeyInfo {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

/** POST /api/players/:id/account: how the player can sign in (never public: the login name is half a credential). */
export interface AccountInfo {
  /** The login name as claimed, or null when none is set. */
  readonly login: string | null;
  readonly passkeys: readonly PasskeyInfo[];
}

/** PUT /api/players/:id/login → 200. */
export interface LoginSet {
  readonly login: string;
}

/**
 * The first step of a passkey ceremony: WebAuthn options for the browser (@simplewebauthn's JSON
 * shapes) and a ticket naming the challenge, sent back with the browser's answer.
 */
export interface PasskeyChallenge<Options = Record<string, unknown>> {
  readonly ticket: string;
  readonly options: Options;
}

/** Login names: 3–20 characters (after NFKC), letters, digits, `_ . -`; compared case-insensitively. */
export const LOGIN_NAME_LENGTH = { min: 3, max: 20 } as const;
/** Passwords: at least 8 characters; long passphrases are welcome (up to 256). */
export const PASSWORD_LENGTH = { min: 8, max: 256 } as const;
/** Link codes: this many characters of the join-code alphabet, valid this long. */
export const LINK_CODE_LENGTH = 8;
export const LINK_CODE_MINUTES = 10;

/** A nickname's most characters: the server refuses a longer one, and the name boxes stop there and say so. */
export const NICKNAME_MAX_LENGTH = 20;
