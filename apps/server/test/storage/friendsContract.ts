import { createGuest } from '../../src/accounts/guests';
import { type StorageHarness, freshDatabase } from './contract';

/** Friends' storage, for every Storage: friendships both ways, requests, codes, settings, last seen. */
export function friendsContract(openHarness: () => Promise<StorageHarness>): void {
  const open = freshDatabase(openHarness, () => undefined);

  test('a request, answered: friends both ways, kept across a restart; asked back, friends at once; parted, nothing between them', async () => {
    const storage = await open();
    const [ann, bob, cat] = [await createGuest(storage, 'Ann'), await createGuest(storage, 'Bob'), await createGuest(storage, 'Cat')];
    const { friends } = storage;
    expect(await friends.ask(ann.playerId, bob.playerId, 10)).toBe('requested');
    expect(await friends.ask(ann.playerId, bob.playerId, 20)).toBe('requested'); // again: the first stays
    expect(await friends.outgoing(ann.playerId)).toEqual([{ playerId: bob.playerId, nickname: 'Bob', at: 10 }]);
    expect(await friends.incoming(bob.playerId)).toEqual([{ playerId: ann.playerId, nickname: 'Ann', at: 10 }]);
    expect(await friends.accept(cat.playerId, ann.playerId, 30)).toBe(false);
    expect(await friends.accept(bob.playerId, ann.playerId, 30)).toBe(true);
    expect(await friends.ask(bob.playerId, ann.playerId, 40)).toBe('already');
    await storage.close();

    const reopened = await open();
    expect(await reopened.friends.friends(ann.playerId)).toEqual([
      { playerId: bob.playerId, nickname: 'Bob', since: 30, lastSeen: 0, alert: false },
    ]);
    expect(await reopened.friends.friends(bob.playerId)).toEqual([
      { playerId: ann.playerId, nickname: 'Ann', since: 30, lastSeen: 0, alert: false },
    ]);
    expect(await reopened.friends.counts(ann.playerId)).toEqual({ friends: 1, incoming: 0, outgoing: 0 });
    expect(await reopened.friends.areFriends(bob.playerId, ann.playerId)).toBe(true);

    expect(await reopened.friends.ask(cat.playerId, ann.playerId, 50)).toBe('requested');
    expect(await reopened.friends.ask(ann.playerId, cat.playerId, 60)).toBe('friends');
    expect(await reopened.friends.incoming(ann.playerId)).toEqual([]);
    expect((await reopened.friends.friends(ann.playerId)).map((f) => f.nickname)).toEqual(['Bob', 'Cat']);

    await reopened.friends.part(bob.playerId, ann.playerId);
    expect(await reopened.friends.areFriends(ann.playerId, bob.playerId)).toBe(false);
    expect(await reopened.friends.friends(bob.playerId)).toEqual([]);
    expect(await reopened.friends.ask(bob.playerId, cat.playerId, 70)).toBe('requested');
    expect(await reopened.friends.decline(cat.playerId, bob.playerId)).toBe(true);
    expect(await reopened.friends.decline(cat.playerId, bob.playerId)).toBe(false);
  });

  test('told when a friend starts playing: off until turned on, only between friends, gone with the friendship', async () => {
    const storage = await open();
    const [ann, bob, cat] = [await createGuest(storage, 'Ann'), await createGuest(storage, 'Bob'), await createGuest(storage, 'Cat')];
    const { friends } = storage;
    await friends.ask(ann.playerId, bob.playerId, 1);
    await friends.accept(bob.playerId, ann.playerId, 2);
    expect(await friends.alerted(bob.playerId)).toEqual([]);
    expect(await friends.setAlert(ann.playerId, bob.playerId, true)).toBe(true);
    expect(await friends.setAlert(ann.playerId, cat.playerId, true)).toBe(false); // not friends
    expect(await friends.alerted(bob.playerId)).toEqual([ann.playerId]);
    expect(await friends.alerted(ann.playerId)).toEqual([]); // one way
    expect((await friends.friends(ann.playerId))[0]!.alert).toBe(true);
    expect((await friends.friends(bob.playerId))[0]!.alert).toBe(false);
    await friends.setAlert(ann.playerId, bob.playerId, false);
    expect(await friends.alerted(bob.playerId)).toEqual([]);
    await friends.setAlert(ann.playerId, bob.playerId, true);
    await friends.part(bob.playerId, ann.playerId);
    await friends.ask(ann.playerId, bob.playerId, 3);
    await friends.accept(bob.playerId, ann.playerId, 4);
    expect(await friends.alerted(bob.playerId)).toEqual([]);
  });

  test('settings and friend codes: made on first read, unique, replaced; last seen kept', async () => {
    const storage = await open();
    const [ann, bob] = [await createGuest(storage, 'Ann'), await createGuest(storage, 'Bob')];
    const first = await storage.friends.settings(ann.playerId);
    expect(first).toEqual({ code: expect.stringMatching(/^[2-9A-Z]{8}$/), appearOffline: false, invitations: 'everyone' });
    expect(await storage.friends.settings(ann.playerId)).toEqual(first);
    expect(await storage.friends.byCode(first.code)).toBe(ann.playerId);
    expect((await storage.friends.settings(bob.playerId)).code).not.toBe(first.code);

    const changed = await storage.friends.changeSettings(ann.playerId, { appearOffline: true, invitations: 'friends' });
    expect(changed).toEqual({ ...first, appearOffline: true, invitations: 'friends' });
    const replaced = await storage.friends.replaceCode(ann.playerId);
    expect(replaced.code).not.toBe(first.code);
    expect(await storage.friends.byCode(first.code)).toBeNull();
    expect(await storage.friends.byCode(replaced.code)).toBe(ann.playerId);

    await storage.friends.ask(ann.playerId, bob.playerId, 1);
    await storage.friends.accept(bob.playerId, ann.playerId, 2);
    await storage.friends.seen(ann.playerId, 1234);
    expect(await storage.friends.friends(bob.playerId)).toEqual([
      { playerId: ann.playerId, nickname: 'Ann', since: 2, lastSeen: 1234, alert: false },
    ]);
  });

  test('an idle guest with a friend is kept; one without is cleaned up, with the requests they sent', async () => {
    const storage = await open();
    const [ann, bob, idle] = [await createGuest(storage, 'Ann'), await createGuest(storage, 'Bob'), await createGuest(storage, 'Idle')];
    await storage.friends.ask(ann.playerId, bob.playerId, 1);
    await storage.friends.accept(bob.playerId, ann.playerId, 2);
    await storage.friends.ask(idle.playerId, ann.playerId, 3);
    await storage.friends.settings(idle.playerId);
    expect(await storage.deleteIdleGuests(Date.now() + 1)).toBe(1);
    expect(await storage.friends.incoming(ann.playerId)).toEqual([]);
    expect((await storage.friends.friends(ann.playerId)).map((f) => f.playerId)).toEqual([bob.playerId]);
  });

  test('invitations: answered once while pending and in time; past their time or at a started table they expire, each once; what lets whom in', async () => {
    const storage = await open();
    const [ann, bob, cat] = [await createGuest(storage, 'Ann'), await createGuest(storage, 'Bob'), await createGuest(storage, 'Cat')];
    const table = { preset: 'classic', size: 4, teams: false, rated: false };
    const make = (id: string, to: string, roomId: string, at: number) =>
      storage.invitations.create({ id, fromId: ann.playerId, toId: to, roomId, table, at, expiresAt: at + 120_000 });
    expect(await make('i1', bob.playerId, 'room1', 1_000)).toMatchObject({
      id: 'i1',
      status: 'pending',
      from: { nickname: 'Ann' },
      to: { nickname: 'Bob' },
      table,
    });
    // Again to the same player for the same table: the new one replaces the old.
    await make('i2', bob.playerId, 'room1', 2_000);
    expect((await storage.invitations.get('i1'))!.status).toBe('expired');
    expect((await storage.invitations.incoming(bob.playerId, 3_000)).map((i) => i.id)).toEqual(['i2']);
    expect(await storage.invitations.admits('i2', bob.playerId, 'room1', 3_000)).toBe(true);
    expect(await storage.invitations.admits('i2', cat.playerId, 'room1', 3_000)).toBe(false);
    expect(await storage.invitations.admits('i2', bob.playerId, 'room2', 3_000)).toBe(false);
    expect(await storage.invitations.admits('i2', bob.playerId, 'room1', 122_000)).toBe(false); // past its time

    expect(await storage.invitations.answer('i2', cat.playerId, 'accepted', 3_000)).toBeNull(); // not hers
    expect(await storage.invitations.answer('i2', bob.playerId, 'accepted', 3_000)).toMatchObject({ status: 'accepted' });
    expect(await storage.invitations.answer('i2', bob.playerId, 'declined', 3_000)).toBeNull(); // answered
    expect(await storage.invitations.admits('i2', bob.playerId, 'room1', 999_999)).toBe(true); // accepted: a way back in

    await make('i3', cat.playerId, 'room1', 4_000);
    await make('i4', cat.playerId, 'room2', 5_000);
    expect(await storage.invitations.answer('i4', cat.playerId, 'accepted', 200_000)).toBeNull(); // too late
    expect((await storage.invitations.expireRoom('room1')).map((i) => i.id)).toEqual(['i3']);
    expect(await storage.invitations.expireRoom('room1')).toEqual([]);
    expect((await storage.invitations.expireDue(124_999)).map((i) => i.id)).toEqual([]);
    expect((await storage.invitations.expireDue(125_000)).map((i) => i.id)).toEqual(['i4']);
    expect(await storage.invitations.expireDue(999_999)).toEqual([]);
    expect((await storage.invitations.outgoing(ann.playerId, 1_500)).map((i) => [i.id, i.status])).toEqual([
      ['i4', 'expired'],
      ['i3', 'expired'],
      ['i2', 'accepted'],
    ]);
  });
}
