import type { Presence } from '@colyseus/core';
import type { PasskeyChallenge } from '@flightchess/protocol';
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { randomId } from '../core/ids';
import type { AccountStorage, PasskeyRecord } from './AccountStorage';

/** The site as the browser sees it: the relying party is its host name, the origin its address. */
export interface RelyingParty {
  readonly id: string;
  readonly origins: readonly string[];
}

/** A ceremony's challenge is answered within this long, once. */
const TICKET_MS = 300_000;
const TICKETS = 'flightchess:passkey-tickets';
/** Beyond this many tickets waiting, the expired ones (ceremonies abandoned) are dropped. */
const SWEEP_AT = 200;

interface Ticket {
  readonly challenge: string;
  readonly rpId: string;
  /** The player adding a passkey; null for a sign-in (any player's passkey may answer). */
  readonly playerId: string | null;
  readonly expiresAt: number;
}

/**
 * The relying party of a request from its Host header (the proxy passes it on). A forged Host only
 * fails the caller's own ceremony: the browser signs its real origin and RP ID, both checked, and a
 * passkey answers only for the RP ID it was made for.
 */
export function relyingPartyOf(host: string | undefined): RelyingParty | null {
  const match = /^([A-Za-z0-9.-]+)(:\d+)?$/.exec(host ?? '');
  if (!match || /^[\d.]+$/.test(match[1]!)) return null; // WebAuthn needs a domain, not an address
  return { id: match[1]!.toLowerCase(), origins: [`http://${host}`, `https://${host}`] };
}

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): add one to a signed-in player, sign in with one. The
 * challenges wait in the presence (shared by every process) under a ticket, taken once.
 */
export class Passkeys {
  constructor(
    private readonly presence: Presence,
    private readonly accounts: AccountStorage,
    private readonly siteName: string,
  ) {}

  async registrationOptions(player: { id: string; nickname: string }, rp: RelyingParty): Promise<PasskeyChallenge> {
    const existing = await this.accounts.passkeys(player.id);
    const options = await generateRegistrationOptions({
      rpName: this.siteName,
      rpID: rp.id,
      userName: player.nickname,
      userID: new TextEncoder().encode(player.id),
      userDisplayName: player.nickname,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: [...p.transports] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    return {
      ticket: await this.issue({ challenge: options.challenge, rpId: rp.id, playerId: player.id, expiresAt: Date.now() + TICKET_MS }),
      options: options as unknown as Record<string, unknown>,
    };
  }

  /** The browser's answer to registrationOptions: the new passkey, or null when it does not verify. */
  async register(playerId: string, ticketId: string, response: unknown, rp: RelyingParty, name: string): Promise<PasskeyRecord | null> {
    const ticket = await this.take(ticketId);
    if (!ticket || ticket.playerId !== playerId || ticket.rpId !== rp.id) return null;
    const verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: ticket.challenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.id,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) return null;
    const { credential } = verified.registrationInfo;
    const passkey: PasskeyRecord = {
      id: credential.id,
      playerId,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      rpId: rp.id,
      name,
      createdAt: Date.now(),
      lastUsedAt: null,
    };
    await this.accounts.addPasskey(passkey);
    return passkey;
  }

  async signInOptions(rp: RelyingParty): Promise<PasskeyChallenge> {
    const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' });
    return {
      ticket: await this.issue({ challenge: options.challenge, rpId: rp.id, playerId: null, expiresAt: Date.now() + TICKET_MS }),
      options: options as unknown as Record<string, unknown>,
    };
  }

  /** The browser's answer to signInOptions: the passkey's player, or null when it does not verify. */
  async signIn(ticketId: string, response: unknown, rp: RelyingParty): Promise<string | null> {
    const ticket = await this.take(ticketId);
    const answer = response as AuthenticationResponseJSON | null;
    if (!ticket || ticket.playerId !== null || ticket.rpId !== rp.id || typeof answer?.id !== 'string') return null;
    const passkey = await this.accounts.passkey(answer.id);
    if (!passkey || passkey.rpId !== rp.id) return null;
    const verified = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: ticket.challenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: [...passkey.transports] as never,
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) return null;
    await this.accounts.usePasskey(passkey.id, verified.authenticationInfo.newCounter, Date.now());
    return passkey.playerId;
  }

  private async issue(ticket: Ticket): Promise<string> {
    if ((await this.presence.hlen(TICKETS)) > SWEEP_AT) {
      const now = Date.now();
      for (const [id, stored] of Object.entries(await this.presence.hgetall(TICKETS))) {
        if ((JSON.parse(stored) as Ticket).expiresAt < now) await this.presence.hdel(TICKETS, id);
      }
    }
    const id = randomId(18);
    await this.presence.hset(TICKETS, id, JSON.stringify(ticket));
    return id;
  }

  /** A ticket once: whoever deletes it has it (one HDEL), so a replayed answer finds it gone. */
  private async take(id: unknown): Promise<Ticket | null> {
    if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id)) return null;
    const stored = await this.presence.hget(TICKETS, id);
    if (!stored || !(await this.presence.hdel(TICKETS, id))) return null;
    const ticket = JSON.parse(stored) as Ticket;
    return ticket.expiresAt >= Date.now() ? ticket : null;
  }
}
