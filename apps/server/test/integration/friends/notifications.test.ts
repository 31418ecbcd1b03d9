import { type FriendsAnswer, NOTIFICATIONS_KEPT, type NotificationsAnswer } from '@flightchess/protocol';
import { PageEvents } from '../../support/pageEvents';
import { type Guest, create, credentials, newGuest, postJson, sleep, waitFor } from '../../support/players';
import { testServerPerFile } from '../../support/server';

const t = testServerPerFile();

const bellOf = (page: PageEvents) => {
  const last = page.events.filter((e) => e.type === 'notifications').at(-1);
  return last?.type === 'notifications' ? last.unread : null;
};
const list = async (g: Guest) => (await postJson<NotificationsAnswer>(t, '/api/notifications', credentials(g))).body;

describe('the bell: notices stored, the unread count pushed to every page, read from any device', () => {
  test('a friend request, its acceptance and an invitation each ring the bell at once; reading on one page clears it on the others', async () => {
    const [ann, bob] = [await newGuest(t, 'Ann'), await newGuest(t, 'Bob')];
    const [bobPhone, bobDesk, annPage] = [
      new PageEvents(t.baseUrl, credentials(bob)),
      new PageEvents(t.baseUrl, credentials(bob)),
      new PageEvents(t.baseUrl, credentials(ann)),
    ];
    try {
      await waitFor(() => bellOf(bobPhone) === 0 && bellOf(bobDesk) === 0 && bellOf(annPage) === 0, 'the bells at 0');
      await postJson(t, '/api/friends/requests', { ...credentials(ann), to: bob.playerId });
      await waitFor(() => bellOf(bobPhone) === 1 && bellOf(bobDesk) === 1, "Bob's bells at 1");
      await postJson(t, '/api/friends/requests/accept', { ...credentials(bob), from: ann.playerId });
      await waitFor(() => bellOf(annPage) === 1, "Ann's bell: accepted");
      const host = await create(t, ann, { size: 2, private: true });
      await postJson(t, '/api/invitations', { ...credentials(ann), to: bob.playerId, roomId: host.room.roomId });
      await waitFor(() => bellOf(bobDesk) === 2, 'the invitation rings');

      const bobs = await list(bob);
      expect(bobs.unread).toBe(2);
      expect(bobs.notifications.map((n) => [n.kind, n.from.nickname, n.read])).toEqual([
        ['invitation', 'Ann', false],
        ['friend-request', 'Ann', false],
      ]);
      expect(bobs.notifications[0]!.roomId).toBe(host.room.roomId);
      expect((await list(ann)).notifications.map((n) => n.kind)).toEqual(['friend-accepted']);

      // Read on the phone: the desk's bell goes to 0 too, and the notices stay, read.
      const read = (await postJson<NotificationsAnswer>(t, '/api/notifications/read', credentials(bob))).body;
      expect(read.unread).toBe(0);
      expect(read.notifications.every((n) => n.read)).toBe(true);
      await waitFor(() => bellOf(bobDesk) === 0 && bellOf(bobPhone) === 0, 'both bells cleared');
      expect((await postJson(t, '/api/notifications', { playerId: bob.playerId, secret: 'wrong' })).status).toBe(401);
      expect((await postJson(t, '/api/notifications/read', { ...credentials(bob), all: true })).status).toBe(400);
      await host.room.leave(true);
    } finally {
      await Promise.all([bobPhone.close(), bobDesk.close(), annPage.close()]);
    }
  });

  test("a friend's game started: told to the friends who asked (off by default), with the table to watch; not of one who appears offline", async () => {
    const [host, fan, other] = [await newGuest(t, 'Host'), await newGuest(t, 'Fan'), await newGuest(t, 'Other')];
    for (const g of [fan, other]) {
      await postJson(t, '/api/friends/requests', { ...credentials(g), to: host.playerId });
      await postJson(t, '/api/friends/requests/accept', { ...credentials(host), from: g.playerId });
    }
    const alerted = await postJson<FriendsAnswer>(t, '/api/friends/alert', { ...credentials(fan), friend: host.playerId, on: true });
    expect(alerted.body.friends.map((f) => [f.nickname, f.alert])).toEqual([['Host', true]]);
    // Only of a friend, and with a clear answer.
    expect((await postJson(t, '/api/friends/alert', { ...credentials(fan), friend: other.playerId, on: true })).status).toBe(404);
    expect((await postJson(t, '/api/friends/alert', { ...credentials(fan), friend: host.playerId, on: 'yes' })).status).toBe(400);

    const playing = async () => {
      // The host starts alone: the empty seat gets a bot.
      const table = await create(t, host, { size: 2, private: true });
      await waitFor(() => table.state?.startable === true, 'the table startable');
      table.send('start', {});
      await waitFor(() => table.state.status === 'playing', 'the game started');
      return table;
    };
    const first = await playing();
    await waitFor(async () => (await list(fan)).notifications.some((n) => n.kind === 'friend-playing'), 'the fan told');
    expect((await list(fan)).notifications.filter((n) => n.kind === 'friend-playing').map((n) => [n.from.nickname, n.roomId])).toEqual([
      ['Host', first.room.roomId],
    ]);
    expect((await list(other)).notifications.filter((n) => n.kind === 'friend-playing')).toEqual([]);
    await first.room.leave(true);

    // Appearing offline: nobody learns that they play.
    await postJson(t, '/api/friends/settings', { ...credentials(host), appearOffline: true });
    const second = await playing();
    await sleep(300);
    expect((await list(fan)).notifications.filter((n) => n.kind === 'friend-playing')).toHaveLength(1);
    await second.room.leave(true);
  });

  test(`only the latest ${NOTIFICATIONS_KEPT} are kept`, async () => {
    const popular = await newGuest(t, 'Popular');
    const askers = await Promise.all(Array.from({ length: NOTIFICATIONS_KEPT + 3 }, (_, i) => newGuest(t, `A${i}`)));
    for (const a of askers) await postJson(t, '/api/friends/requests', { ...credentials(a), to: popular.playerId });
    const { notifications, unread } = await list(popular);
    expect(notifications).toHaveLength(NOTIFICATIONS_KEPT);
    expect(unread).toBe(NOTIFICATIONS_KEPT);
    // The oldest went (requests a millisecond apart may share one: only the three oldest are sure to go).
    const names = new Set(notifications.map((n) => n.from.nickname));
    expect(names.has(`A${NOTIFICATIONS_KEPT + 2}`)).toBe(true);
    expect(['A0', 'A1', 'A2'].filter((n) => names.has(n)).length).toBeLessThanOrEqual(1);
  });
});
