import { JOIN_ERROR_NUMBERS } from '@flightchess/protocol';
import { BOT_RATINGS, type RatingMode } from '@flightchess/rules';
import Database from 'better-sqlite3';
import { Player, type Guest, create, joinById, newGuest, postJson, quickMatch, waitFor } from '../../support/players';
import { rateDirectly, writeDirectly } from '../../support/database';
import { testServerPerFile } from '../../support/server';

jest.setTimeout(30_000);

/** Public tables start 2 s after their first player (alone too): long enough for the others of a test to come. */
const t = testServerPerFile({ quickStartSeconds: 2, quickAloneSeconds: 2 });

const write = (sql: string, ...values: unknown[]) => writeDirectly(t.dbFile, sql, ...values);
const rate = (guest: Guest, mode: RatingMode, rating: number) => rateDirectly(t.dbFile, guest, mode, rating);

const seated = async (guest: Guest, options: Record<string, unknown>) => {
  const player = new Player(await quickMatch(t, guest, options), guest);
  await waitFor(() => player.seated, `${guest.nickname}'s seat`);
  return player;
};

const leaveAll = (...players: Player[]) => Promise.all(players.map((p) => p.room.leave(true)));

describe('quick play pairs by rating (POST /api/quick)', () => {
  test('seats a person at the table whose players are near their rating, and opens a new one for someone far', async () => {
    const [high, low, near] = [await newGuest(t, 'High'), await newGuest(t, 'Low'), await newGuest(t, 'Near')];
    rate(high, '3p', 2000);
    rate(low, '3p', 1000);
    rate(near, '3p', 1950);
    const first = await seated(high, { preset: 'improved', size: 3 });
    expect(first.state.rated).toBe(true);
    expect(first.seat.rating).toBe(2000);
    const far = await seated(low, { preset: 'improved', size: 3 });
    expect(far.room.roomId).not.toBe(first.room.roomId);
    const close = await seated(near, { preset: 'improved', size: 3 });
    expect(close.room.roomId).toBe(first.room.roomId);
    await leaveAll(first, far, close);
  });

  test('two presses at once join one table rather than opening two', async () => {
    const [ann, bob] = [await newGuest(t, 'Ann'), await newGuest(t, 'Bob')];
    const [a, b] = await Promise.all([
      quickMatch(t, ann, { preset: 'traditional', size: 3 }),
      quickMatch(t, bob, { preset: 'traditional', size: 3 }),
    ]);
    expect(a.roomId).toBe(b.roomId);
    await Promise.all([a.leave(true), b.leave(true)]);
    // One person pressing twice: the same table again (their seat, taken by the later connection).
    const cat = await newGuest(t, 'Cat');
    const [c1, c2] = await Promise.all([
      quickMatch(t, cat, { preset: 'traditional', size: 2 }),
      quickMatch(t, cat, { preset: 'traditional', size: 2 }),
    ]);
    expect(c1.roomId).toBe(c2.roomId);
    await c2.leave(true);
  });

  test('never seats together two players one of whom blocked the other, whichever blocked', async () => {
    const [ann, bob, cat] = [await newGuest(t, 'Ann'), await newGuest(t, 'Bob'), await newGuest(t, 'Cat')];
    expect((await postJson(t, `/api/players/${ann.playerId}/blocks`, { secret: ann.secret, playerId: bob.playerId })).status).toBe(200);
    const options = { preset: 'wango-classic', size: 4 };
    const annAt = await seated(ann, options);
    const bobAt = await seated(bob, options); // Bob was blocked by Ann
    expect(bobAt.room.roomId).not.toBe(annAt.room.roomId);
    await bobAt.room.leave(true);
    await waitFor(() => annAt.state.seats.size === 1, 'the first table alone');
    const catAt = await seated(cat, options);
    expect(catAt.room.roomId).toBe(annAt.room.roomId);
    await leaveAll(catAt);
    // The other way round: Ann sits; Bob, whom she blocked, presses: not with her either.
    const again = await seated(bob, options);
    expect(again.room.roomId).not.toBe(annAt.room.roomId);
    await leaveAll(annAt, again);
  });

  test('the Colyseus routes that would pick a table by themselves are closed: joinOrCreate and join', async () => {
    const guest = await newGuest(t, 'Script');
    for (const route of ['joinOrCreate', 'join', 'JOINORCREATE']) {
      const res = await fetch(`${t.baseUrl}/matchmake/${route}/table`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ playerId: guest.playerId, secret: guest.secret }),
      });
      expect([route, res.status]).toEqual([route, 404]);
    }
  });

  test('refuses bad requests plainly and changes nothing', async () => {
    const guest = await newGuest(t, 'Odd');
    const creds = { playerId: guest.playerId, secret: guest.secret };
    for (const body of [
      { ...creds, size: 5 },
      { ...creds, preset: 'chess' },
      { ...creds, private: true },
      { ...creds, teams: 'yes' },
    ])
      expect((await postJson(t, '/api/quick', body)).body).toMatchObject({ error: { code: 'ERR_BAD_REQUEST' } });
    expect((await postJson(t, '/api/quick', { ...creds, secret: 'guessed' })).status).toBe(401);
  });
});

