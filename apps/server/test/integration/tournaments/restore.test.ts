import type { MatchRecord, TournamentView } from '@flightchess/protocol';
import { streamRollAt } from '@flightchess/rules';
import { Client } from 'colyseus.js';
import { type Guest, Player, credentials, getJson, newGuest, play, postJson, rejoin, waitFor } from '../../support/players';
import { processesPerTest } from '../../support/processes';

jest.setTimeout(120_000);

const servers = processesPerTest('tournament');
const ENV = { TOURNAMENT_BREAK_SECONDS: '0', RECONNECT_SECONDS: '60' };

/** Every player at their table of the round (joinById with their credentials), in the round's table order. */
async function seatAll(via: Client, round: TournamentView['roundList'][number], guests: readonly Guest[]): Promise<Player[][]> {
  const tables: Player[][] = [];
  for (const x of round.tables) {
    const people = guests.filter((g) => x.seats.some((s) => s.playerId === g.playerId));
    const players = await Promise.all(people.map(async (g) => new Player(await via.joinById(x.roomId, credentials(g)), g)));
    for (const p of players) await waitFor(() => p.seated && p.stream.state !== null, 'the seat and the game');
    tables.push(players);
  }
  return tables;
}

describe('a tournament through kill -9 (SQLite, a new process on the same data)', () => {
  test("mid-round: every table is restored where it stood, its board's dice go on per stream, the standings are the same, and the tournament plays to its end", async () => {
    const first = await servers.serve('first', ENV);
    const http = { baseUrl: first.baseUrl };
    const guests = await Promise.all(['Ann', 'Bob', 'Cat', 'Dan'].map((n) => newGuest(http, n)));
    const made = (
      await postJson<TournamentView>(http, '/api/tournaments', {
        ...credentials(guests[0]!),
        format: 'swiss',
        seats: 2,
        rounds: 2,
        duplicate: true,
        startsAt: Date.now() + 1_500,
      })
    ).body;
    for (const g of guests.slice(1)) await postJson(http, `/api/tournaments/${made.id}/join`, credentials(g));
    const view = async (baseUrl: string) => (await getJson<TournamentView>({ baseUrl }, `/api/tournaments/${made.id}`)).body;
    await waitFor(async () => ((await view(first.baseUrl)).roundList[0]?.tables ?? []).length === 2, 'round 1', 15_000);
    const round1 = (await view(first.baseUrl)).roundList[0]!;

    // Everyone at their table; both games a few rolls in.
    const tables = await seatAll(new Client(first.baseUrl), round1, guests);
    await Promise.all(tables.map((players) => play(players, (g) => g.rolls >= 6)));
    const before = await view(first.baseUrl);

    first.signal('SIGKILL');
    await first.exited;
    const second = await servers.serve('second', ENV, first.port);
    await waitFor(() => second.logs.filter((l) => l.event === 'table-restored').length === 2, 'both tables restored');
    // The same tournament as it stood: the round, its tables and seats, its commitments, the standings.
    expect(await view(second.baseUrl)).toEqual(before);

    const back = new Client(second.baseUrl);
    for (const [i, players] of tables.entries()) {
      const roomId = round1.tables[i]!.roomId;
      for (const p of players) await rejoin(p, back, roomId);
    }
    await Promise.all(tables.map((players) => play(players)));
    await waitFor(async () => (await view(second.baseUrl)).roundList[0]!.endedAt !== null, 'round 1 to end');
    const seed = (await view(second.baseUrl)).roundList[0]!.seed!;
    // Across the restart each seat's dice went on along its stream: roll n of a seat is die n of its stream.
    for (const x of round1.tables) {
      const record = (await getJson<MatchRecord>({ baseUrl: second.baseUrl }, `/api/matches/${x.matchId}`)).body;
      const rolled: Record<string, number> = {};
      for (const a of record.actions)
        if (a.type === 'roll')
          expect(a.value).toBe(streamRollAt(seed, record.diceStreams![a.seat]!, (rolled[a.seat] = (rolled[a.seat] ?? -1) + 1)));
    }
    for (const players of tables) for (const p of players) await p.room.leave(true);

    // The second process pairs round two and plays the tournament to its end.
    await waitFor(async () => ((await view(second.baseUrl)).roundList[1]?.startedAt ?? null) !== null, 'round 2', 15_000);
    const round2 = (await view(second.baseUrl)).roundList[1]!;
    const next = await seatAll(back, round2, guests);
    await Promise.all(next.map((players) => play(players)));
    await waitFor(async () => (await view(second.baseUrl)).status === 'finished', 'the end');
    const done = await view(second.baseUrl);
    expect(done.standings.map((s) => s.games)).toEqual([2, 2, 2, 2]);
    // Every game is reviewed, in the bundle's worker thread: the luck-free column is filled in.
    await waitFor(async () => (await view(second.baseUrl)).standings.every((s) => s.reviewed === 2), 'the reviews', 30_000);
    for (const s of (await view(second.baseUrl)).standings) expect(s.decisionLoss).toBeGreaterThanOrEqual(0);
    expect(second.logs.filter((l) => l.event === 'tournament-reviewed').map((l) => l.where)).toContain('worker');
    for (const players of next) for (const p of players) await p.room.leave(true);
  });
});
