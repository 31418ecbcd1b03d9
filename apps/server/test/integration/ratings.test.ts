import { BOT_RATINGS } from '@flightchess/rules';
import { type Player, create, getJson, newGuest, play, postJson, credentials, waitFor } from '../support/players';
import { testServerPerFile } from '../support/server';

jest.setTimeout(60_000);

const t = testServerPerFile();

/** A person alone with a strong bot at a table of two, the game started. */
async function withBot(nickname: string, options: Record<string, unknown>): Promise<Player> {
  const player = await create(t, await newGuest(t, nickname), { size: 2, ...options });
  player.send('start', {});
  await waitFor(() => player.state.status === 'playing' && player.stream.state !== null, 'the game to start');
  return player;
}

const botSeat = (p: Player) => [...p.state.seats.values()].find((s: { kind: string }) => s.kind === 'bot');

async function playedToTheEnd(player: Player): Promise<void> {
  await play([player]);
  await waitFor(() => player.state.result.recorded, 'the result to be recorded');
}

describe('rated and casual tables', () => {
  test('a table is rated when public unless asked not to, casual when private unless asked to; the lobby lists it', async () => {
    const rated = async (options: Record<string, unknown>) => (await create(t, await newGuest(t, 'Ann'), options)).state.rated;
    expect(await rated({})).toBe(true);
    expect(await rated({ rated: false })).toBe(false);
    expect(await rated({ private: true })).toBe(false);
    expect(await rated({ private: true, rated: true })).toBe(true);
    const casualPublic = await create(t, await newGuest(t, 'Bob'), { rated: false });
    const listed = (await getJson(t, '/api/tables')).body as { roomId: string; rated: boolean }[];
    expect(listed.find((l) => l.roomId === casualPublic.room.roomId)).toMatchObject({ rated: false });
    expect(listed.some((l) => l.rated)).toBe(true);
    const refused = await t.colyseus.sdk.create('table', { rated: 'yes', ...credentials(await newGuest(t, 'Cat')) }).catch((e: Error) => e);
    expect(String(refused)).toMatch(/ERR_BAD_CONFIG/);
  });

  test("a person against a bot at a rated table: the seats show their ratings, the result moves the person's and not the bot's, and it is served", async () => {
    const player = await withBot('Rated', { private: true, rated: true });
    const bot = botSeat(player);
    expect(player.seat.rating).toBe(1500);
    expect(bot.rating).toBe(BOT_RATINGS['2p'].strong);
    await playedToTheEnd(player);

    const id = player.guest.playerId;
    const after = player.seat.ratingAfter as number;
    expect(after).not.toBe(1500);
    expect(after > 1500).toBe(player.state.result.winners.includes(player.colour));
    expect(bot.ratingAfter).toBe(0);
    expect(bot.rating).toBe(BOT_RATINGS['2p'].strong);

    const match = (await postJson(t, `/api/matches/${player.state.matchId}`, credentials(player.guest))).body;
    expect(match.rated).toBe(true);
    expect(match.seats.find((s: { colour: string }) => s.colour === player.colour)).toMatchObject({
      ratingBefore: 1500,
      ratingAfter: after,
    });
    expect(match.seats.find((s: { kind: string }) => s.kind === 'bot')).toMatchObject({ ratingBefore: null, ratingAfter: null });

    // The owner sees the private game in their history; anyone else sees the rating but not the private game.
    const own = (await postJson(t, `/api/players/${id}/profile`, { secret: player.guest.secret })).body;
    expect(own.ratings).toEqual({ '2p': { rating: after, deviation: expect.any(Number), games: 1, provisional: true } });
    expect(own.ratingHistory).toEqual({
      '2p': [{ matchId: player.state.matchId, at: expect.any(Number), rating: after, deviation: own.ratings['2p'].deviation }],
    });
    expect(own.recentMatches[0]).toMatchObject({ id: player.state.matchId, rated: true });
    const seen = (await getJson(t, `/api/players/${id}`)).body;
    expect(seen.ratings).toEqual(own.ratings);
    expect(seen.ratingHistory).toEqual({});

    const board = (await getJson(t, '/api/leaderboard?rating=2p&limit=100')).body as { playerId: string; rank: number }[];
    expect(board.find((e) => e.playerId === id)).toEqual({
      rank: expect.any(Number),
      playerId: id,
      id,
      nickname: 'Rated',
      ...own.ratings['2p'],
    });

    // A rematch shows the rating the game gave.
    player.send('rematch', {});
    await waitFor(() => player.state.status === 'waiting' && player.seat.rating === after, 'the rematch with the new rating');
    expect(player.seat.ratingAfter).toBe(0);
  });

  test('a casual table changes no rating: the seats show none, and the profile has none', async () => {
    const player = await withBot('Casual', { private: true });
    expect([player.seat.rating, botSeat(player).rating]).toEqual([0, 0]);
    await playedToTheEnd(player);
    expect(player.seat.ratingAfter).toBe(0);
    const profile = (await getJson(t, `/api/players/${player.guest.playerId}`)).body;
    expect([profile.ratings, profile.ratingHistory]).toEqual([{}, {}]);
    expect(profile.games).toBe(1);
  });
});

describe('GET /api/leaderboard?rating=MODE', () => {
  test.each([['2P'], ['5p'], [''], ['2p&rating=4p'], ['2p&rating=2p']])('?rating=%s is refused with ERR_BAD_QUERY', async (value) => {
    const res = await getJson(t, `/api/leaderboard?rating=${value}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'ERR_BAD_QUERY', message: expect.stringMatching(/^rating: one of 2p, 3p, 4p, 2v2/) });
  });

  test('each mode answers a list (a trailing slash too), a bad limit is refused as before, and without `rating` the score board is unchanged', async () => {
    for (const mode of ['2p', '3p', '4p', '2v2']) expect((await getJson(t, `/api/leaderboard/?rating=${mode}`)).status).toBe(200);
    expect((await getJson(t, '/api/leaderboard?rating=2v2')).body).toEqual([]);
    expect((await getJson(t, '/api/leaderboard?rating=2p&limit=0')).status).toBe(400);
    const scores = (await getJson(t, '/api/leaderboard')).body as Record<string, unknown>[];
    for (const entry of scores) expect(entry).toHaveProperty('lifetimeScore');
  });
});
