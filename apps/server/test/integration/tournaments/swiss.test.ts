import type { MatchRecord, PlayerProfile, TournamentList, TournamentView, VerifyAnswer } from '@flightchess/protocol';
import { streamRollAt, teamOf } from '@flightchess/rules';
import { PageEvents } from '../../support/pageEvents';
import { type Guest, type Player, credentials, getJson, joinById, newGuest, play, postJson, waitFor, watch } from '../../support/players';
import { testServerPerFile } from '../../support/server';

jest.setTimeout(120_000);

// Rounds follow at once; a seat nobody takes is held 3 s, then plays on by auto-play.
const t = testServerPerFile({ tournamentBreakSeconds: 0, reconnectSeconds: 3 });

type Refused = { error?: { code: string } };

const view = async (id: string) => (await getJson<TournamentView>(t, `/api/tournaments/${id}`)).body;

async function tournament(creator: Guest, body: Record<string, unknown>): Promise<TournamentView> {
  const made = await postJson<TournamentView>(t, '/api/tournaments', { ...credentials(creator), format: 'swiss', ...body });
  expect(made.status).toBe(201);
  return made.body;
}

/** Each player's seat in the round, joined as any table is (joinById with their credentials). */
async function sitDown(id: string, round: number, guests: readonly Guest[]): Promise<Map<string, Player[]>> {
  const opened = (r: TournamentView['roundList'][number] | undefined) =>
    r !== undefined && r.startedAt !== null && r.tables.every((x) => x.status === 'playing');
  await waitFor(async () => opened((await view(id)).roundList[round - 1]), `round ${round}`);
  const tables = new Map<string, Player[]>();
  for (const x of (await view(id)).roundList[round - 1]!.tables) {
    const people = guests.filter((g) => x.seats.some((s) => s.playerId === g.playerId));
    const players = await Promise.all(people.map((g) => joinById(t, x.roomId, g)));
    for (const p of players) await waitFor(() => p.stream.state !== null, 'the game');
    tables.set(x.matchId, players);
  }
  return tables;
}

