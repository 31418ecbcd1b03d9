import type { Client } from '@colyseus/core';
import type { SignedOutDevices } from './signedOutDevices';

/**
 * One table's connections as accounts see them ("signed out means out"): a connection whose
 * device is signed out is revoked — nothing it sends runs any more, and it is not held for its token —
 * and one that comes back with its token (which asks for no secret) is checked before anything it sends
 * runs, then watched again. Seats and watchers meet the same checks.
 */
export class TableDevices {
  private readonly revoked = new Set<string>();

  constructor(private readonly devices: Pick<SignedOutDevices, 'watch' | 'signedIn' | 'close'>) {}

  /** Whether the connection's device is still signed in (it may have been signed out since its seat was asked for). */
  signedIn(client: Client): Promise<boolean> {
    return this.devices.signedIn(client);
  }

  /** A connection that joined: revoked, and closed, as soon as its device is signed out on any process. */
  watch(client: Client): void {
    this.devices.watch(client, () => this.revoked.add(client.sessionId));
  }

  /** Back with its token: watched again while its device is signed in (true); else revoked and closed (false). */
  async back(client: Client): Promise<boolean> {
    if (!(await this.devices.signedIn(client))) {
      this.signOut(client);
      return false;
    }
    this.watch(client);
    return true;
  }

  /** Whether anything the connection sends still counts. */
  counts(sessionId: string): boolean {
    return !this.revoked.has(sessionId);
  }

  /** The connection closed: whether it was for a sign-out (then it is not held). */
  closed(sessionId: string): boolean {
    return this.revoked.delete(sessionId);
  }

  private signOut(client: Client): void {
    this.revoked.add(client.sessionId);
    this.devices.close(client);
  }
}