describe('bots near the person', () => {
  test('a rated public table fills its free seats with the bot level nearest its people’s mean rating; a private one with strong bots', async () => {
    const weak = await newGuest(t, 'Weak');
    rate(weak, '2p', BOT_RATINGS['2p'].random + 20);
    const rated = await seated(weak, { preset: 'wango-quick', size: 2 });
    await waitFor(() => rated.state.status === 'playing', 'the countdown to start the game', 5000);
    const bots = [...rated.state.seats.values()].filter((s: { kind: string }) => s.kind === 'bot') as { bot: string; rating: number }[];
    expect(bots.map((b) => [b.bot, b.rating])).toEqual([['random', BOT_RATINGS['2p'].random]]);

    const host = await create(t, await newGuest(t, 'Host'), { size: 2, private: true });
    expect(host.state.rated).toBe(false);
    host.send('start');
    await waitFor(() => host.state.status === 'playing', 'the host’s start');
    expect([...host.state.seats.values()].map((s: { kind: string; bot: string }) => s.bot).filter(Boolean)).toEqual(['strong']);
    await leaveAll(rated, host);
  });
});

describe("escapers' cooldown", () => {
  test('closes quick play and rated public tables (ERR_COOLDOWN, with the time left and the reason); private tables stay open', async () => {
    const escaper = await newGuest(t, 'Gone');
    const until = Date.now() + 600_000;
    write(
      'INSERT INTO quick_play_conduct (player_id, strikes, clean_games, until, updated_at) VALUES (?, 1, 0, ?, 1)',
      escaper.playerId,
      until,
    );
    const refused = await postJson(t, '/api/quick', { playerId: escaper.playerId, secret: escaper.secret });
    expect(refused).toMatchObject({
      status: 403,
      body: { error: { code: 'ERR_COOLDOWN' }, cooldown: { until, reason: 'escapes', escapes: 0 } },
    });
    const profile = await postJson(t, `/api/players/${escaper.playerId}/profile`, { secret: escaper.secret });
    expect(profile.body.cooldown).toEqual({ until, reason: 'escapes', escapes: 0 });

    const open = await create(t, await newGuest(t, 'Open'), { size: 3 });
    await expect(joinById(t, open.room.roomId, escaper)).rejects.toMatchObject({ code: JOIN_ERROR_NUMBERS.ERR_COOLDOWN });
    const casual = await create(t, await newGuest(t, 'Casual'), { size: 3, rated: false });
    const atCasual = await joinById(t, casual.room.roomId, escaper);
    await expect(create(t, escaper, { size: 2 })).rejects.toMatchObject({ code: JOIN_ERROR_NUMBERS.ERR_COOLDOWN }); // a public rated one of their own
    const own = await create(t, escaper, { size: 2, private: true });
    expect(own.seated).toBe(true);
    await leaveAll(open, casual, atCasual, own);

    write('UPDATE quick_play_conduct SET until = ? WHERE player_id = ?', Date.now() - 1, escaper.playerId);
    const over = await postJson(t, `/api/players/${escaper.playerId}/profile`, { secret: escaper.secret });
    expect(over.body.cooldown).toBeNull();
  });
});

describe('escapes counted from rated games', () => {
  test('two escapes from rated games within a day close quick play for 10 minutes; the one who stayed is not touched', async () => {
    const [stayer, escaper] = [await newGuest(t, 'Stays'), await newGuest(t, 'Leaves')];
    for (let game = 0; game < 2; game++) {
      expect((await postJson(t, `/api/players/${escaper.playerId}/profile`, { secret: escaper.secret })).body.cooldown).toBeNull();
      // After the first game their ratings are too far apart for quick play to pair them again: the second
      // time the escaper sits at the stayer's public rated table by its id.
      const a = await seated(stayer, { preset: 'plyyard', size: 2 });
      const b = game === 0 ? await seated(escaper, { preset: 'plyyard', size: 2 }) : await joinById(t, a.room.roomId, escaper);
      expect(a.room.roomId).toBe(b.room.roomId);
      await waitFor(() => a.state.status === 'playing' && b.state.status === 'playing', 'the full table to start', 5000);
      await b.room.leave(true);
      await waitFor(() => a.state.result.recorded, 'the result to be recorded');
      const db = new Database(t.dbFile, { readonly: true });
      expect(db.prepare('SELECT rated FROM matches WHERE id = ?').get(a.state.matchId)).toEqual({ rated: 1 });
      db.close();
      await a.room.leave(true);
    }
    const refused = await postJson(t, '/api/quick', { playerId: escaper.playerId, secret: escaper.secret });
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'ERR_COOLDOWN' }, cooldown: { reason: 'escapes', escapes: 2 } } });
    expect(refused.body.cooldown.until - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(refused.body.cooldown.until - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect((await postJson(t, `/api/players/${stayer.playerId}/profile`, { secret: stayer.secret })).body.cooldown).toBeNull();
  });
});

