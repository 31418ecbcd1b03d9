import { FRIEND_LIMITS, type FriendsAnswer } from '@flightchess/protocol';
import { type Guest, credentials, getJson, newGuest, postJson } from '../../support/players';
import { testServerPerFile } from '../../support/server';

const t = testServerPerFile();

const friendsOf = async (g: Guest) => (await postJson<FriendsAnswer>(t, '/api/friends', credentials(g))).body;
const ask = (from: Guest, to: string) => postJson(t, '/api/friends/requests', { ...credentials(from), to });
const accept = (g: Guest, from: Guest) => postJson(t, '/api/friends/requests/accept', { ...credentials(g), from: from.playerId });
const decline = (g: Guest, from: Guest) => postJson(t, '/api/friends/requests/decline', { ...credentials(g), from: from.playerId });
const remove = (g: Guest, friend: Guest) => postJson(t, '/api/friends/remove', { ...credentials(g), friend: friend.playerId });
const ids = (list: readonly { playerId: string }[]) => list.map((f) => f.playerId);

describe('friends: asked by one, accepted by the other, removed by either', () => {
  test('a request by player id waits on both sides; accepted, both are friends; either removes it for both', async () => {
    const [ann, bob] = [await newGuest(t, 'Ann'), await newGuest(t, 'Bob')];
    const asked = await ask(ann, bob.playerId);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ outcome: 'requested', outgoing: [{ playerId: bob.playerId, nickname: 'Bob' }], friends: [] });
    expect((await friendsOf(bob)).incoming).toEqual([{ playerId: ann.playerId, nickname: 'Ann', at: expect.any(Number) }]);
    // Asking again changes nothing.
    expect((await ask(ann, bob.playerId)).body.outgoing).toHaveLength(1);

    const accepted = await accept(bob, ann);
    expect(accepted.status).toBe(200);
    expect(ids(accepted.body.friends)).toEqual([ann.playerId]);
    expect(accepted.body.incoming).toEqual([]);
    const annSees = await friendsOf(ann);
    expect(annSees.friends).toEqual([
      { playerId: bob.playerId, nickname: 'Bob', since: expect.any(Number), presence: { state: 'offline', since: 0 }, alert: false },
    ]);
    expect(annSees.outgoing).toEqual([]);
    // Asking a friend is answered as friends, and changes nothing.
    expect((await ask(bob, ann.playerId)).body).toMatchObject({ outcome: 'friends' });

    expect((await remove(ann, bob)).body.friends).toEqual([]);
    expect((await friendsOf(bob)).friends).toEqual([]);
    expect((await remove(ann, bob)).status).toBe(200); // again: nothing to remove, nothing changes
  });

  test('declined, the request is gone on both sides; asking back a player who asked first makes friends at once', async () => {
    const [cat, dan, eve] = [await newGuest(t, 'Cat'), await newGuest(t, 'Dan'), await newGuest(t, 'Eve')];
    await ask(cat, dan.playerId);
    expect((await decline(dan, cat)).body.incoming).toEqual([]);
    expect((await friendsOf(cat)).outgoing).toEqual([]);
    expect(await decline(dan, cat)).toMatchObject({ status: 404, body: { error: { code: 'ERR_NO_REQUEST' } } });
    expect(await accept(dan, cat)).toMatchObject({ status: 404, body: { error: { code: 'ERR_NO_REQUEST' } } });

    await ask(eve, cat.playerId);
    expect((await ask(cat, eve.playerId)).body).toMatchObject({ outcome: 'friends', outgoing: [], incoming: [] });
    expect(ids((await friendsOf(eve)).friends)).toEqual([cat.playerId]);
    // Withdrawing a request is removing it.
    await ask(dan, eve.playerId);
    await remove(dan, eve);
    expect((await friendsOf(eve)).incoming).toEqual([]);
  });

  test('by friend code, however it is typed; a new code, and the old one leads nowhere', async () => {
    const [fay, gus, hal] = [await newGuest(t, 'Fay'), await newGuest(t, 'Gus'), await newGuest(t, 'Hal')];
    const { code } = await friendsOf(fay);
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect((await friendsOf(fay)).code).toBe(code); // kept
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    expect((await ask(gus, typed)).body).toMatchObject({ outcome: 'requested', outgoing: [{ playerId: fay.playerId }] });

    // Whose it is, by name only, for the page its link opens.
    expect(await getJson(t, `/api/friends/code/${typed}`)).toEqual({ status: 200, body: { nickname: 'Fay' } });
    const renewed = (await postJson<FriendsAnswer>(t, '/api/friends/code', credentials(fay))).body.code;
    expect(await getJson(t, `/api/friends/code/${code}`)).toMatchObject({ status: 404, body: { error: { code: 'ERR_NO_PLAYER' } } });
    expect(renewed).not.toBe(code);
    expect(await ask(hal, code)).toMatchObject({ status: 404, body: { error: { code: 'ERR_NO_PLAYER' } } });
    expect((await ask(hal, renewed)).body).toMatchObject({ outcome: 'requested' });
  });

  test('a block ends the friendship and refuses requests both ways; lifted, they may ask again', async () => {
    const [ivy, jon] = [await newGuest(t, 'Ivy'), await newGuest(t, 'Jon')];
    await ask(ivy, jon.playerId);
    await accept(jon, ivy);
    const blocked = await postJson(t, `/api/players/${ivy.playerId}/blocks`, { secret: ivy.secret, playerId: jon.playerId });
    expect(blocked.status).toBe(200);
    expect((await friendsOf(ivy)).friends).toEqual([]);
    expect((await friendsOf(jon)).friends).toEqual([]);
    for (const [from, to] of [
      [ivy, jon],
      [jon, ivy],
    ] as const)
      expect(await ask(from, to.playerId)).toMatchObject({ status: 403, body: { error: { code: 'ERR_BLOCKED' } } });
    // A request waiting when the block comes is gone too.
    const kim = await newGuest(t, 'Kim');
    await ask(kim, ivy.playerId);
    await postJson(t, `/api/players/${ivy.playerId}/blocks`, { secret: ivy.secret, playerId: kim.playerId });
    expect((await friendsOf(ivy)).incoming).toEqual([]);

    const res = await fetch(`${t.baseUrl}/api/players/${ivy.playerId}/blocks`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret: ivy.secret, playerId: jon.playerId }),
    });
    expect(res.status).toBe(200);
    expect((await ask(jon, ivy.playerId)).body).toMatchObject({ outcome: 'requested' });
  });

  test('bad input gets a clear error and changes nothing', async () => {
    const [lea, max] = [await newGuest(t, 'Lea'), await newGuest(t, 'Max')];
    const cases: [string, unknown, number, string][] = [
      ['/api/friends', { playerId: lea.playerId }, 400, 'ERR_BAD_REQUEST'],
      ['/api/friends', { ...credentials(lea), extra: 1 }, 400, 'ERR_BAD_REQUEST'],
      ['/api/friends', { playerId: lea.playerId, secret: 'wrong' }, 401, 'ERR_BAD_CREDENTIALS'],
      ['/api/friends/requests', { ...credentials(lea) }, 400, 'ERR_BAD_REQUEST'],
      ['/api/friends/requests', { ...credentials(lea), to: lea.playerId }, 400, 'ERR_BAD_REQUEST'],
      ['/api/friends/requests', { ...credentials(lea), to: 'nobody-at-all' }, 404, 'ERR_NO_PLAYER'],
      ['/api/friends/requests', { ...credentials(lea), to: 'x'.repeat(65) }, 400, 'ERR_BAD_REQUEST'],
      ['/api/friends/requests', { playerId: lea.playerId, secret: 'wrong', to: max.playerId }, 401, 'ERR_BAD_CREDENTIALS'],
      ['/api/friends/requests/accept', { ...credentials(lea), from: 42 }, 400, 'ERR_BAD_REQUEST'],
      ['/api/friends/settings', { ...credentials(lea) }, 400, 'ERR_BAD_REQUEST'],
      ['/api/friends/settings', { ...credentials(lea), invitations: 'strangers' }, 400, 'ERR_BAD_REQUEST'],
      ['/api/me/events', { playerId: lea.playerId, secret: 'wrong' }, 401, 'ERR_BAD_CREDENTIALS'],
      ['/api/me/events', { ...credentials(lea), page: 'short' }, 400, 'ERR_BAD_REQUEST'],
      ['/api/me/here', { ...credentials(lea) }, 400, 'ERR_BAD_REQUEST'],
      ['/api/me/here', { ...credentials(lea), page: 'a page/../x' }, 400, 'ERR_BAD_REQUEST'],
      ['/api/me/here', { playerId: lea.playerId, secret: 'wrong', page: 'page-0123456789' }, 401, 'ERR_BAD_CREDENTIALS'],
    ];
    for (const [path, body, status, code] of cases)
      expect([path, await postJson(t, path, body)]).toMatchObject([path, { status, body: { error: { code } } }]);
    const huge = await postJson(t, '/api/friends/requests', { ...credentials(lea), to: max.playerId, pad: 'x'.repeat(4000) });
    expect(huge.status).toBe(413);
    expect(await friendsOf(lea)).toMatchObject({ friends: [], incoming: [], outgoing: [] });
    expect(await friendsOf(max)).toMatchObject({ friends: [], incoming: [], outgoing: [] });
  });

  test(`at most ${FRIEND_LIMITS.requestsPerHour} requests an hour, and ${FRIEND_LIMITS.incoming} waiting for one player`, async () => {
    const sender = await newGuest(t, 'Sender');
    const others = await Promise.all(Array.from({ length: FRIEND_LIMITS.incoming + 1 }, (_, i) => newGuest(t, `Other${i}`)));
    for (const other of others.slice(0, FRIEND_LIMITS.requestsPerHour)) expect((await ask(sender, other.playerId)).status).toBe(200);
    expect(await ask(sender, others[FRIEND_LIMITS.requestsPerHour]!.playerId)).toMatchObject({
      status: 429,
      body: { error: { code: 'ERR_TOO_MANY' } },
    });
    // Many players ask one: the one beyond its limit is refused, and said why.
    const popular = await newGuest(t, 'Popular');
    for (const other of others.slice(0, FRIEND_LIMITS.incoming)) expect((await ask(other, popular.playerId)).status).toBe(200);
    expect(await ask(others[FRIEND_LIMITS.incoming]!, popular.playerId)).toMatchObject({
      status: 409,
      body: { error: { code: 'ERR_FRIENDS_FULL', message: expect.stringMatching(/they have/) } },
    });
    expect((await friendsOf(popular)).incoming).toHaveLength(FRIEND_LIMITS.incoming);
  });
});
