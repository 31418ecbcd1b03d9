import { createGuest } from '../../src/accounts/guests';
import { type StorageHarness, freshDatabase } from './contract';

/** What the operator's console keeps, for every Storage: bans, the notice, the audit. */
export function adminStoreContract(openHarness: () => Promise<StorageHarness>): void {
  const open = freshDatabase(openHarness, () => undefined);

  test("bans: kept across a restart, newest first with the guest's name; banning again replaces the reason; lifting says whether there was one", async () => {
    const storage = await open();
    const ann = await createGuest(storage, 'Ann');
    const bob = await createGuest(storage, 'Bob');
    const none = { address: '', addressUntil: 0 };
    expect(await storage.isBanned(ann.playerId, '', 0)).toBe(false);
    await storage.banPlayer({ playerId: ann.playerId, reason: 'spam', at: 10, ...none });
    await storage.banPlayer({ playerId: bob.playerId, reason: '', at: 20, ...none });
    await storage.banPlayer({ playerId: ann.playerId, reason: 'abuse', at: 30, ...none });
    await storage.banPlayer({ playerId: 'gone', reason: 'old', at: 5, ...none });
    await storage.close();

    const reopened = await open();
    expect(await reopened.isBanned(ann.playerId, '', 0)).toBe(true);
    const unaddressed = { address: null, addressUntil: null };
    expect(await reopened.bans()).toEqual([
      { playerId: ann.playerId, nickname: 'Ann', reason: 'abuse', at: 30, ...unaddressed },
      { playerId: bob.playerId, nickname: 'Bob', reason: '', at: 20, ...unaddressed },
      { playerId: 'gone', nickname: null, reason: 'old', at: 5, ...unaddressed },
    ]);
    expect(await reopened.liftBan(ann.playerId)).toBe(true);
    expect(await reopened.liftBan(ann.playerId)).toBe(false);
    expect(await reopened.isBanned(ann.playerId, '', 0)).toBe(false);
    expect((await reopened.bans()).map((b) => b.playerId)).toEqual([bob.playerId, 'gone']);
  });

  test('an address banned with its player: anyone there is banned until it runs out; lifted alone or with the ban; where a player was seen last', async () => {
    const storage = await open();
    const ann = await createGuest(storage, 'Ann');
    const cat = await createGuest(storage, 'Cat');
    expect(await storage.lastAddress(ann.playerId)).toBe('');
    await storage.sawPlayer(ann.playerId, '10.1.1.1');
    await storage.sawPlayer(ann.playerId, '2001:db8::7');
    expect(await storage.lastAddress(ann.playerId)).toBe('2001:db8::7');
    expect(await storage.lastAddress('nobody')).toBe('');
    await storage.banPlayer({ playerId: ann.playerId, reason: 'abuse', at: 100, address: '2001:db8::7', addressUntil: 1_000 });
    expect(await storage.isBanned(cat.playerId, '2001:db8::7', 999)).toBe(true);
    expect(await storage.isBanned('', '2001:db8::7', 999)).toBe(true);
    expect(await storage.isBanned(cat.playerId, '2001:db8::7', 1_000)).toBe(false); // run out
    expect(await storage.isBanned(cat.playerId, '10.1.1.1', 999)).toBe(false);
    expect(await storage.isBanned(cat.playerId, '', 999)).toBe(false);
    expect(await storage.bans()).toEqual([
      { playerId: ann.playerId, nickname: 'Ann', reason: 'abuse', at: 100, address: '2001:db8::7', addressUntil: 1_000 },
    ]);
    expect(await storage.liftAddressBan(ann.playerId)).toBe(true);
    expect(await storage.liftAddressBan(ann.playerId)).toBe(false);
    expect(await storage.isBanned(cat.playerId, '2001:db8::7', 999)).toBe(false);
    expect(await storage.isBanned(ann.playerId, '', 999)).toBe(true);
    await storage.banPlayer({ playerId: ann.playerId, reason: 'again', at: 200, address: '10.1.1.1', addressUntil: 5_000 });
    expect(await storage.liftBan(ann.playerId)).toBe(true);
    expect(await storage.isBanned(cat.playerId, '10.1.1.1', 999)).toBe(false);
  });

  test('the notice: one at a time, replaced, kept across a restart, cleared', async () => {
    const storage = await open();
    expect(await storage.notice()).toBeNull();
    await storage.setNotice({ text: '维护：10 分钟后重启', at: 1 });
    await storage.setNotice({ text: 'Maintenance in 10 minutes', at: 2 });
    await storage.close();
    const reopened = await open();
    expect(await reopened.notice()).toEqual({ text: 'Maintenance in 10 minutes', at: 2 });
    await reopened.setNotice(null);
    expect(await reopened.notice()).toBeNull();
  });

  test('the audit: every entry with its time and address, newest first, up to the limit', async () => {
    const storage = await open();
    await storage.recordAdminAction({ at: 1, address: '10.0.0.1', action: 'ban', target: 'p1', detail: 'spam' });
    await storage.recordAdminAction({ at: 2, address: '10.0.0.2', action: 'set-notice', target: '', detail: 'Maintenance' });
    await storage.recordAdminAction({ at: 2, address: '::1', action: 'close-table', target: 'room1', detail: 'closed by the operator' });
    expect(await storage.adminActions(2)).toEqual([
      { at: 2, address: '::1', action: 'close-table', target: 'room1', detail: 'closed by the operator' },
      { at: 2, address: '10.0.0.2', action: 'set-notice', target: '', detail: 'Maintenance' },
    ]);
    expect(await storage.adminActions(10)).toHaveLength(3);
  });
}
