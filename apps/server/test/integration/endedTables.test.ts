import type { TableCodeMiss } from '@flightchess/protocol';
import { type Player, getJson, play, startedTable, waitFor } from '../support/players';
import { testServerPerFile } from '../support/server';

jest.setTimeout(60_000);

const t = testServerPerFile();

/** Play a two-seat game to its end and leave: the table closes. Its code, id and match. */
async function endedGame(options: Record<string, unknown>) {
  const players = await startedTable(t, 2, options);
  const host = players[0]!;
  const [code, roomId] = [host.state.code as string, host.room.roomId];
  await play(players);
  await waitFor(() => players.every((p) => p.state.result.recorded), 'the result recorded');
  const matchId = host.state.matchId as string;
  await Promise.all(players.map((p: Player) => p.room.leave(true)));
  await waitFor(async () => (await getJson(t, `/api/tables/${roomId}/ended`)).status !== 409, 'the table to close');
  return { code, roomId, matchId };
}

describe('a link that outlived its table (GET /api/tables/code/:code’s 404, GET /api/tables/:roomId/ended)', () => {
  test('a public table: its last game, who played and its settings, by its code (any letter case) or its id', async () => {
    const { code, roomId, matchId } = await endedGame({ private: false, rated: false, base: 7, turnSeconds: 20 });
    const byCode = await getJson<TableCodeMiss>(t, `/api/tables/code/${code.toLowerCase()}`);
    expect(byCode.status).toBe(404);
    expect(byCode.body).toEqual({
      error: { code: 'ERR_NO_TABLE', message: `the table with the code ${code} has closed` },
      ended: {
        tableId: roomId,
        status: 'finished',
        endedAt: expect.any(Number),
        matchId,
        players: ['Host', 'P1'],
        // Two people at a casual table: a seat its player leaves plays on there (TablePlay.gameOptions), and at a table like it.
        settings: {
          preset: 'online',
          options: { leftSeatsPlayOn: true },
          size: 2,
          teams: false,
          base: 7,
          turnSeconds: 20,
          private: false,
          rated: false,
          watchable: true,
        },
      },
    });
    expect(await getJson(t, `/api/tables/${roomId}/ended`)).toEqual({ status: 200, body: byCode.body.ended });
    expect((await getJson(t, `/api/tables/${roomId}/ended/`)).status).toBe(200);
  });

  test('a private table nobody may watch: that its game ended and its settings, by its code only; no record, no names', async () => {
    const { code, roomId } = await endedGame({ private: true, watchable: false });
    const byCode = await getJson<TableCodeMiss>(t, `/api/tables/code/${code}`);
    expect(byCode.status).toBe(404);
    expect(byCode.body.ended).toMatchObject({ tableId: roomId, status: 'finished', matchId: null, players: [] });
    expect(byCode.body.ended?.settings).toMatchObject({ private: true, watchable: false, size: 2 });
    expect(await getJson(t, `/api/tables/${roomId}/ended`)).toMatchObject({ status: 404, body: { error: { code: 'ERR_NO_TABLE' } } });
  });

  test('a private table that may be watched: its code shows the record, as it would the game', async () => {
    const { code, matchId } = await endedGame({ private: true, watchable: true });
    expect((await getJson<TableCodeMiss>(t, `/api/tables/code/${code}`)).body.ended).toMatchObject({ matchId, players: ['Host', 'P1'] });
  });

  test('an open table is no ended one (409), and a code or id that no table played under is not found (404, nothing more)', async () => {
    const players = await startedTable(t, 2, { private: false });
    const host = players[0]!;
    expect(await getJson(t, `/api/tables/${host.room.roomId}/ended`)).toMatchObject({
      status: 409,
      body: { error: { code: 'ERR_NOT_OVER' } },
    });
    for (const path of ['/api/tables/code/ACDEFG', '/api/tables/no-such-room/ended', `/api/tables/code/${'A'.repeat(2000)}`])
      expect(await getJson(t, path)).toEqual({ status: 404, body: { error: { code: 'ERR_NO_TABLE', message: expect.any(String) } } });
    await Promise.all(players.map((p) => p.room.leave(true)));
  });
});
