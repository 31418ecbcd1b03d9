import { PUSH_DEVICES_KEPT } from '@flightchess/protocol';
import { createGuest } from '../../src/accounts/guests';
import { type StorageHarness, freshDatabase } from './contract';

const device = (n: number, kinds: ('friend-request' | 'invitation')[] = ['friend-request']) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${n}`,
  keys: { p256dh: `p${n}`, auth: `a${n}` },
  kinds,
  lang: 'en',
});

/** Web Push's storage, for every Storage: the keys made once, devices per player (capped), sleep windows, held notices taken once. */
export function pushContract(openHarness: () => Promise<StorageHarness>): void {
  const open = freshDatabase(openHarness, () => undefined);

  test('the first keys made are kept across a restart, whoever makes them next', async () => {
    const storage = await open();
    const first = await storage.push.keys(() => ({ publicKey: 'pub1', privateKey: 'priv1' }), 1);
    expect(await storage.push.keys(() => ({ publicKey: 'pub2', privateKey: 'priv2' }), 2)).toEqual(first);
    await storage.close();
    const reopened = await open();
    expect(await reopened.push.keys(() => ({ publicKey: 'pub3', privateKey: 'priv3' }), 3)).toEqual({
      publicKey: 'pub1',
      privateKey: 'priv1',
    });
  });

  test('devices: one per endpoint (the latest player on that browser), the newest kept, each player its own', async () => {
    const storage = await open();
    const [ann, bob] = [await createGuest(storage, 'Ann'), await createGuest(storage, 'Bob')];
    const { push } = storage;
    const deviceOf = async (playerId: string) => (await storage.accounts.devices(playerId))[0]!.id;
    const [annsDevice, bobsDevice] = [await deviceOf(ann.playerId), await deviceOf(bob.playerId)];
    for (let n = 0; n < PUSH_DEVICES_KEPT + 2; n++) await push.subscribe(ann.playerId, annsDevice, device(n), n);
    const anns = await push.devices(ann.playerId);
    expect(anns.map((d) => d.endpoint)).toEqual(Array.from({ length: PUSH_DEVICES_KEPT }, (_, i) => device(i + 2).endpoint));
    expect(anns[0]).toEqual(device(2));
    // The same browser, now Bob's (a sign-in elsewhere): it is his, with his kinds.
    await push.subscribe(bob.playerId, bobsDevice, device(5, ['invitation']), 100);
    expect(await push.devices(bob.playerId)).toEqual([device(5, ['invitation'])]);
    expect((await push.devices(ann.playerId)).map((d) => d.endpoint)).not.toContain(device(5).endpoint);
    expect(await push.unsubscribe(ann.playerId, device(5).endpoint)).toBe(false);
    expect(await push.unsubscribe(bob.playerId, device(5).endpoint)).toBe(true);
    await push.forget(device(6).endpoint);
    expect(await push.devices(ann.playerId)).toHaveLength(PUSH_DEVICES_KEPT - 2);
    // Her device signed out (its row removed): its subscriptions go with it.
    expect(await storage.accounts.removeDevice(ann.playerId, annsDevice)).toBe(true);
    expect(await push.devices(ann.playerId)).toEqual([]);
  });

  test('a sleep window set, replaced and cleared; held notices counted by kind and taken once', async () => {
    const storage = await open();
    const ann = await createGuest(storage, 'Ann');
    const { push } = storage;
    expect(await push.quiet(ann.playerId)).toBeNull();
    await push.setQuiet(ann.playerId, { from: 1320, to: 420, timeZone: 'Asia/Shanghai' });
    await push.setQuiet(ann.playerId, { from: 1380, to: 480, timeZone: 'Europe/Paris' });
    expect(await push.quiet(ann.playerId)).toEqual({ from: 1380, to: 480, timeZone: 'Europe/Paris' });
    await push.hold('h1', ann.playerId, 'friend-request', 1);
    await push.hold('h2', ann.playerId, 'friend-request', 2);
    await push.hold('h3', ann.playerId, 'invitation', 3);
    expect(await push.holding()).toEqual([ann.playerId]);
    expect(await push.takeHeld(ann.playerId)).toEqual({ 'friend-request': 2, invitation: 1 });
    expect(await push.takeHeld(ann.playerId)).toEqual({});
    expect(await push.holding()).toEqual([]);
    await push.setQuiet(ann.playerId, null);
    expect(await push.quiet(ann.playerId)).toBeNull();
  });
}
