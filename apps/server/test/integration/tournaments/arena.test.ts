import type { TournamentView } from '@flightchess/protocol';
import { type Guest, type Player, credentials, getJson, joinById, newGuest, play, postJson, sleep, waitFor } from '../../support/players';
import { testServerPerFile } from '../../support/server';

jest.setTimeout(150_000);

// A seat nobody takes is held 3 s, then forfeited and played on by auto-play.
const t = testServerPerFile({ reconnectSeconds: 3 });

type Refused = { error?: { code: string } };

const view = async (id: string) => (await getJson<TournamentView>(t, `/api/tournaments/${id}`)).body;

/** Play every table the arena seats this player at, as it comes, until the arena is over. */
async function playArena(id: string, guest: Guest): Promise<number> {
  const played = new Set<string>();
  for (;;) {
    const v = await view(id);
    if (v.status === 'finished') return played.size;
    const table = v.roundList
      .flatMap((r) => r.tables)
      .find((x) => x.status === 'playing' && !played.has(x.matchId) && x.seats.some((s) => s.playerId === guest.playerId));
    if (!table) {
      await sleep(200);
      continue;
    }
    played.add(table.matchId);
    const me: Player = await joinById(t, table.roomId, guest);
    await waitFor(() => me.stream.state !== null, 'the game');
    // A duel against a bot or a person who plays too: the bots and the other player's own loop play their seats.
    await play([me]).catch(() => undefined);
    await waitFor(() => me.state.result.recorded === true, 'the result', 30_000);
    await me.room.leave(true);
  }
}

describe('an arena (issue 42): a set time, whoever is free seated again at once', () => {
  test('players are paired as they come free, a no-show paused, a player joined mid-way; scored with streaks; it ends on time', async () => {
    const [ann, bob, cat, dan] = await Promise.all(['Ann', 'Bob', 'Cat', 'Dan'].map((n) => newGuest(t, n)));
    const made = (
      await postJson<TournamentView>(t, '/api/tournaments', {
        ...credentials(ann!),
        format: 'arena',
        seats: 2,
        minutes: 1,
        startsAt: Date.now() + 1_500,
      })
    ).body;
    expect(made).toMatchObject({ format: 'arena', minutes: 1, rounds: 0, duplicate: false });
    for (const g of [bob!, cat!]) await postJson(t, `/api/tournaments/${made.id}/join`, credentials(g));

    // Ann and Bob play whatever they are seated at; Cat never comes to her table.
    const playing = [playArena(made.id, ann!), playArena(made.id, bob!)];
    await waitFor(async () => (await view(made.id)).status === 'running', 'the start');
    // Dan joins while it runs (an arena takes players until its end).
    expect((await postJson(t, `/api/tournaments/${made.id}/join`, credentials(dan!))).status).toBe(200);
    playing.push(playArena(made.id, dan!));
    const games = await Promise.all(playing);
    const done = await view(made.id);
    expect(done.status).toBe('finished');
    expect(Date.now()).toBeGreaterThanOrEqual(made.startsAt + 60_000);
    // Everyone who came played several games; Cat, who never came, one (forfeited, then paused).
    expect(games.every((n) => n >= 2)).toBe(true);
    const cats = done.roundList.flatMap((r) => r.tables).filter((x) => x.seats.some((s) => s.playerId === cat!.playerId));
    expect(cats).toHaveLength(1);
    expect(cats[0]!.seats.find((s) => s.playerId === cat!.playerId)!.points).toBe(0);
    // A table of two people, or one person and a bot when nobody else was free.
    for (const x of done.roundList.flatMap((r) => r.tables))
      expect(x.seats.filter((s) => s.playerId !== null).length).toBeGreaterThanOrEqual(1);
    // The score: place points, doubled on a streak (never less than the plain sum); ranked by it.
    for (const s of done.standings) {
      const plain = done.roundList
        .flatMap((r) => r.tables)
        .flatMap((x) => x.seats.filter((seat) => seat.playerId === s.playerId).map((seat) => seat.points ?? 0))
        .reduce((a, b) => a + b, 0);
      expect(s.points).toBeGreaterThanOrEqual(plain);
      expect(s.matchpoints).toBeNull();
    }
    expect(done.standings.map((s) => s.points)).toEqual([...done.standings.map((s) => s.points)].sort((a, b) => b - a));
    // Over: nobody joins any more.
    expect((await postJson<Refused>(t, `/api/tournaments/${made.id}/join`, credentials(cat!))).body.error?.code).toBe(
      'ERR_ALREADY_STARTED',
    );
  });

  test('an arena takes minutes and no rounds or duplicate dice; a Swiss rounds and no minutes', async () => {
    const g = await newGuest(t, 'Eve');
    const bad = async (body: Record<string, unknown>) =>
      (await postJson<Refused>(t, '/api/tournaments', { ...credentials(g), seats: 4, ...body })).body.error?.code;
    expect(await bad({ format: 'arena' })).toBe('ERR_BAD_REQUEST');
    expect(await bad({ format: 'arena', minutes: 30, rounds: 3 })).toBe('ERR_BAD_REQUEST');
    expect(await bad({ format: 'arena', minutes: 30, duplicate: true })).toBe('ERR_BAD_REQUEST');
    expect(await bad({ format: 'arena', minutes: 181 })).toBe('ERR_BAD_REQUEST');
    expect(await bad({ format: 'swiss' })).toBe('ERR_BAD_REQUEST');
    expect(await bad({ format: 'swiss', rounds: 3, minutes: 30 })).toBe('ERR_BAD_REQUEST');
  });
});
