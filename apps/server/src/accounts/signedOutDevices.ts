import type { Client, Presence } from '@colyseus/core';
import { CLOSE_CODES, codedText } from '@flightchess/protocol';
import type { Logger } from 'pino';
import type { AccountStorage } from './AccountStorage';

/** Every process of a deployment hears of every sign-out here (Redis pub/sub; in-process with one process). */
const SIGNED_OUT_TOPIC = 'flightchess:signed-out';

const SIGNED_OUT_REASON = codedText('ERR_SIGNED_OUT', 'this device was signed out; start again as a guest');

const deviceOf = (client: Client): string | null => {
  const deviceId = (client.auth as { deviceId?: unknown } | undefined)?.deviceId;
  return typeof deviceId === 'string' ? deviceId : null;
};

/**
 * Table connections by the device that opened them, so that a device signed out (on any process of the
 * deployment) loses its table connection at once: closed with CLOSE_CODES.signedOut, and nothing it sent
 * runs after that. The seat stays the player's, held for the player's other devices to take (not for
 * this connection's token).
 */
export class SignedOutDevices {
  /** The open table connections of each device, with what revokes each at its table. */
  private readonly open = new Map<string, Map<Client, () => void>>();
  private readonly heard = (deviceIds: unknown) =>
    this.closeLocal(Array.isArray(deviceIds) ? deviceIds.filter((d): d is string => typeof d === 'string') : []);

  constructor(
    private readonly presence: Presence,
    private readonly accounts: Pick<AccountStorage, 'deviceExists'>,
    private readonly log: Logger,
  ) {}

  /** Listen to the sign-outs of every process (call once, before serving). */
  async start(): Promise<void> {
    await this.presence.subscribe(SIGNED_OUT_TOPIC, this.heard);
  }

  stop(): void {
    this.presence.unsubscribe(SIGNED_OUT_TOPIC, this.heard);
  }

  /**
   * A table connection of a signed-in device (its `auth` is the player verifyGuest gave, with its
   * deviceId), from when it joins: when the device is signed out (on any process), `revoke` is called —
   * at once, so that the table drops whatever the connection still sends — and the connection is closed.
   * (A connection coming back with its token asks for no secret: the table checks it first, signedIn.)
   */
  watch(client: Client, revoke: () => void): void {
    const deviceId = deviceOf(client);
    if (deviceId === null) return;
    let clients = this.open.get(deviceId);
    if (!clients) this.open.set(deviceId, (clients = new Map()));
    clients.set(client, revoke);
    const ws = client.ref;
    ws.once('close', () => {
      clients.delete(client);
      if (clients.size === 0 && this.open.get(deviceId) === clients) this.open.delete(deviceId);
    });
  }

  /** Whether the client's device is still signed in (a connection without a device is). A failed check counts as no: it is asked again on the next try. */
  async signedIn(client: Client): Promise<boolean> {
    const deviceId = deviceOf(client);
    if (deviceId === null) return true;
    try {
      return await this.accounts.deviceExists(deviceId);
    } catch (err) {
      this.log.error({ event: 'device-check-failed', err }, 'could not check a device is still signed in');
      return false;
    }
  }

  /** Close a connection of a device signed out, saying so. */
  close(client: Client): void {
    client.leave(CLOSE_CODES.signedOut, SIGNED_OUT_REASON);
  }

  /** Devices just signed out (their rows are gone): every process closes their table connections. */
  async signedOut(deviceIds: readonly string[]): Promise<void> {
    if (deviceIds.length > 0) await this.presence.publish(SIGNED_OUT_TOPIC, deviceIds);
  }

  private closeLocal(deviceIds: readonly string[]): void {
    for (const deviceId of deviceIds) {
      const clients = this.open.get(deviceId);
      if (!clients) continue;
      this.log.info({ event: 'device-signed-out', deviceId, connections: clients.size }, 'signed-out device: its table connections closed');
      for (const [client, revoke] of clients) {
        revoke();
        this.close(client);
      }
    }
  }
}
