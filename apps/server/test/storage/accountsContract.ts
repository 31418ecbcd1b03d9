import { createGuest, verifyGuest } from '../../src/accounts/guests';
import type { DeviceRecord, PasskeyRecord } from '../../src/accounts/AccountStorage';
import type { Storage } from '../../src/repositories';
import type { StorageHarness } from './contract';

const device = (id: string, playerId: string, at = 100): DeviceRecord => ({
  id,
  playerId,
  secretHash: id.padEnd(64, '0'),
  name: `Browser ${id}`,
  createdAt: at,
  lastSeenAt: at,
});

const passkey = (id: string, playerId: string): PasskeyRecord => ({
  id,
  playerId,
  publicKey: 'pQECAyYgASFYIA',
  counter: 0,
  transports: ['internal', 'hybrid'],
  rpId: 'localhost',
  name: 'Chrome · Linux',
  createdAt: 10,
  lastUsedAt: null,
});

/** The accounts' part of the Storage contract: devices, logins, link codes, passkeys, and what they keep from the idle-guest cleanup. */
export function accountsContract(harness: () => StorageHarness, open: () => Promise<Storage>): void {
  test('migration 3: a guest stored before it keeps its secret, now as its first device', async () => {
    const h = harness();
    await h.migrate(h.migrations.filter((m) => m.version < 3));
    const secretHash = 'ab'.repeat(32);
    await h.exec(`INSERT INTO players (id, nickname, secret_hash, created_at) VALUES ('old', 'Old', '${secretHash}', 5)`);
    const storage = await open();
    expect(await storage.accounts.devices('old')).toEqual([
      { id: 'old', playerId: 'old', secretHash, name: '', createdAt: 5, lastSeenAt: 5 },
    ]);
    expect(await storage.getPlayer('old')).toMatchObject({ id: 'old', nickname: 'Old', createdAt: 5 });
  });

  test('devices: each its own secret; listed oldest first, seen, signed out one by one or all but one, at once', async () => {
    const storage = await open();
    const ann = await createGuest(storage, 'Ann', 'Firefox · Linux');
    const [first] = await storage.accounts.devices(ann.playerId);
    expect(first).toMatchObject({ playerId: ann.playerId, name: 'Firefox · Linux' });
    await storage.accounts.addDevice(device('phone', ann.playerId, first!.createdAt + 1));
    await storage.accounts.addDevice(device('tablet', ann.playerId, first!.createdAt + 2));
    expect((await storage.accounts.devices(ann.playerId)).map((d) => d.id)).toEqual([first!.id, 'phone', 'tablet']);

    const t = first!.createdAt;
    await storage.accounts.touchDevice('phone', t + 500, t + 400);
    await storage.accounts.touchDevice('phone', t + 450, t + 300); // seen lately: not written again
    expect((await storage.accounts.devices(ann.playerId))[1]).toMatchObject({ id: 'phone', lastSeenAt: t + 500, createdAt: t + 1 });

    const bob = await createGuest(storage, 'Bob');
    expect(await storage.accounts.removeDevice(bob.playerId, 'phone')).toBe(false); // not Bob's
    expect(await storage.accounts.removeDevice(ann.playerId, 'phone')).toBe(true);
    expect(await storage.accounts.deviceExists('phone')).toBe(false);
    expect(await storage.accounts.deviceExists('tablet')).toBe(true);
    expect(await storage.accounts.removeOtherDevices(ann.playerId, 'tablet')).toEqual([first!.id]);
    expect((await storage.accounts.devices(ann.playerId)).map((d) => d.id)).toEqual(['tablet']);
    expect(await verifyGuest(storage, ann.playerId, ann.secret)).toBeNull();
    expect(await verifyGuest(storage, bob.playerId, bob.secret)).toMatchObject({ id: bob.playerId });
  });

  test('logins: one per player, names unique by key, changed in place', async () => {
    const storage = await open();
    const [ann, bob] = [await createGuest(storage, 'Ann'), await createGuest(storage, 'Bob')];
    expect(await storage.accounts.login(ann.playerId)).toBeNull();
    const login = { playerId: ann.playerId, name: 'Ann.L', nameKey: 'ann.l', passwordHash: 'scrypt$1', updatedAt: 1 };
    expect(await storage.accounts.setLogin(login)).toBe('ok');
    expect(await storage.accounts.loginByKey('ann.l')).toEqual(login);
    expect(await storage.accounts.setLogin({ ...login, playerId: bob.playerId, name: 'ANN.L' })).toBe('taken');
    expect(await storage.accounts.login(bob.playerId)).toBeNull();
    const changed = { ...login, name: 'Anna', nameKey: 'anna', passwordHash: 'scrypt$2', updatedAt: 2 };
    expect(await storage.accounts.setLogin(changed)).toBe('ok');
    expect(await storage.accounts.login(ann.playerId)).toEqual(changed);
    expect(await storage.accounts.loginByKey('ann.l')).toBeNull();
    expect(await storage.accounts.setLogin({ ...login, playerId: bob.playerId })).toBe('ok'); // free again
  });

  test("link codes: used once, not after they expire; a new code replaces the player's earlier one", async () => {
    const storage = await open();
    const ann = await createGuest(storage, 'Ann');
    expect(await storage.accounts.addLinkCode({ codeHash: 'c1', playerId: ann.playerId, expiresAt: 1_000 }, 0)).toBe(true);
    expect(await storage.accounts.addLinkCode({ codeHash: 'c2', playerId: ann.playerId, expiresAt: 1_000 }, 0)).toBe(true);
    expect(await storage.accounts.redeemLinkCode('c1', 10, device('x', ''))).toBeNull(); // replaced by c2

    const redeems = await Promise.all([1, 2, 3].map((i) => storage.accounts.redeemLinkCode('c2', 10, device(`d${i}`, ''))));
    expect(redeems.filter((r) => r === ann.playerId)).toHaveLength(1);
    expect(redeems.filter((r) => r === null)).toHaveLength(2);
    expect(await storage.accounts.devices(ann.playerId)).toHaveLength(2);

    expect(await storage.accounts.addLinkCode({ codeHash: 'c3', playerId: ann.playerId, expiresAt: 1_000 }, 10)).toBe(true);
    expect(await storage.accounts.redeemLinkCode('c3', 1_000, device('late', ''))).toBeNull();
    expect(await storage.accounts.redeemLinkCode('nope', 10, device('y', ''))).toBeNull();
    expect(await storage.accounts.deviceExists('late')).toBe(false);

    // A hash already taken (another player's live code) is refused, so that a new code is drawn.
    const bob = await createGuest(storage, 'Bob');
    expect(await storage.accounts.addLinkCode({ codeHash: 'c4', playerId: ann.playerId, expiresAt: 5_000 }, 10)).toBe(true);
    expect(await storage.accounts.addLinkCode({ codeHash: 'c4', playerId: bob.playerId, expiresAt: 5_000 }, 10)).toBe(false);
    expect(await storage.accounts.redeemLinkCode('c4', 20, device('ann2', ''))).toBe(ann.playerId);
  });

  test('passkeys: stored with their key and relying party, counted on use, removed by their player only', async () => {
    const storage = await open();
    const [ann, bob] = [await createGuest(storage, 'Ann'), await createGuest(storage, 'Bob')];
    await storage.accounts.addPasskey(passkey('k1', ann.playerId));
    await expect(storage.accounts.addPasskey(passkey('k1', bob.playerId))).rejects.toHaveProperty(
      'message',
      expect.stringMatching(/unique|duplicate/i),
    );
    expect(await storage.accounts.passkey('k1')).toEqual(passkey('k1', ann.playerId));
    await storage.accounts.usePasskey('k1', 7, 99);
    expect(await storage.accounts.passkeys(ann.playerId)).toEqual([{ ...passkey('k1', ann.playerId), counter: 7, lastUsedAt: 99 }]);
    expect(await storage.accounts.removePasskey(bob.playerId, 'k1')).toBe(false);
    expect(await storage.accounts.removePasskey(ann.playerId, 'k1')).toBe(true);
    expect(await storage.accounts.passkey('k1')).toBeNull();
  });

  test('idle guests: one with a login, a passkey or a second device is kept; the deleted ones take their devices and codes along', async () => {
    const storage = await open();
    const make = async (id: string) => {
      await storage.createPlayer({ id, nickname: id, secretHash: 'x'.repeat(64), createdAt: 10 });
      return id;
    };
    const [idle, named, keyed, twice] = [await make('idle'), await make('named'), await make('keyed'), await make('twice')];
    await storage.accounts.addLinkCode({ codeHash: 'idle-code', playerId: idle, expiresAt: 1e15 }, 0);
    await storage.accounts.setLogin({ playerId: named, name: 'named', nameKey: 'named', passwordHash: 'h', updatedAt: 1 });
    await storage.accounts.addPasskey(passkey('k', keyed));
    await storage.accounts.addDevice(device('second', twice));
    expect(await storage.deleteIdleGuests(100)).toBe(1);
    expect(await storage.getPlayer(idle)).toBeNull();
    expect(await storage.accounts.devices(idle)).toEqual([]);
    expect(await storage.accounts.redeemLinkCode('idle-code', 20, device('z', ''))).toBeNull();
    for (const kept of [named, keyed, twice]) expect(await storage.getPlayer(kept)).not.toBeNull();
  });
}
