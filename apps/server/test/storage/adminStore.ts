import { createGuest } from '../../src/players';
import { type StorageHarness, freshDatabase } from './contract';

/** What the operator's console keeps (issue 21), for every Storage: bans, the notice, the audit. */
export function adminStoreContract(openHarness: () => Promise<StorageHarness>): void {
  let h: StorageHarness;
  const open = freshDatabase(openHarness, (harness) => (h = harness));

  test('bans: kept across a restart, newest first with the guest\'s name; banning again replaces the reason; lifting says whether there was one', async () => {
    const storage = await open();
    const ann = await createGuest(storage, 'Ann');
    const bob = await createGuest(storage, 'Bob');
    expect(await storage.isBanned(ann.playerId)).toBe(false);
    await storage.banPlayer({ playerId: ann.playerId, reason: 'spam', at: 10 });
    await storage.banPlayer({ playerId: bob.playerId, reason: '', at: 20 });
    await storage.banPlayer({ playerId: ann.playerId, reason: 'abuse', at: 30 });
    await storage.banPlayer({ playerId: 'gone', reason: 'old', at: 5 });
    await storage.close();

    const reopened = await open();
    expect(await reopened.isBanned(ann.playerId)).toBe(true);
    expect(await reopened.bans()).toEqual([
      { playerId: ann.playerId, nickname: 'Ann', reason: 'abuse', at: 30 },
      { playerId: bob.playerId, nickname: 'Bob', reason: '', at: 20 },
      { playerId: 'gone', nickname: null, reason: 'old', at: 5 },
    ]);
    expect(await reopened.liftBan(ann.playerId)).toBe(true);
    expect(await reopened.liftBan(ann.playerId)).toBe(false);
    expect(await reopened.isBanned(ann.playerId)).toBe(false);
    expect((await reopened.bans()).map((b) => b.playerId)).toEqual([bob.playerId, 'gone']);
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
