import type { MatchRecord, TournamentView } from '@flightchess/protocol';
import { verifyStreamRolls } from '@flightchess/rules';
import { type Guest, credentials, getJson, joinById, newGuest, play, postJson, waitFor } from '../../support/players';
import { testServerPerFile } from '../../support/server';

jest.setTimeout(180_000);

const t = testServerPerFile({ tournamentBreakSeconds: 0 });

const view = async (id: string) => (await getJson<TournamentView>(t, `/api/tournaments/${id}`)).body;

/** Every player at their table of the round, each table played to its end by its players (first legal move). */
async function playRound(id: string, round: number, guests: readonly Guest[]): Promise<void> {
  await waitFor(
    async () => {
      const r = (await view(id)).roundList[round - 1];
      return r !== undefined && r.startedAt !== null && r.tables.every((x) => x.status === 'playing');
    },
    `round ${round}`,
    20_000,
  );
  const { tables } = (await view(id)).roundList[round - 1]!;
  await Promise.all(
    tables.map(async (x) => {
      const people = guests.filter((g) => x.seats.some((s) => s.playerId === g.playerId));
      const players = await Promise.all(people.map((g) => joinById(t, x.roomId, g)));
      for (const p of players) await waitFor(() => p.stream.state !== null, 'the game');
      await play(players, undefined, 120_000);
      await waitFor(() => players[0]!.state.result.recorded === true, 'the result');
      for (const p of players) await p.room.leave(true);
    }),
  );
}

describe('a 16-player duplicate Swiss to the end, through the protocol', () => {
  test('four rounds of four tables of four: every board committed, dealt alike, revealed and verified; streams spread; no repeat meetings where avoidable; standings whole', async () => {
    const guests = await Promise.all(Array.from({ length: 16 }, (_, i) => newGuest(t, `P${i + 1}`)));
    const made = (
      await postJson<TournamentView>(t, '/api/tournaments', {
        ...credentials(guests[0]!),
        format: 'swiss',
        seats: 4,
        rounds: 4,
        duplicate: true,
        startsAt: Date.now() + 3_000,
      })
    ).body;
    for (const g of guests.slice(1)) expect((await postJson(t, `/api/tournaments/${made.id}/join`, credentials(g))).status).toBe(200);
    await waitFor(async () => (await view(made.id)).status === 'running', 'the start');
    const commitments = (await view(made.id)).roundList.map((r) => r.commitment);
    expect(new Set(commitments).size).toBe(4);

    for (let round = 1; round <= 4; round++) await playRound(made.id, round, guests);
    await waitFor(async () => (await view(made.id)).status === 'finished', 'the end');
    const done = await view(made.id);

    // The commitments published at the start are the boards revealed, and every table's dice check against its round's.
    expect(done.roundList.map((r) => r.commitment)).toEqual(commitments);
    for (const r of done.roundList) {
      expect(r.tables).toHaveLength(4);
      expect(r.byes).toEqual([]);
      for (const x of r.tables) {
        expect(x.seats.every((s) => s.playerId !== null)).toBe(true);
        const record = (await getJson<MatchRecord>(t, `/api/matches/${x.matchId}`)).body;
        expect(record.seed).toBe(r.seed);
        expect(verifyStreamRolls(record.seed!, r.commitment!, record.actions, record.diceStreams!).ok).toBe(true);
      }
      // Every table's seat of stream k is the same colour: the round deals alike at every table.
      const colourOf = (k: number) => new Set(r.tables.map((x) => x.seats.find((s) => s.stream === k)!.colour));
      for (const k of [0, 1, 2, 3]) expect(colourOf(k).size).toBe(1);
      // Each stream's matchpoints over the round's four tables: each pair of its holders compared once, 6 to share.
      for (const k of [0, 1, 2, 3]) expect(r.tables.reduce((sum, x) => sum + x.seats.find((s) => s.stream === k)!.matchpoints!, 0)).toBe(6);
    }
    // Four rounds, four streams, given to those who held them least: nobody holds one stream three times, and
    // most hold each once (a table's four must take four different streams, which can force a repeat).
    let everyStream = 0;
    for (const g of guests) {
      const held = done.roundList.map((r) => r.tables.flatMap((x) => x.seats).find((s) => s.playerId === g.playerId)!.stream!);
      const most = Math.max(...[0, 1, 2, 3].map((k) => held.filter((h) => h === k).length));
      expect(most).toBeLessThanOrEqual(2);
      if (most === 1) everyStream++;
    }
    expect(everyStream).toBeGreaterThanOrEqual(6);
    // Round two seats nobody with anyone they met in round one (a field of 16 allows it).
    const met = new Set<string>();
    for (const x of done.roundList[0]!.tables)
      for (const a of x.seats) for (const b of x.seats) if (a !== b) met.add(`${a.playerId} ${b.playerId}`);
    for (const x of done.roundList[1]!.tables)
      for (const a of x.seats) for (const b of x.seats) if (a !== b) expect(met.has(`${a.playerId} ${b.playerId}`)).toBe(false);
    // The standings: everyone, four games each, the points of 16 tables (6 each) all handed out.
    expect(done.standings).toHaveLength(16);
    expect(done.standings.every((s) => s.games === 4)).toBe(true);
    expect(done.standings.reduce((sum, s) => sum + s.points, 0)).toBe(16 * 6);
    expect(done.standings.map((s) => s.rank)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });
});
