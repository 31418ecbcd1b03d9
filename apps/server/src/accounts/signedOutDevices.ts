import type { Client, Presence } from '@colyseus/core';
import { CLOSE_CODES } from '@flightchess/protocol';
import type { Logger } from 'pino';
import type { AccountStorage } from './AccountStorage';

/** Every process of a deployment hears of every sign-out here (Redis pub/sub; in-process with one process). */
const SIGNED_OUT_TOPIC = 'flightchess:signed-out';

const SIGNED_OUT_REASON = 'ERR_SIGNED_OUT: this device was signed out; start again as a guest';

/**
 * Table connections by the device that opened them, so that a device signed out (on any process of the
 * deployment) loses its table connection at once: closed with CLOSE_CODES.signedOut. The seat stays
 * the player's, held as for any drop, for the player's other devices to take.
 */
export class SignedOutDevices {
  private readonly open = new Map<string, Set<Client>>();
  private readonly heard = (deviceIds: unknown) => this.closeLocal(Array.isArray(deviceIds) ? deviceIds.filter((d): d is string => typeof d === 'string') : []);

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
   * deviceId): when it joins, and again when it reconnects with its token (which does not ask for the
   * secret). A device signed out meanwhile is closed at once.
   */
  watch(client: Client): void {
    const deviceId = (client.auth as { deviceId?: unknown } | undefined)?.deviceId;
    if (typeof deviceId !== 'string') return;
    let clients = this.open.get(deviceId);
    if (!clients) this.open.set(deviceId, (clients = new Set()));
    clients.add(client);
    const ws = client.ref;
    ws.once('close', () => {
      clients.delete(client);
      if (clients.size === 0 && this.open.get(deviceId) === clients) this.open.delete(deviceId);
    });
    void this.accounts.deviceExists(deviceId).then(
      (exists) => exists || this.closeLocal([deviceId]),
      (err: unknown) => this.log.error({ event: 'device-check-failed', err }, 'could not check a device is still signed in'),
    );
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
      for (const client of clients) client.leave(CLOSE_CODES.signedOut, SIGNED_OUT_REASON);
    }
  }
}
