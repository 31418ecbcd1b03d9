import { JOIN_ERROR_NUMBERS } from '@flightchess/protocol';
import { create, joinById, newGuest, startedTable, waitFor } from '../support/players';
import { testServerPerFile } from '../support/server';

jest.setTimeout(30_000);

const t = testServerPerFile({ maxTables: 2, maxConnections: 3 });

describe('process-wide caps (MAX_TABLES, MAX_CONNECTIONS)', () => {
  test('beyond them new tables and new players are refused with a clear message; games in progress, and players coming back, are not', async () => {
    const game = await startedTable(t, 2);
    const lobby = await create(t, await newGuest(t, 'Lobby'), { size: 2 });

    // Two tables: a third is refused.
    await expect(create(t, await newGuest(t, 'Third'), { size: 2 })).rejects.toMatchObject({
      code: JOIN_ERROR_NUMBERS.ERR_SERVER_FULL,
      message: expect.stringMatching(/^ERR_SERVER_FULL: this server has its 2 tables already/),
    });

    // Three connections: a new player at the waiting table is refused.
    await expect(joinById(t, lobby.room.roomId, await newGuest(t, 'Fourth'))).rejects.toMatchObject({
      code: JOIN_ERROR_NUMBERS.ERR_SERVER_FULL,
      message: expect.stringMatching(/^ERR_SERVER_FULL: this server has its 3 players already/),
    });

    // The game in progress plays on, and its players come back to their seats.
    const mover = game.find((p) => p.colour === game[0]!.game.current)!;
    const { version } = mover.game;
    mover.send('roll', { version });
    await waitFor(() => game[0]!.game.version > version, 'the roll');
    const other = game.find((p) => p !== mover)!;
    await other.room.leave(false);
    await waitFor(() => mover.state.seats.get(other.colour).connected === false, 'the drop');
    const back = await joinById(t, game[0]!.room.roomId, other.guest);
    expect(back.colour).toBe(other.colour);
    await Promise.all([mover.room.leave(true), back.room.leave(true), lobby.room.leave()]);
  });
});
