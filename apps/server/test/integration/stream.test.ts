import type { GameState } from '@flightchess/rules';
import { Client } from 'colyseus.js';
import { Player, create, joinById, newGuest, play, waitFor } from '../support/players';
import { liveTable } from '../support/liveTable';
import { testServerPerFile } from '../support/server';

jest.setTimeout(60_000);

const t = testServerPerFile({ reconnectSeconds: 30 });

/** The server's own engine state of a table (the test server runs in this process). */
function serverGame(roomId: string): GameState {
  const match = liveTable(roomId)?.play.match;
  if (!match) throw new Error(`no game at ${roomId}`);
  return match.state;
}

describe('the game as a stream of actions', () => {
  test('a sync before the game has started is answered with ERR_NOT_STARTED and changes nothing; the snapshot comes with the game', async () => {
    const host = await create(t, await newGuest(t, 'Early'), { size: 2 });
    await waitFor(() => host.seated && host.noGameYet.length === 1, 'the seat, and the answer to the sync sent on joining');
    host.send('sync', {});
    await waitFor(() => host.noGameYet.length === 2, 'the answer to a second sync');
    expect(host.noGameYet[1]).toMatchObject({
      code: 'ERR_NOT_STARTED',
      request: 'sync',
      message: expect.stringContaining('when it starts'),
    });
    expect(host.errors).toEqual([]);
    expect(host.state.status).toBe('waiting');
    expect(host.snapshots).toBe(0);
    const guest = await joinById(t, host.room.roomId, await newGuest(t, 'Late'));
    for (const p of [host, guest]) p.send('ready', { ready: true });
    await waitFor(() => host.stream.state !== null && guest.stream.state !== null, 'the snapshots at the start');
    await Promise.all([host.room.leave(), guest.room.leave()]);
  });

  test('each client applies every action itself and ends exactly where the server is; a lost action is noticed and mended by a snapshot', async () => {
    // (Websockets do not lose messages; a client must still never stay behind.)
    const host = await create(t, await newGuest(t, 'Host'), { size: 2 });
    const guest = await newGuest(t, 'Lossy');
    // This client's network loses the action that makes version 4, once.
    let lost = 0;
    const lossy = new Player(
      await t.colyseus.sdk.joinById(host.room.roomId, { playerId: guest.playerId, secret: guest.secret }),
      guest,
      (m) => {
        if (m.version !== 3 || lost > 0) return false;
        lost++;
        return true;
      },
    );
    await waitFor(() => lossy.seated, 'the seat');
    const players = [host, lossy];
    for (const p of players) p.send('ready', { ready: true });
    await waitFor(() => players.every((p) => p.stream.state !== null), 'the snapshots');

    await play(players, (g) => g.version >= 12);
    expect(lost).toBe(1);
    // Mended by a second snapshot: asked for when the next action did not follow on, or when the answer to the
    // client's link check named a newer version (the lost action was the last for a while).
    await waitFor(() => lossy.snapshots >= 2, 'the mending snapshot');
    // The server may play a single legal move by itself meanwhile: compare with its game as it is then.
    await waitFor(() => lossy.game.version === serverGame(host.room.roomId).version, 'the lossy client to catch up');
    expect(lossy.game).toEqual(serverGame(host.room.roomId));

    await play(players);
    const final = serverGame(host.room.roomId);
    for (const p of players) expect(p.game).toEqual(final);
    expect(host.gaps).toBe(0);
    await Promise.all(players.map((p) => p.room.leave()));
  });

  test('a client that comes back after missing actions (a new page with the token) is exactly in sync at once', async () => {
    // Short turns: the absent seat's turns time out into auto-play, and the game goes on without it.
    const host = await create(t, await newGuest(t, 'Host'), { size: 2, turnSeconds: 0.3 });
    const away = await joinById(t, host.room.roomId, await newGuest(t, 'Away'));
    for (const p of [host, away]) p.send('ready', { ready: true });
    await waitFor(() => [host, away].every((p) => p.stream.state !== null), 'the snapshots');
    const token = away.room.reconnectionToken;
    await away.room.leave(false);
    host.send('auto-play', { on: true });
    await waitFor(() => host.game.version >= 10 && serverGame(host.room.roomId).version >= 10, 'the game to go on');

    const back = new Player(await new Client(t.baseUrl.replace('http', 'ws')).reconnect(token), away.guest);
    await waitFor(() => back.stream.state !== null, 'the snapshot');
    const first = back.game.version;
    expect(first).toBeGreaterThanOrEqual(10);
    // The game runs on meanwhile (the server may be ahead by what is in flight): the client follows
    // every action and, level with the server, has exactly its state.
    await waitFor(() => serverGame(host.room.roomId).version >= first + 4 || serverGame(host.room.roomId).phase === 'over', 'more actions');
    await waitFor(() => back.game.version === serverGame(host.room.roomId).version, 'the client to be level with the server');
    expect(back.game).toEqual(serverGame(host.room.roomId));
    expect(back.gaps).toBe(0);
    await Promise.all([host.room.leave(true), back.room.leave(true)]);
  });
});
