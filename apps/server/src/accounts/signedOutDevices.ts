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
  /** What ends each open connection of each device when the device is signed out. */
  private readonly open = new Map<string, Set<() => void>>();
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
    const forget = this.watchDevice(deviceId, () => {
      revoke();
      this.close(client);
    });
    client.ref.once('close', forget);
  }

  /** Any other connection of a device (a page's event stream): `end` is called when the device is signed out; the answer forgets it. */
  watchDevice(deviceId: string, end: () => void): () => void {
    let ends = this.open.get(deviceId);
    if (!ends) this.open.set(deviceId, (ends = new Set()));
    const mine = ends;
    mine.add(end);
    return () => {
      mine.delete(end);
      if (mine.size === 0 && this.open.get(deviceId) === mine) this.open.delete(deviceId);
    };
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
      const ends = this.open.get(deviceId);
      if (!ends) continue;
      this.log.info({ event: 'device-signed-out', deviceId, connections: ends.size }, 'signed-out device: its connections closed');
      for (const end of [...ends]) end();
    }
  }
}
