import { Client } from 'colyseus.js';
import { INVITATION_SECONDS, type Invitation, type InvitationAccepted, type InvitationsAnswer } from '@flightchess/protocol';
import { PageEvents } from '../../support/pageEvents';
import { type Guest, Player, create, credentials, newGuest, postJson, waitFor } from '../../support/players';
import { testServerPerFile } from '../../support/server';

jest.setTimeout(30_000);

const t = testServerPerFile();
/** A client of the test's server, as a browser has (the test SDK takes no seat reservation). */
const sdk = { consumeSeatReservation: (seat: never) => new Client(t.baseUrl).consumeSeatReservation(seat) };

const invite = (from: Guest, to: Guest, roomId: string) =>
  postJson<Invitation>(t, '/api/invitations', { ...credentials(from), to: to.playerId, roomId });
const accept = (g: Guest, id: string) => postJson<InvitationAccepted>(t, '/api/invitations/accept', { ...credentials(g), id });
const decline = (g: Guest, id: string) => postJson<InvitationsAnswer>(t, '/api/invitations/decline', { ...credentials(g), id });
const mine = async (g: Guest) => (await postJson<InvitationsAnswer>(t, '/api/invitations/mine', credentials(g))).body;
const settings = (g: Guest, invitations: string) => postJson(t, '/api/friends/settings', { ...credentials(g), invitations });

async function befriend(a: Guest, b: Guest): Promise<void> {
  await postJson(t, '/api/friends/requests', { ...credentials(a), to: b.playerId });
  await postJson(t, '/api/friends/requests/accept', { ...credentials(b), from: a.playerId });
}

/** Latest invitations a page was sent. */
const invitationsOn = (page: PageEvents) => {
  const last = page.events.filter((e) => e.type === 'invitations').at(-1);
  return last?.type === 'invitations' ? last.invitations : null;
};

