import type {
  AccountInfo,
  DeviceInfo,
  LinkCode,
  LoginSet,
  PasskeyChallenge,
  PasskeyInfo,
  PlayerProfile,
  SignedIn,
  SignedOut,
} from '@flightchess/protocol';
import { type Credentials, type NetSession, ServerFailure } from '../online/netSession';

/** The WebAuthn client, loaded when a passkey is first used: most players never need it. */
const webAuthn = () => import('@simplewebauthn/browser');

/**
 * The accounts API (one player on every device) for the screens: every call made with this device's
 * own credentials. Signing in replaces them; a secret that stopped working signs this device out.
 */
export class Accounts {
  constructor(private readonly net: NetSession) {}

  private me(): Credentials {
    const creds = this.net.credentials();
    if (!creds) throw new ServerFailure('ERR_BAD_CREDENTIALS', 'this device plays as no one yet');
    return creds;
  }

  /** POST with this device's secret in the body; a refused secret signs this device out. */
  private async mine<T>(path: string, body: Record<string, unknown> = {}, method = 'POST'): Promise<T> {
    const me = this.me();
    try {
      return await this.net.api<T>(`/api/players/${encodeURIComponent(me.playerId)}${path}`, {
        method,
        body: JSON.stringify({ secret: me.secret, ...body }),
      });
    } catch (error) {
      if (error instanceof ServerFailure && error.code === 'ERR_BAD_CREDENTIALS') this.net.signedOut();
      throw error;
    }
  }

  private post<T>(path: string, body: unknown): Promise<T> {
    return this.net.api<T>(path, { method: 'POST', body: JSON.stringify(body) });
  }

  /** Take the player these credentials name: this device becomes theirs. */
  private adopt(signedIn: SignedIn): SignedIn {
    this.net.adopt(signedIn);
    return signedIn;
  }

  linkCode(): Promise<LinkCode> {
    return this.mine<LinkCode>('/link-codes');
  }

  async link(code: string): Promise<SignedIn> {
    return this.adopt(await this.post<SignedIn>('/api/link', { code }));
  }

  async signIn(name: string, password: string): Promise<SignedIn> {
    return this.adopt(await this.post<SignedIn>('/api/sign-in', { name, password }));
  }

  setLogin(name: string, password: string, currentPassword?: string): Promise<LoginSet> {
    return this.mine<LoginSet>('/login', { name, password, ...(currentPassword ? { currentPassword } : {}) }, 'PUT');
  }

  account(): Promise<AccountInfo> {
    return this.mine<AccountInfo>('/account');
  }

  devices(): Promise<DeviceInfo[]> {
    return this.mine<DeviceInfo[]>('/devices');
  }

  async signOut(deviceId: string, current: boolean): Promise<SignedOut> {
    const out = await this.mine<SignedOut>(`/devices/${encodeURIComponent(deviceId)}/sign-out`);
    if (current) this.net.signedOut();
    return out;
  }

  signOutOthers(): Promise<SignedOut> {
    return this.mine<SignedOut>('/sign-out-others');
  }

  /** The player's own profile (POST /api/players/:id/profile): their games in progress and at private tables too. */
  profile(): Promise<PlayerProfile> {
    return this.mine<PlayerProfile>('/profile');
  }

  /** The player this device plays as now, to warn before it becomes another's (null: no one yet, or unknown to the server). */
  async currentPlayer(): Promise<PlayerProfile | null> {
    if (!this.net.credentials()) return null;
    return this.profile().catch(() => null);
  }

  /** Passkeys need a secure context (https, or http://localhost) with WebAuthn, and a site opened by its name (not an address). */
  passkeysAvailable(): boolean {
    return window.isSecureContext && typeof window.PublicKeyCredential === 'function' && !/^[\d.]+$|^\[/.test(window.location.hostname);
  }

  async addPasskey(): Promise<PasskeyInfo> {
    const challenge = await this.mine<PasskeyChallenge>('/passkeys/options');
    const { startRegistration } = await webAuthn();
    const response = await startRegistration({ optionsJSON: challenge.options as never });
    return this.mine<PasskeyInfo>('/passkeys', { ticket: challenge.ticket, response });
  }

  removePasskey(id: string): Promise<unknown> {
    return this.mine(`/passkeys/${encodeURIComponent(id)}/remove`);
  }

  async signInWithPasskey(): Promise<SignedIn> {
    const challenge = await this.post<PasskeyChallenge>('/api/passkeys/sign-in/options', {});
    const { startAuthentication } = await webAuthn();
    const response = await startAuthentication({ optionsJSON: challenge.options as never });
    return this.adopt(await this.post<SignedIn>('/api/passkeys/sign-in', { ticket: challenge.ticket, response }));
  }
}
