import { EventEmitter } from 'node:events';
import { type Client, LocalPresence, type Presence } from '@colyseus/core';
import { RedisPresence } from '@colyseus/redis-presence';
import { CLOSE_CODES } from '@flightchess/protocol';
import { SignedOutDevices } from '../../../src/accounts/signedOutDevices';
import { createLogger } from '../../../src/logger';
import { waitFor } from '../../support/players';
import { describeWithServices, serviceUrl } from '../../support/services';

/** A table connection as the room has it: the device in its auth, a socket, and leave(). */
function connection(deviceId: string | null) {
  const ref = new EventEmitter();
  /** What happened to it, in order: revoked at its table, closed with a code. */
  const events: string[] = [];
  const client = {
    auth: deviceId === null ? {} : { deviceId },
    ref,
    leave: (code: number) => events.push(`closed ${code}`),
  } as unknown as Client;
  const revoke = () => void events.push('revoked');
  return {
    client,
    revoke,
    events,
    get closed() {
      return events.filter((e) => e.startsWith('closed')).map((e) => Number(e.split(' ')[1]));
    },
    drop: () => ref.emit('close'),
  };
}

const stillThere = (signedOut: Set<string>) => ({ deviceExists: async (id: string) => !signedOut.has(id) });
const log = createLogger('silent');

describe('signed-out devices in one process', () => {
  test("a signed-out device's connections close with their code; others stay; a connection that ended is forgotten", async () => {
    const gone = new Set<string>();
    const devices = new SignedOutDevices(new LocalPresence(), stillThere(gone), log);
    await devices.start();
    const [phone, phoneAgain, desk, dropped] = [connection('phone'), connection('phone'), connection('desk'), connection('old')];
    for (const c of [phone, phoneAgain, desk, dropped]) devices.watch(c.client, c.revoke);
    dropped.drop();
    gone.add('phone').add('old');
    await devices.signedOut(['phone', 'old']);
    // Revoked at its table first (nothing it sent runs any more), then closed.
    expect(phone.events).toEqual(['revoked', `closed ${CLOSE_CODES.signedOut}`]);
    expect(phoneAgain.closed).toEqual([CLOSE_CODES.signedOut]);
    expect(desk.closed).toEqual([]);
    expect(dropped.closed).toEqual([]);
    devices.stop();
  });

  test("whether a connection's device is still signed in (asked before a join or a reconnection by token is let in): a failed check counts as no", async () => {
    const devices = new SignedOutDevices(new LocalPresence(), stillThere(new Set(['late'])), log);
    expect(await devices.signedIn(connection('late').client)).toBe(false);
    expect(await devices.signedIn(connection('desk').client)).toBe(true);
    expect(await devices.signedIn(connection(null).client)).toBe(true);
    const broken = new SignedOutDevices(
      new LocalPresence(),
      { deviceExists: () => Promise.reject(new Error('database unavailable')) },
      log,
    );
    expect(await broken.signedIn(connection('desk').client)).toBe(false);
  });
});

describeWithServices('signed-out devices over Redis (two processes)', ['TEST_REDIS_URL'], () => {
  test("a sign-out on one process closes the device's table connection held by another", async () => {
    const presences: Presence[] = [new RedisPresence(serviceUrl('TEST_REDIS_URL')), new RedisPresence(serviceUrl('TEST_REDIS_URL'))];
    const gone = new Set<string>();
    const [a, b] = presences.map((p) => new SignedOutDevices(p, stillThere(gone), log));
    try {
      await a!.start();
      await b!.start();
      const device = `phone-${Date.now()}`;
      const onB = connection(device);
      b!.watch(onB.client, onB.revoke);
      gone.add(device);
      await a!.signedOut([device]);
      await waitFor(() => onB.closed.length > 0, 'the connection on the other process to close', 5_000);
      expect(onB.closed).toEqual([CLOSE_CODES.signedOut]);
    } finally {
      a!.stop();
      b!.stop();
      for (const p of presences) p.shutdown();
    }
  });
});