describe('invitations to the table one sits at', () => {
  test('to a private table: the invitee sees it at once, accepts and is seated without the code; the host sees it accepted', async () => {
    const [ann, bob] = [await newGuest(t, 'Ann'), await newGuest(t, 'Bob')];
    const host = await create(t, ann, { size: 3, private: true });
    const [annPage, bobPage] = [new PageEvents(t.baseUrl, credentials(ann)), new PageEvents(t.baseUrl, credentials(bob))];
    try {
      await waitFor(() => invitationsOn(bobPage) !== null && invitationsOn(annPage) !== null, 'the pages');
      const sent = await invite(ann, bob, host.room.roomId);
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({
        from: { playerId: ann.playerId, nickname: 'Ann' },
        to: { playerId: bob.playerId, nickname: 'Bob' },
        roomId: host.room.roomId,
        table: { size: 3, teams: false, rated: false },
        status: 'pending',
      });
      expect(sent.body.expiresAt - sent.body.at).toBe(INVITATION_SECONDS * 1000);
      const started = Date.now();
      await waitFor(() => invitationsOn(bobPage)?.incoming.length === 1, 'the invitation on his page');
      expect(Date.now() - started).toBeLessThan(2_000);

      // Without the code, a join is refused; with the invitation, a seat.
      await expect(t.colyseus.sdk.joinById(host.room.roomId, credentials(bob))).rejects.toMatchObject({
        message: expect.stringMatching(/ERR_PRIVATE_TABLE/),
      });
      const accepted = await accept(bob, sent.body.id);
      expect(accepted.status).toBe(200);
      expect(accepted.body.watching).toBe(false);
      const seated = new Player(await sdk.consumeSeatReservation(accepted.body.seat as never), bob);
      await waitFor(() => seated.seated && host.state.seats.size === 2, 'Bob seated');
      await waitFor(() => invitationsOn(annPage)?.outgoing[0]?.status === 'accepted', 'the host told');
      // A page's stream is written at most every 250 ms: his may be told a moment after the host's.
      await waitFor(() => invitationsOn(bobPage)?.incoming.length === 0, 'the invitation gone from his page');
      // Answered once: again is refused.
      expect(await accept(bob, sent.body.id)).toMatchObject({ status: 404, body: { error: { code: 'ERR_NO_INVITATION' } } });
      await seated.room.leave(true);
    } finally {
      await Promise.all([annPage.close(), bobPage.close()]);
      await host.room.leave(true);
    }
  });

  test('declined: the host sees it; when the game starts, what is pending expires for both, and a full table sends the invitee to watch', async () => {
    const [cat, dan, eve, fay] = [await newGuest(t, 'Cat'), await newGuest(t, 'Dan'), await newGuest(t, 'Eve'), await newGuest(t, 'Fay')];
    const host = await create(t, cat, { size: 2 });
    const declined = (await invite(cat, dan, host.room.roomId)).body;
    expect((await decline(dan, declined.id)).body.incoming).toEqual([]);
    expect((await mine(cat)).outgoing[0]).toMatchObject({ id: declined.id, status: 'declined' });
    expect(await decline(dan, declined.id)).toMatchObject({ status: 404 });

    const toEve = (await invite(cat, eve, host.room.roomId)).body;
    const toFay = (await invite(cat, fay, host.room.roomId)).body;
    // Eve accepts first and takes the last seat.
    const eveSeat = (await accept(eve, toEve.id)).body;
    const evePlayer = new Player(await sdk.consumeSeatReservation(eveSeat.seat as never), eve);
    await waitFor(() => evePlayer.seated, 'Eve seated');
    // The table is full: Fay is sent to watch it.
    const fayPlace = await accept(fay, toFay.id);
    expect(fayPlace.body.watching).toBe(true);
    const watcher = new Player(await sdk.consumeSeatReservation(fayPlace.body.seat as never), fay);
    await waitFor(() => watcher.state?.status !== undefined, 'Fay watching');
    await watcher.room.leave(true);

    // A new invitation, then the game starts: it expires.
    const gus = await newGuest(t, 'Gus');
    const toGus = (await invite(cat, gus, host.room.roomId)).body;
    for (const p of [host, evePlayer]) p.send('ready', { ready: true });
    await waitFor(async () => (await mine(cat)).outgoing.find((i) => i.id === toGus.id)?.status === 'expired', 'expired at the start');
    expect((await mine(gus)).incoming).toEqual([]);
    expect(await accept(gus, toGus.id)).toMatchObject({ status: 404, body: { error: { code: 'ERR_NO_INVITATION' } } });
    // Nobody invites from a table whose game started.
    expect(await invite(cat, gus, host.room.roomId)).toMatchObject({ status: 409, body: { error: { code: 'ERR_ALREADY_STARTED' } } });
    await Promise.all([host.room.leave(true), evePlayer.room.leave(true)]);
  });

  test('who may invite me: everyone, friends, nobody; blocks both ways; only from a table one sits at; bad input changes nothing', async () => {
    const [hal, ivy, jon] = [await newGuest(t, 'Hal'), await newGuest(t, 'Ivy'), await newGuest(t, 'Jon')];
    const host = await create(t, hal, { size: 4 });
    const roomId = host.room.roomId;
    await settings(ivy, 'friends');
    expect(await invite(hal, ivy, roomId)).toMatchObject({ status: 403, body: { error: { code: 'ERR_NOT_INVITABLE' } } });
    await befriend(hal, ivy);
    expect((await invite(hal, ivy, roomId)).status).toBe(201);
    await settings(ivy, 'nobody');
    expect(await invite(hal, ivy, roomId)).toMatchObject({ status: 403, body: { error: { code: 'ERR_NOT_INVITABLE' } } });

    await postJson(t, `/api/players/${jon.playerId}/blocks`, { secret: jon.secret, playerId: hal.playerId });
    expect(await invite(hal, jon, roomId)).toMatchObject({ status: 403, body: { error: { code: 'ERR_BLOCKED' } } });

    // Jon sits at no table of Hal's: he cannot invite to it.
    const kim = await newGuest(t, 'Kim');
    expect(await invite(kim, ivy, roomId)).toMatchObject({ status: 403, body: { error: { code: 'ERR_NOT_SEATED' } } });
    for (const [body, status] of [
      [{ ...credentials(hal), to: kim.playerId }, 400],
      [{ ...credentials(hal), to: kim.playerId, roomId, extra: 1 }, 400],
      [{ ...credentials(hal), to: hal.playerId, roomId }, 400],
      [{ ...credentials(hal), to: 'nobody', roomId }, 404],
      [{ playerId: hal.playerId, secret: 'wrong', to: kim.playerId, roomId }, 401],
      [{ ...credentials(hal), to: kim.playerId, roomId: 'no-such-room' }, 403],
    ] as const)
      expect([body, (await postJson(t, '/api/invitations', body)).status]).toEqual([body, status]);
    expect((await mine(kim)).incoming).toEqual([]);
    // Someone else's invitation cannot be answered.
    const toKim = (await invite(hal, kim, roomId)).body;
    expect(await accept(ivy, toKim.id)).toMatchObject({ status: 404, body: { error: { code: 'ERR_NO_INVITATION' } } });
    expect(await decline(ivy, toKim.id)).toMatchObject({ status: 404 });
    expect((await mine(kim)).incoming).toHaveLength(1);
    await host.room.leave(true);
  });
});
