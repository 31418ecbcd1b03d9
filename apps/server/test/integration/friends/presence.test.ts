import type { FriendsAnswer } from '@flightchess/protocol';
import { PageEvents } from '../../support/pageEvents';
import { type Guest, codeOf, create, credentials, joinById, newGuest, postJson, waitFor, watch } from '../../support/players';
import { testServerPerFile } from '../../support/server';

jest.setTimeout(60_000);

/** At the server's own pace: a friend's change reaches a page within 2 s; a page closed counts as gone after 5 s. */
const t = testServerPerFile();

async function friends(a: Guest, b: Guest): Promise<void> {
  await postJson(t, '/api/friends/requests', { ...credentials(a), to: b.playerId });
  await postJson(t, '/api/friends/requests/accept', { ...credentials(b), from: a.playerId });
}

const pages: PageEvents[] = [];
const open = (g: Guest) => {
  const page = new PageEvents(t.baseUrl, credentials(g));
  pages.push(page);
  return page;
};
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.close()));
});

describe("a friend's presence, pushed to the open pages of their friends", () => {
  test('online when a page opens; at a table waiting, then playing, with the table; back online when they leave it; offline 5 s after the last page closed, with when', async () => {
    const [ann, bob] = [await newGuest(t, 'Ann'), await newGuest(t, 'Bob')];
    await friends(ann, bob);
    const bobPage = open(bob);
    await waitFor(() => bobPage.friends !== null, "Bob's friends");
    expect(bobPage.presenceOf(ann.playerId)).toEqual({ state: 'offline', since: 0 });

    const annPage = open(ann);
    expect(await bobPage.seesState(ann.playerId, 'online')).toBeLessThan(2_000);
    // Ann sees Bob online too, from the list her page opens with.
    await waitFor(() => annPage.presenceOf(bob.playerId)?.state === 'online', 'Ann sees Bob');

    const host = await create(t, ann, { size: 2 });
    expect(await bobPage.seesState(ann.playerId, 'waiting')).toBeLessThan(2_000);
    expect(bobPage.presenceOf(ann.playerId)).toMatchObject({
      // A public table is rated unless asked otherwise.
      table: { roomId: host.room.roomId, preset: expect.any(String), size: 2, teams: false, rated: true, watchable: true, progress: 0 },
    });
    const cat = await newGuest(t, 'Cat');
    const guest = await joinById(t, host.room.roomId, cat, await codeOf(host));
    for (const p of [host, guest]) p.send('ready', { ready: true });
    expect(await bobPage.seesState(ann.playerId, 'playing')).toBeLessThan(2_000);
    expect(bobPage.presenceOf(ann.playerId)?.table?.roomId).toBe(host.room.roomId);

    await host.room.leave(true);
    await guest.room.leave(true);
    expect(await bobPage.seesState(ann.playerId, 'online')).toBeLessThan(2_000);

    // A reload: the page closes and another opens within the grace, and Bob sees nothing change.
    const before = bobPage.events.length;
    await annPage.close();
    const again = open(ann);
    await waitFor(() => again.friends !== null, "Ann's page again");
    await new Promise((r) => setTimeout(r, 6_000));
    expect(bobPage.events.slice(before).filter((e) => e.type === 'presence')).toEqual([]);

    const closedAt = Date.now();
    await again.close();
    const took = await bobPage.seesState(ann.playerId, 'offline', 10_000);
    expect(took).toBeGreaterThanOrEqual(4_500);
    expect(took).toBeLessThan(7_500);
    expect(bobPage.presenceOf(ann.playerId)!.since).toBeGreaterThanOrEqual(closedAt);
    // A list read afterwards says when, too (stored).
    const listed = (await postJson<FriendsAnswer>(t, '/api/friends', credentials(bob))).body.friends[0]!;
    expect(listed.presence).toEqual(bobPage.presenceOf(ann.playerId));
  });

  test('watching a table shows as watching, with the table to watch in one tap', async () => {
    const [dan, eve, fay] = [await newGuest(t, 'Dan'), await newGuest(t, 'Eve'), await newGuest(t, 'Fay')];
    await friends(dan, eve);
    const evePage = open(eve);
    await waitFor(() => evePage.friends !== null, "Eve's friends");
    const host = await create(t, fay, { size: 2 });
    const watcher = await watch(t.colyseus.sdk, host.room.roomId, dan);
    expect(await evePage.seesState(dan.playerId, 'watching')).toBeLessThan(2_000);
    expect(evePage.presenceOf(dan.playerId)?.table).toMatchObject({ roomId: host.room.roomId, watchable: true });
    await watcher.room.leave(true);
    await host.room.leave(true);

    // At a private table, the friend sees where and how far, but is given no way in: its code is needed to watch.
    const hidden = await create(t, dan, { size: 2, private: true });
    expect(await evePage.seesState(dan.playerId, 'waiting')).toBeLessThan(2_000);
    expect(evePage.presenceOf(dan.playerId)?.table).toMatchObject({ roomId: hidden.room.roomId, watchable: false });
    await hidden.room.leave(true);
  });

  test('"appear offline": friends see the player offline at once, and online again when it is turned off', async () => {
    const [gus, hal] = [await newGuest(t, 'Gus'), await newGuest(t, 'Hal')];
    await friends(gus, hal);
    const halPage = open(hal);
    const gusPage = open(gus);
    await halPage.seesState(gus.playerId, 'online');
    const hidden = await postJson<FriendsAnswer>(t, '/api/friends/settings', { ...credentials(gus), appearOffline: true });
    expect(hidden.body.settings).toEqual({ appearOffline: true, invitations: 'everyone' });
    expect(await halPage.seesState(gus.playerId, 'offline')).toBeLessThan(2_000);
    // His own pages are told the setting (alone: the rest of his friends is as it was).
    await waitFor(() => gusPage.events.some((e) => e.type === 'settings' && e.settings.appearOffline), 'the setting on his page');
    // At a table too.
    const host = await create(t, gus, { size: 2 });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(halPage.presenceOf(gus.playerId)?.state).toBe('offline');
    await postJson(t, '/api/friends/settings', { ...credentials(gus), appearOffline: false });
    expect(await halPage.seesState(gus.playerId, 'waiting')).toBeLessThan(2_000);
    await host.room.leave(true);
  });

  test("no way to learn a non-friend's presence: a stranger's page hears nothing of them, and a removed friend stops being told", async () => {
    const [ivy, jon, kim] = [await newGuest(t, 'Ivy'), await newGuest(t, 'Jon'), await newGuest(t, 'Kim')];
    await friends(ivy, jon);
    const kimPage = open(kim);
    const jonPage = open(jon);
    await waitFor(() => kimPage.friends !== null && jonPage.friends !== null, 'the pages');
    open(ivy);
    await jonPage.seesState(ivy.playerId, 'online');
    expect(kimPage.events.filter((e) => e.type === 'presence')).toEqual([]);

    // Removed: Jon's page gets the new list at once, and nothing of Ivy after.
    await postJson(t, '/api/friends/remove', { ...credentials(ivy), friend: jon.playerId });
    await waitFor(() => jonPage.friends?.friends.length === 0, "Jon's list without Ivy");
    const before = jonPage.events.length;
    const host = await create(t, ivy, { size: 2 });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(jonPage.events.slice(before)).toEqual([]);
    await host.room.leave(true);
  });

  test("a request reaches the other player's open page at once, and its answer the asker's", async () => {
    const [lea, max] = [await newGuest(t, 'Lea'), await newGuest(t, 'Max')];
    const [leaPage, maxPage] = [open(lea), open(max)];
    await waitFor(() => leaPage.friends !== null && maxPage.friends !== null, 'the pages');
    await postJson(t, '/api/friends/requests', { ...credentials(lea), to: max.playerId });
    await waitFor(() => maxPage.friends?.incoming.length === 1, "Max's page shows the request");
    await postJson(t, '/api/friends/requests/accept', { ...credentials(max), from: lea.playerId });
    await waitFor(() => leaPage.friends?.friends.length === 1, "Lea's page shows Max as a friend");
    // Both are online, so each sees the other so.
    expect(leaPage.presenceOf(max.playerId)?.state).toBe('online');
  });
});