describe('blocks (POST and DELETE /api/players/:id/blocks)', () => {
  test('block and unblock: idempotent, listed on the owner’s profile; yourself, an unknown player or a wrong secret refused', async () => {
    const [ann, bob] = [await newGuest(t, 'Ann'), await newGuest(t, 'Bob')];
    const blocks = (method: string, body: unknown, id = ann.playerId, path = `/api/players/${id}/blocks`) =>
      fetch(`${t.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    const bobBlocked = { blocked: [{ playerId: bob.playerId, nickname: 'Bob' }] };
    expect(await blocks('POST', { secret: ann.secret, playerId: bob.playerId })).toEqual({ status: 200, body: bobBlocked });
    expect(await blocks('POST', { secret: ann.secret, playerId: bob.playerId })).toEqual({ status: 200, body: bobBlocked });
    expect((await postJson(t, `/api/players/${ann.playerId}/profile`, { secret: ann.secret })).body.blocked).toEqual(bobBlocked.blocked);
    expect((await postJson(t, `/api/players/${bob.playerId}/profile`, { secret: bob.secret })).body.blocked).toEqual([]);

    expect(await blocks('POST', { secret: ann.secret, playerId: ann.playerId })).toMatchObject({
      status: 400,
      body: { error: { code: 'ERR_BAD_REQUEST' } },
    });
    expect(await blocks('POST', { secret: ann.secret, playerId: 'nobody' })).toMatchObject({
      status: 404,
      body: { error: { code: 'ERR_NO_PLAYER' } },
    });
    expect(await blocks('POST', { secret: bob.secret, playerId: bob.playerId })).toMatchObject({ status: 401 }); // Bob's secret is not Ann's
    expect(await blocks('POST', { secret: ann.secret })).toMatchObject({ status: 400 });
    expect(await blocks('POST', { secret: ann.secret, playerId: bob.playerId, extra: 1 })).toMatchObject({ status: 400 });
    // A device signed out: its secret no longer blocks anyone.
    write('DELETE FROM devices WHERE player_id = ?', bob.playerId);
    expect(await blocks('POST', { secret: bob.secret, playerId: ann.playerId }, bob.playerId)).toMatchObject({ status: 401 });

    expect(await blocks('DELETE', { secret: ann.secret, playerId: bob.playerId })).toEqual({ status: 200, body: { blocked: [] } });
    expect(await blocks('DELETE', { secret: ann.secret, playerId: bob.playerId })).toEqual({ status: 200, body: { blocked: [] } });

    // Another spelling of the route is the same route; an id in another letter case is another (unknown) player.
    const spelled = `/API/Players/${ann.playerId}/Blocks/`;
    expect(await blocks('POST', { secret: ann.secret, playerId: bob.playerId }, ann.playerId, spelled)).toEqual({
      status: 200,
      body: bobBlocked,
    });
    const otherCase = ann.playerId === ann.playerId.toUpperCase() ? ann.playerId.toLowerCase() : ann.playerId.toUpperCase();
    expect(await blocks('DELETE', { secret: ann.secret, playerId: bob.playerId }, otherCase)).toMatchObject({ status: 401 });
    expect((await postJson(t, `/api/players/${ann.playerId}/profile`, { secret: ann.secret })).body.blocked).toEqual(bobBlocked.blocked);
  });

  test("a blocked player's quick phrases do not reach the one who blocked them; everyone else hears them", async () => {
    const [ann, bob, cat] = [await newGuest(t, 'Ann'), await newGuest(t, 'Bob'), await newGuest(t, 'Cat')];
    await postJson(t, `/api/players/${ann.playerId}/blocks`, { secret: ann.secret, playerId: bob.playerId });
    const host = await create(t, ann, { size: 3, private: true });
    const code = { code: host.state.code as string };
    const [blocked, other] = [await joinById(t, host.room.roomId, bob, code), await joinById(t, host.room.roomId, cat, code)];
    blocked.send('phrase', { phrase: 'hello' });
    other.send('phrase', { phrase: 'luck' });
    await waitFor(() => other.phrases.length === 2 && blocked.phrases.length === 2, 'both phrases at the others');
    await waitFor(() => host.phrases.length === 1, 'the phrase Ann may hear');
    await new Promise((r) => setTimeout(r, 100));
    expect(host.phrases.map((p) => p.phrase)).toEqual(['luck']);
    await leaveAll(host, blocked, other);
  });
});