describe('Swiss tournaments (issue 42)', () => {
  test('a duplicate Swiss of duels: committed boards, the same dice per stream at every table, seeds shown when the round ends, matchpoints', async () => {
    const guests = await Promise.all(['Ann', 'Bob', 'Cat', 'Dan'].map((n) => newGuest(t, n)));
    const made = await tournament(guests[0]!, {
      seats: 2,
      rounds: 2,
      duplicate: true,
      startsAt: Date.now() + 2_000,
      name: 'Evening duels',
    });
    expect(made).toMatchObject({ name: 'Evening duels', status: 'upcoming', players: 1, seats: 2, rounds: 2, duplicate: true });
    for (const g of guests.slice(1)) expect((await postJson(t, `/api/tournaments/${made.id}/join`, credentials(g))).status).toBe(200);
    expect((await getJson<TournamentList>(t, '/api/tournaments')).body.upcoming.map((x) => x.id)).toContain(made.id);

    await waitFor(async () => (await view(made.id)).status === 'running', 'the start');
    // Too late to join now; every round's board is committed to from the start, its seed still secret.
    const late = await newGuest(t, 'Eve');
    expect((await postJson<Refused>(t, `/api/tournaments/${made.id}/join`, credentials(late))).body.error?.code).toBe(
      'ERR_ALREADY_STARTED',
    );
    const started = await view(made.id);
    expect(started.roundList.map((r) => [r.commitment?.length, r.seed])).toEqual([
      [64, null],
      [64, null],
    ]);

    // Ann's open page is told her table as the round opens it.
    const annPage = new PageEvents(t.baseUrl, credentials(guests[0]!));
    const round1 = await sitDown(made.id, 1, guests);
    const r1 = (await view(made.id)).roundList[0]!;
    const annTable = r1.tables.find((x) => x.seats.some((s) => s.playerId === guests[0]!.playerId))!;
    await waitFor(
      () => annPage.events.some((e) => e.type === 'tournamentTables' && e.tables[0]?.roomId === annTable.roomId),
      "Ann's page told her table",
    );
    expect(annPage.events.filter((e) => e.type === 'tournamentTables').at(-1)).toEqual({
      type: 'tournamentTables',
      tables: [
        {
          tournamentId: made.id,
          name: 'Evening duels',
          format: 'swiss',
          round: 1,
          roomId: annTable.roomId,
          matchId: annTable.matchId,
          colour: annTable.seats.find((s) => s.playerId === guests[0]!.playerId)!.colour,
        },
      ],
    });
    expect(r1.tables).toHaveLength(2);
    // Every table holds streams 0 and 1, its seats those who were paired there.
    for (const x of r1.tables) expect(x.seats.map((s) => s.stream).sort()).toEqual([0, 1]);
    const [a, b] = [...round1.values()];
    const tableA = r1.tables.find((x) => x.roomId === a![0]!.room.roomId)!;
    // Nobody playing the board watches its other table; someone who is not in the round may.
    await expect(watch(t.colyseus.sdk, tableA.roomId, b![0]!.guest)).rejects.toMatchObject({
      message: expect.stringMatching(/ERR_NOT_WATCHABLE/),
    });
    const eve = await watch(t.colyseus.sdk, tableA.roomId, late);
    // Table A plays to its end while table B has not begun: A's record waits for the round (it would tell B its dice).
    await play(a!);
    await waitFor(async () => (await view(made.id)).roundList[0]!.tables.some((x) => x.status === 'finished'), 'table A recorded');
    for (const path of [`/api/matches/${tableA.matchId}`, `/api/matches/${tableA.matchId}/verify`])
      expect((await getJson<Refused>(t, path)).body.error?.code).toBe('ERR_NOT_OVER');
    // Its own players read it (they saw every roll of it), without the seed; a player of the other table may not.
    const own = (await postJson<MatchRecord>(t, `/api/matches/${tableA.matchId}`, credentials(a![0]!.guest))).body;
    expect(own).toMatchObject({ status: 'finished', seed: null, commitment: r1.commitment, tournamentId: made.id });
    const other = await postJson<Refused>(t, `/api/matches/${tableA.matchId}`, credentials(b![0]!.guest));
    expect(other.body.error?.code).toBe('ERR_NOT_OVER');
    // A tournament's table takes no rematch: the next round pairs everyone again.
    await waitFor(() => a![0]!.state.result.recorded === true, 'the result recorded');
    const refusals = a![0]!.errors.length;
    a![0]!.send('rematch', {});
    await waitFor(() => a![0]!.errors.length > refusals, 'the refusal');
    expect(a![0]!.errors.at(-1)).toMatchObject({ code: 'ERR_NOT_ALLOWED' });
    await eve.room.leave(true);
    await play(b!);
    await waitFor(async () => (await view(made.id)).roundList[0]!.endedAt !== null, 'round 1 to end');

    const ended = await view(made.id);
    const seed = ended.roundList[0]!.seed!;
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    for (const x of ended.roundList[0]!.tables) {
      const record = (await getJson<MatchRecord>(t, `/api/matches/${x.matchId}`)).body;
      expect(record.seed).toBe(seed);
      expect(record.commitment).toBe(ended.roundList[0]!.commitment);
      // The stream-0 seat starts at every table of the round.
      expect(record.setup.firstSeat).toBe(x.seats.find((s) => s.stream === 0)!.colour);
      // Roll n of a seat is die n of its stream: at every table alike.
      const rolled: Record<string, number> = {};
      for (const action of record.actions) {
        if (action.type !== 'roll') continue;
        const n = (rolled[action.seat] = (rolled[action.seat] ?? -1) + 1);
        expect(action.value).toBe(streamRollAt(seed, record.diceStreams![action.seat]!, n));
      }
      expect((await getJson<VerifyAnswer>(t, `/api/matches/${x.matchId}/verify`)).body.dice).toEqual({
        ok: true,
        value: { rolls: expect.any(Number) },
      });
      // A duel's points are 1 and 0; the matchpoints compare with the one other holder of the stream.
      expect(x.seats.map((s) => s.points).sort()).toEqual([0, 1]);
      for (const s of x.seats) expect([0, 0.5, 1]).toContain(s.matchpoints);
    }
    for (const players of round1.values()) for (const p of players) await p.room.leave(true);
    // The round over, Ann's page has no table until the next round opens one.
    await waitFor(() => annPage.events.some((e) => e.type === 'tournamentTables' && e.tables.length === 0), 'the table gone');

    // Round two: nobody meets the same opponent again.
    const round2 = await sitDown(made.id, 2, guests);
    const r2 = (await view(made.id)).roundList[1]!;
    const pairsOf = (r: typeof r1) =>
      r.tables.map((x) =>
        x.seats
          .map((s) => s.playerId)
          .sort()
          .join(' '),
      );
    for (const pair of pairsOf(r2)) expect(pairsOf(r1)).not.toContain(pair);
    await Promise.all([...round2.values()].map((players) => play(players)));
    await waitFor(async () => (await view(made.id)).status === 'finished', 'the end');
    const done = await view(made.id);
    expect(done.roundList[1]!.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(done.standings.map((s) => s.rank)).toEqual([1, 2, 3, 4]);
    expect(done.standings.reduce((sum, s) => sum + s.points, 0)).toBe(4);
    expect(done.standings.reduce((sum, s) => sum + s.matchpoints!, 0)).toBe(4);
    expect(done.standings.every((s) => s.games === 2)).toBe(true);
    // The luck-free column: every game reviewed (here on the server's own thread, a part at a time), each player's decisions' losses summed.
    await waitFor(async () => (await view(made.id)).standings.every((s) => s.reviewed === 2), 'the reviews', 60_000);
    const reviewed = await view(made.id);
    for (const s of reviewed.standings) expect(s.decisionLoss).toBeGreaterThanOrEqual(0);
    // Ranked by the rating: results less the dice's part as the reviews read it; 0 the field's middle.
    const ratings = reviewed.standings.map((s) => s.rating!);
    expect(ratings).toEqual([...ratings].sort((x, y) => y - x));
    expect(ratings.reduce((sum, r) => sum + r, 0)).toBeCloseTo(0, 2);
    expect(reviewed.standings.map((s) => [s.playerId, s.points, s.matchpoints]).sort()).toEqual(
      done.standings.map((s) => [s.playerId, s.points, s.matchpoints]).sort(),
    );
    expect((await getJson<TournamentList>(t, '/api/tournaments')).body.finished.map((x) => x.id)).toContain(made.id);
    // Each player's profile lists it, with where they finished.
    const mine = reviewed.standings.find((s) => s.playerId === guests[0]!.playerId)!;
    expect((await getJson<PlayerProfile>(t, `/api/players/${guests[0]!.playerId}`)).body.tournaments).toEqual([
      {
        id: made.id,
        name: 'Evening duels',
        status: 'finished',
        startsAt: made.startsAt,
        duplicate: true,
        rank: mine.rank,
        players: 4,
        points: mine.points,
        matchpoints: mine.matchpoints,
      },
    ]);
    for (const players of round2.values()) for (const p of players) await p.room.leave(true);
    await annPage.close();
  });

  test('tables of four with bots filling, a no-show played by auto-play and placed last, a withdrawal not paired again', async () => {
    const guests = await Promise.all(['Fay', 'Gus', 'Hal'].map((n) => newGuest(t, n)));
    const made = await tournament(guests[0]!, { seats: 4, rounds: 2, startsAt: Date.now() + 2_000, private: true });
    for (const g of guests.slice(1)) await postJson(t, `/api/tournaments/${made.id}/join`, credentials(g));
    // Private: not listed, its id is its link.
    expect((await getJson<TournamentList>(t, '/api/tournaments')).body.upcoming.map((x) => x.id)).not.toContain(made.id);
    await waitFor(async () => (await view(made.id)).roundList[0]?.tables.length === 1, 'round 1');
    const table = (await view(made.id)).roundList[0]!.tables[0]!;
    expect(table.seats.filter((s) => s.bot === 'strong')).toHaveLength(1);
    expect(table.seats.every((s) => s.stream === null)).toBe(true);
    // Hal never comes: his seat is held, then forfeited, and plays on by auto-play to the end.
    const [fay, gus] = await Promise.all(guests.slice(0, 2).map((g) => joinById(t, table.roomId, g)));
    for (const p of [fay!, gus!]) await waitFor(() => p.stream.state !== null, 'the game');
    expect((await postJson(t, `/api/tournaments/${made.id}/withdraw`, credentials(guests[1]!))).status).toBe(200);
    await play([fay!, gus!], undefined, 90_000);
    await waitFor(async () => (await view(made.id)).roundList[0]!.endedAt !== null, 'round 1 to end');
    const r1 = (await view(made.id)).roundList[0]!.tables[0]!;
    const hal = r1.seats.find((s) => s.playerId === guests[2]!.playerId)!;
    expect(hal.points).toBe(0);
    // A private tournament's games are its players' to read.
    expect((await getJson<Refused>(t, `/api/matches/${r1.matchId}`)).status).toBe(404);
    const record = (await postJson<MatchRecord>(t, `/api/matches/${r1.matchId}`, credentials(guests[0]!))).body;
    expect(record.seats.find((s) => s.playerId === guests[2]!.playerId)!.out).toBe('forfeit');
    // Round two seats Fay and Hal only (Gus withdrew), bots in the other seats.
    await waitFor(async () => (await view(made.id)).roundList[1]?.tables.length === 1, 'round 2');
    const r2 = (await view(made.id)).roundList[1]!.tables[0]!;
    expect(r2.seats.flatMap((s) => (s.playerId ? [s.playerId] : [])).sort()).toEqual([guests[0]!.playerId, guests[2]!.playerId].sort());
    expect((await postJson<Refused>(t, `/api/tournaments/${made.id}/withdraw`, credentials(guests[1]!))).body.error?.code).toBe(
      'ERR_NOT_JOINED',
    );
    // A private tournament's table has no code: an empty one lets nobody watch it or read its game.
    const outsider = await newGuest(t, 'Out');
    await expect(watch(t.colyseus.sdk, table.roomId, outsider, '')).rejects.toMatchObject({
      message: expect.stringMatching(/ERR_PRIVATE_TABLE/),
    });
    expect((await postJson<Refused>(t, `/api/matches/${r1.matchId}`, { ...credentials(outsider), code: '' })).status).toBe(404);
    // A private tournament is on its players' own profiles only.
    expect((await getJson<PlayerProfile>(t, `/api/players/${guests[0]!.playerId}`)).body.tournaments).toEqual([]);
    const own = await postJson<PlayerProfile>(t, `/api/players/${guests[0]!.playerId}/profile`, { secret: guests[0]!.secret });
    expect(own.body.tournaments.map((x) => [x.id, x.status])).toEqual([[made.id, 'running']]);
    await fay!.room.leave(true);
    await gus!.room.leave(true);
  });

  test("2v2: partners sit opposite and share their team's result", async () => {
    const guests = await Promise.all(['Kim', 'Lou', 'Max', 'Ned'].map((n) => newGuest(t, n)));
    const made = await tournament(guests[0]!, { seats: 4, teams: true, rounds: 1, startsAt: Date.now() + 1_500 });
    expect(made).toMatchObject({ teams: true, seats: 4 });
    for (const g of guests.slice(1)) await postJson(t, `/api/tournaments/${made.id}/join`, credentials(g));
    const tables = await sitDown(made.id, 1, guests);
    const [players] = [...tables.values()];
    expect(players![0]!.game.teams).toBe(true);
    await play(players!);
    await waitFor(async () => (await view(made.id)).status === 'finished', 'the end');
    const seats = (await view(made.id)).roundList[0]!.tables[0]!.seats;
    // The winning pair 2½ each (ahead of both losers, level with each other), the losers ½ each.
    const byTeam = (team: 0 | 1) => seats.filter((s) => teamOf(s.colour) === team).map((s) => s.points);
    expect([byTeam(0), byTeam(1)].map((p) => p.sort()).sort()).toEqual([
      [0.5, 0.5],
      [2.5, 2.5],
    ]);
    for (const p of players!) await p.room.leave(true);
  });

  test('bad requests change nothing', async () => {
    const g = await newGuest(t, 'Ida');
    const bad = async (body: Record<string, unknown>) =>
      (await postJson<Refused>(t, '/api/tournaments', { ...credentials(g), format: 'swiss', seats: 4, rounds: 3, ...body })).body.error
        ?.code;
    expect(await bad({ seats: 3 })).toBe('ERR_BAD_REQUEST');
    expect(await bad({ seats: 2, teams: true })).toBe('ERR_BAD_REQUEST');
    expect(await bad({ rounds: 0 })).toBe('ERR_BAD_REQUEST');
    expect(await bad({ rounds: 16 })).toBe('ERR_BAD_REQUEST');
    expect(await bad({ format: 'arena' })).toBe('ERR_BAD_REQUEST');
    expect(await bad({ startsAt: Date.now() - 60_000 })).toBe('ERR_BAD_REQUEST');
    expect(await bad({ startsAt: Date.now() + 40 * 86_400_000 })).toBe('ERR_BAD_REQUEST');
    expect(await bad({ extra: 1 })).toBe('ERR_BAD_REQUEST');
    expect(await bad({ secret: 'wrong' })).toBe('ERR_BAD_CREDENTIALS');
    // Five of one's own tournaments not ended at most.
    for (let i = 0; i < 5; i++)
      expect(
        (
          await postJson(t, '/api/tournaments', {
            ...credentials(g),
            format: 'swiss',
            seats: 4,
            rounds: 1,
            startsAt: Date.now() + 86_400_000,
          })
        ).status,
      ).toBe(201);
    expect(await bad({ startsAt: Date.now() + 86_400_000 })).toBe('ERR_TOO_MANY');
    expect((await getJson<Refused>(t, '/api/tournaments/nope')).body.error?.code).toBe('ERR_NO_TOURNAMENT');
    expect((await getJson<Refused>(t, `/api/tournaments/${'x'.repeat(200)}`)).body.error?.code).toBe('ERR_NO_TOURNAMENT');
    expect((await postJson<Refused>(t, '/api/tournaments/nope/join', credentials(g))).body.error?.code).toBe('ERR_NO_TOURNAMENT');
    expect((await postJson<Refused>(t, '/api/tournaments/nope/withdraw', credentials(g))).body.error?.code).toBe('ERR_NO_TOURNAMENT');
  });
});
