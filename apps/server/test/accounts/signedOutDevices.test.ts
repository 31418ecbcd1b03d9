import { EventEmitter } from 'node:events';
import { type Client, LocalPresence, type Presence } from '@colyseus/core';
import { RedisPresence } from '@colyseus/redis-presence';
import { CLOSE_CODES } from '@flightchess/protocol';
import { SignedOutDevices } from '../../src/accounts/signedOutDevices';
import { createLogger } from '../../src/logger';
import { waitFor } from '../support/players';
import { describeWithServices, serviceUrl } from '../support/services';

/** A table connection as the room has it: the device in its auth, a socket, and leave(). */
function connection(deviceId: string) {
  const ref = new EventEmitter();
  const closed: number[] = [];
  const client = { auth: { deviceId }, ref, leave: (code: number) => closed.push(code) } as unknown as Client;
  return { client, closed, drop: () => ref.emit('close') };
}

const stillThere = (signedOut: Set<string>) => ({ deviceExists: async (id: string) => !signedOut.has(id) });
const log = createLogger('silent');

describe('signed-out devices in one process', () => {
  test('a signed-out device\'s connections close with their code; others stay; a connection that ended is forgotten', async () => {
    const gone = new Set<string>();
    const devices = new SignedOutDevices(new LocalPresence(), stillThere(gone), log);
    await devices.start();
    const [phone, phoneAgain, desk, dropped] = [connection('phone'), connection('phone'), connection('desk'), connection('old')];
    for (const c of [phone, phoneAgain, desk, dropped]) devices.watch(c.client);
    dropped.drop();
    gone.add('phone').add('old');
    await devices.signedOut(['phone', 'old']);
    expect(phone.closed).toEqual([CLOSE_CODES.signedOut]);
    expect(phoneAgain.closed).toEqual([CLOSE_CODES.signedOut]);
    expect(desk.closed).toEqual([]);
    expect(dropped.closed).toEqual([]);
    devices.stop();
  });

  test('a connection of a device signed out just before it was watched (a join racing the sign-out, a reconnection by token) is closed', async () => {
    const devices = new SignedOutDevices(new LocalPresence(), stillThere(new Set(['late'])), log);
    const late = connection('late');
    devices.watch(late.client);
    await waitFor(() => late.closed.length > 0, 'the late connection to close');
    expect(late.closed).toEqual([CLOSE_CODES.signedOut]);
  });
});

describeWithServices('signed-out devices over Redis (two processes)', ['TEST_REDIS_URL'], () => {
  test('a sign-out on one process closes the device\'s table connection held by another', async () => {
    const presences: Presence[] = [new RedisPresence(serviceUrl('TEST_REDIS_URL')), new RedisPresence(serviceUrl('TEST_REDIS_URL'))];
    const gone = new Set<string>();
    const [a, b] = presences.map((p) => new SignedOutDevices(p, stillThere(gone), log));
    try {
      await a!.start();
      await b!.start();
      const device = `phone-${Date.now()}`;
      const onB = connection(device);
      b!.watch(onB.client);
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
