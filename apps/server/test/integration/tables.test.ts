import { CLOSE_CODES, JOIN_ERROR_NUMBERS } from '@flightchess/protocol';
import { matchMaker } from '@colyseus/core';
import { CODE_ALPHABET, CODE_LENGTH } from '../../src/core/ids';
import { Player, create, credentials, getJson, joinById, newGuest, postJson, quickMatch, waitFor } from '../support/players';
import { testServerPerFile } from '../support/server';

jest.setTimeout(30_000);

const t = testServerPerFile();

const tables = async () => (await getJson(t, '/api/tables')).body as { roomId: string; status: string; seated: number; preset: string }[];

describe('creating a table', () => {
  test.each([
    ['an unknown preset', { preset: 'ludo' }, /preset/],
    ['team mode with two seats', { teams: true, size: 2 }, /team mode needs all four seats/],
    ['four seats in plyyard', { preset: 'plyyard', size: 4 }, /plyyard seats 2–2 players/],
    ['team mode in a preset without teams', { preset: 'appfree', teams: true }, /no team mode/],
    ['contradictory house rules', { options: { flight: false } }, /crossing needs flight/],
    ['an unknown house rule', { options: { teleport: true } }, /unknown option 'teleport'/],
    ['an unknown table option', { speed: 'fast' }, /Unrecognized key/],
    ['a turn time out of range', { turnSeconds: 3600 }, /turnSeconds/],
    ['a base that is not a positive integer', { base: -5 }, /base/],
  ])('with %s is refused with a clear error and creates nothing', async (_what, options, reason) => {
    const guest = await newGuest(t, 'Config');
    const before = (await tables()).length;
    const attempt = t.colyseus.sdk.create('table', { ...options, playerId: guest.playerId, secret: guest.secret });
    await expect(attempt).rejects.toThrow(/ERR_BAD_CONFIG/);
    await expect(attempt).rejects.toThrow(reason);
    expect(await tables()).toHaveLength(before);
  });

  test('without valid guest credentials is refused when the seat is asked for: no room, join code or listing is made', async () => {
    const guest = await newGuest(t, 'Mallory');
    const rooms = async () => (await matchMaker.query({ name: 'table' })).length;
    const before = { rooms: await rooms(), tables: (await tables()).length };
    for (const options of [{}, { playerId: guest.playerId, secret: 'guessed' }, { playerId: 'nobody', secret: 'x' }]) {
      await expect(t.colyseus.sdk.create('table', { size: 2, ...options })).rejects.toMatchObject({
        code: JOIN_ERROR_NUMBERS.ERR_BAD_CREDENTIALS,
        message: expect.stringMatching(/^ERR_BAD_CREDENTIALS/),
      });
      expect((await postJson(t, '/api/quick', { size: 2, ...options })).body).toMatchObject({
        error: { code: expect.stringMatching(/^ERR_BAD_(CREDENTIALS|REQUEST)$/) },
      });
    }
    // Straight to the matchmaking route, as a script would: refused the same, nothing made.
    const raw = await fetch(`${t.baseUrl}/matchmake/create/table`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await raw.json()).toEqual({
      code: JOIN_ERROR_NUMBERS.ERR_BAD_CREDENTIALS,
      error: expect.stringMatching(/^ERR_BAD_CREDENTIALS/),
    });
    expect({ rooms: await rooms(), tables: (await tables()).length }).toEqual(before);
  });

  test('a guest nickname is validated: normalised (NFKC, trimmed), with something to see', async () => {
    const made = async (nickname: string) => {
      const res = await fetch(`${t.baseUrl}/api/guests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nickname }),
      });
      return { status: res.status, body: (await res.json()) as { nickname?: string; error?: { code: string } } };
    };
    for (const bad of ['x'.repeat(40), '   ', '\u3164', '\u3164\u3164', 'A\u3164', '\u2800', '\uFFA0', 'Ann\u200B']) {
      expect([JSON.stringify(bad), await made(bad)]).toEqual([
        JSON.stringify(bad),
        { status: 400, body: { error: expect.objectContaining({ code: 'ERR_BAD_NICKNAME' }) } },
      ]);
    }
    expect((await made('  Ａｎｎ  ')).body.nickname).toBe('Ann');
    expect((await made('小红')).body.nickname).toBe('小红');
  });

  test("a name that looks like a seated player's, the very same or written with other letters, is shown with a number after it", async () => {
    const ann = await create(t, await newGuest(t, 'Ann'), { size: 4 });
    const lookalike = await joinById(t, ann.room.roomId, await newGuest(t, 'Аnn')); // a Cyrillic А
    const namesake = await joinById(t, ann.room.roomId, await newGuest(t, 'Ann'));
    const bob = await joinById(t, ann.room.roomId, await newGuest(t, 'Bob'));
    expect([ann, lookalike, namesake, bob].map((p) => p.seat.name)).toEqual(['Ann', 'Аnn (2)', 'Ann (3)', 'Bob']);
    await Promise.all([ann, lookalike, namesake, bob].map((p) => p.room.leave(true)));
  });
});

describe('renaming a guest', () => {
  const rename = async (playerId: string, body: object) => {
    const res = await fetch(`${t.baseUrl}/api/players/${playerId}/nickname`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const nickname = async (playerId: string) => (await getJson(t, `/api/players/${playerId}`)).body.nickname;

  test('with its secret keeps the same player, seated under the new name from then on', async () => {
    const ann = await newGuest(t, 'Ann');
    expect(await rename(ann.playerId, { secret: ann.secret, nickname: '  Anna  ' })).toEqual({
      status: 200,
      body: { playerId: ann.playerId, nickname: 'Anna' },
    });
    expect(await nickname(ann.playerId)).toBe('Anna');
    const table = await create(t, ann);
    expect(table.seat.name).toBe('Anna');
    await table.room.leave();
  });

  test('is refused without the secret or with a bad name, and changes nothing', async () => {
    const bob = await newGuest(t, 'Bob');
    expect(await rename(bob.playerId, { secret: 'guessed', nickname: 'Mallory' })).toMatchObject({
      status: 401,
      body: { error: { code: 'ERR_BAD_CREDENTIALS' } },
    });
    expect(await rename(bob.playerId, { nickname: 'Mallory' })).toMatchObject({ status: 401 });
    expect(await rename('nobody', { secret: bob.secret, nickname: 'Mallory' })).toMatchObject({ status: 401 });
    expect(await rename(bob.playerId, { secret: bob.secret, nickname: 'x'.repeat(21) })).toMatchObject({
      status: 400,
      body: { error: { code: 'ERR_BAD_NICKNAME' } },
    });
    expect(await rename(bob.playerId, { secret: bob.secret, nickname: 'a\u0000b' })).toMatchObject({ status: 400 });
    expect(await nickname(bob.playerId)).toBe('Bob');
  });
});

describe('public tables and quick-match', () => {
  test('quick-match joins an open public table of the same preset and size, else creates one', async () => {
    const [ann, bob, cat] = await Promise.all([newGuest(t, 'Ann'), newGuest(t, 'Bob'), newGuest(t, 'Cat')]);
    const first = new Player(await quickMatch(t, ann, { preset: 'wango-classic', size: 2 }), ann);
    await waitFor(() => first.seated, 'a seat');
    const listed = (await tables()).find((r) => r.roomId === first.room.roomId);
    expect(listed).toMatchObject({ preset: 'wango-classic', status: 'waiting', seated: 1 });

    const second = new Player(await quickMatch(t, bob, { preset: 'wango-classic', size: 2 }), bob);
    expect(second.room.roomId).toBe(first.room.roomId);
    await waitFor(() => second.seated && first.state.seats.size === 2, 'both seats');
    expect([first.colour, second.colour]).toEqual(['red', 'yellow']); // opposite seats by default

    const other = await quickMatch(t, cat, { preset: 'traditional', size: 2 });
    expect(other.roomId).not.toBe(first.room.roomId);
    await Promise.all([first.room.leave(), second.room.leave(), other.leave()]);
  });
  test('"play now" (no options) seats people together: the open table with the most players first, any preset', async () => {
    const [ann, bob, cat, dee] = await Promise.all([newGuest(t, 'Ann'), newGuest(t, 'Bob'), newGuest(t, 'Cat'), newGuest(t, 'Dee')]);
    const one = new Player(await quickMatch(t, ann, { preset: 'traditional', size: 4 }), ann);
    const two = await create(t, bob, { preset: 'improved', size: 3 });
    await joinById(t, two.room.roomId, cat);
    await waitFor(() => one.seated && two.state.seats.size === 2, 'both tables seated');
    await waitFor(async () => (await tables()).find((r) => r.roomId === two.room.roomId)?.seated === 2, 'the listing to catch up');

    const now = await quickMatch(t, dee, {});
    expect(now.roomId).toBe(two.room.roomId);
    await Promise.all([one.room.leave(), two.room.leave(), now.leave()]);
  });

  test("a player's own unfinished tables, private ones too, are listed for them only with their secret", async () => {
    const [ann, bob] = await Promise.all([newGuest(t, 'Ann'), newGuest(t, 'Bob')]);
    const table = await create(t, ann, { private: true, size: 2 });
    const mine = (who: object) =>
      fetch(`${t.baseUrl}/api/tables/mine`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
    await waitFor(
      async () => ((await (await mine(credentials(ann))).json()) as { roomId: string }[]).some((r) => r.roomId === table.room.roomId),
      'the table to be listed',
    );
    const listed = (await (await mine(credentials(ann))).json()) as { roomId: string; status: string; size: number }[];
    expect(listed).toEqual([expect.objectContaining({ roomId: table.room.roomId, status: 'waiting', size: 2 })]);
    expect(await (await mine(credentials(bob))).json()).toEqual([]);
    const forged = await mine({ playerId: ann.playerId, secret: 'guessed' });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('ERR_BAD_CREDENTIALS');
    expect((await mine({ nothing: 1 })).status).toBe(401);
    await table.room.leave();
  });
});

describe('private tables', () => {
  test('get a join code without look-alike letters, stay out of the lobby and quick-match, and are joined by code', async () => {
    const host = await create(t, await newGuest(t, 'Host'), { private: true, size: 3, preset: 'improved' });
    const code = host.state.code as string;
    expect(code).toHaveLength(CODE_LENGTH);
    for (const ch of code) expect(CODE_ALPHABET).toContain(ch);
    expect(CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect((await tables()).map((r) => r.roomId)).not.toContain(host.room.roomId);

    const stranger = await quickMatch(t, await newGuest(t, 'Stranger'), { preset: 'improved', size: 3 });
    expect(stranger.roomId).not.toBe(host.room.roomId);
    await stranger.leave();

    const found = await getJson(t, `/api/tables/code/${code.toLowerCase()}`);
    expect(found.body).toEqual({ code, roomId: host.room.roomId, link: `/?join=${code}` });
    // The room id alone is no key (ERR_PRIVATE_TABLE: privacy.test.ts): the code goes with it.
    const friend = await joinById(t, found.body.roomId, await newGuest(t, 'Friend'), { code: found.body.code });
    expect(friend.state.code).toBe(code);
    expect((await getJson(t, '/api/tables/code/AAAAAA')).status).toBe(404);
    await Promise.all([host.room.leave(), friend.room.leave()]);
  });

  test('at a team table whom the host invites sits beside the host, the next ones on the other team; a colour asked for still wins', async () => {
    const host = await create(t, await newGuest(t, 'Host'), { private: true, teams: true, preset: 'online' });
    expect(host.colour).toBe('red');
    const code = host.state.code as string;
    const join = async (name: string, options: Record<string, unknown> = {}) =>
      (await joinById(t, host.room.roomId, await newGuest(t, name), { code, ...options })).colour;
    expect(await join('Friend')).toBe('yellow'); // the host's team-mate (red and yellow against green and blue)
    expect(await join('Third')).toBe('green');
    expect(await join('Fourth')).toBe('blue');

    const other = await create(t, await newGuest(t, 'Other host'), { private: true, teams: true, preset: 'online' });
    const chooser = await joinById(t, other.room.roomId, await newGuest(t, 'Chooser'), { code: other.state.code, colour: 'blue' });
    expect(chooser.colour).toBe('blue');
    expect((await joinById(t, other.room.roomId, await newGuest(t, 'Next'), { code: other.state.code })).colour).toBe('yellow');
    await Promise.all([host.room.leave(), other.room.leave()]);
  });
});

describe('clear refusals when joining by id', () => {
  test('a full table answers ERR_NO_FREE_SEAT, a started one ERR_ALREADY_STARTED; a seated player takes their own seat back instead', async () => {
    const host = await create(t, await newGuest(t, 'Host'), { size: 2 });
    const guest = await joinById(t, host.room.roomId, await newGuest(t, 'Guest'));
    const late = await newGuest(t, 'Late');
    const join = () => t.colyseus.sdk.joinById(host.room.roomId, { playerId: late.playerId, secret: late.secret });
    await expect(join()).rejects.toMatchObject({
      code: JOIN_ERROR_NUMBERS.ERR_NO_FREE_SEAT,
      message: expect.stringMatching(/^ERR_NO_FREE_SEAT: /),
    });

    for (const p of [host, guest]) p.send('ready', { ready: true });
    await waitFor(() => host.state.status === 'playing', 'the game to start');
    await expect(join()).rejects.toMatchObject({
      code: JOIN_ERROR_NUMBERS.ERR_ALREADY_STARTED,
      message: expect.stringMatching(/^ERR_ALREADY_STARTED: /),
    });

    // The guest opens a second connection: it takes the seat over, and the first one is told so (4409).
    const closed = new Promise<number>((resolve) => guest.room.onLeave((code) => resolve(code)));
    const colour = guest.colour;
    const again = await joinById(t, host.room.roomId, guest.guest);
    expect(await closed).toBe(CLOSE_CODES.replaced);
    expect(again.colour).toBe(colour);
    await waitFor(() => host.state.seats.get(colour).connected === true, 'the seat held by the new connection');
    expect(t.logs.events('player-rejoined').some((l) => l.seat === colour)).toBe(true);
    await Promise.all([host.room.leave(true), again.room.leave(true)]);
  });
});

describe('seating before the game', () => {
  test('colours and bots: only free colours, only the host manages bots', async () => {
    const host = await create(t, await newGuest(t, 'Host'), { size: 4 });
    const guest = await joinById(t, host.room.roomId, await newGuest(t, 'Guest'));
    expect(host.colour).toBe('red');
    expect(guest.colour).toBe('green');

    expect(await guest.refused('pick-colour', { colour: 'red' })).toMatchObject({ code: 'ERR_COLOUR_TAKEN' });
    guest.send('pick-colour', { colour: 'blue' });
    await waitFor(() => guest.colour === 'blue', 'the colour change');

    expect(await guest.refused('add-bot', {})).toMatchObject({ code: 'ERR_NOT_HOST' });
    expect(await host.refused('remove-bot', { colour: 'blue' })).toMatchObject({ code: 'ERR_NOT_A_BOT' });
    host.send('add-bot', { colour: 'green', bot: 'heuristic' });
    await waitFor(() => host.state.seats.get('green')?.kind === 'bot', 'the bot');
    expect(host.state.seats.get('green').bot).toBe('heuristic');
    // Listed as what it is: the page names it in its reader's language from colour and strength.
    const listed = (await getJson(t, '/api/tables')).body.find((l: { roomId: string }) => l.roomId === host.room.roomId);
    expect(listed.seats).toEqual([
      { colour: 'red', name: 'Host', bot: null },
      { colour: 'green', name: 'Green bot (medium)', bot: 'heuristic' },
      { colour: 'blue', name: 'Guest', bot: null },
    ]);
    expect(listed.names).toEqual(['Host', 'Green bot (medium)', 'Guest']);
    expect(await host.refused('add-bot', { colour: 'green' })).toMatchObject({ code: 'ERR_COLOUR_TAKEN' });
    host.send('remove-bot', { colour: 'green' });
    await waitFor(() => !host.state.seats.has('green'), 'the bot to go');

    expect(await guest.refused('roll', { version: 0 })).toMatchObject({ code: 'ERR_NOT_STARTED' });
    expect(host.state.status).toBe('waiting');

    // The host leaves: the other player becomes host.
    await host.room.leave();
    await waitFor(() => guest.state.hostId === guest.guest.playerId, 'the new host');
    expect(guest.state.seats.size).toBe(1);
    await guest.room.leave();
  });

  test('bots (strong ones at a casual table) fill the empty seats when the host starts, and play a whole game with the host on auto-play', async () => {
    const host = await create(t, await newGuest(t, 'Solo'), { size: 4, base: 5, rated: false });
    host.send('start');
    await waitFor(() => host.state.status === 'playing', 'the start');
    const bots = [...host.state.seats.values()].filter((s: any) => s.kind === 'bot');
    expect(bots).toHaveLength(3);
    expect(host.seat.ready).toBe(true);

    host.send('auto-play', { on: true });
    await waitFor(() => host.state.result.recorded, 'the bots to finish the game', 25_000);
    const match = (await getJson(t, `/api/matches/${host.state.matchId}`)).body;
    expect(match.status).toBe('finished');
    expect(match.seats.filter((s: any) => s.kind === 'bot' && s.playerId === null)).toHaveLength(3);
    // The record names each bot by what it is, as the game does in English (pages name it from colour and strength).
    const botNames = match.seats.filter((s: any) => s.kind === 'bot').map((s: any) => [s.colour, s.bot, s.name]);
    expect(botNames.sort()).toEqual([
      ['blue', 'strong', 'Blue bot (strong)'],
      ['green', 'strong', 'Green bot (strong)'],
      ['yellow', 'strong', 'Yellow bot (strong)'],
    ]);
    const profile = (await getJson(t, `/api/players/${host.guest.playerId}`)).body;
    expect(profile.games).toBe(1);
    expect(profile.lifetimeScore).toBe(host.seat.score);
    await host.room.leave();
  });
});
