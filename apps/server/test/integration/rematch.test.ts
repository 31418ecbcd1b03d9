import { matchMaker } from '@colyseus/core';
import { create, getJson, newGuest, play, sleep, startedTable, waitFor } from '../support/players';
import { testServerPerFile } from '../support/server';

jest.setTimeout(60_000);

const t = testServerPerFile();

describe('rematch', () => {
  test('is refused during a game and changes nothing', async () => {
    const players = await startedTable(t, 2);
    const [a, b] = players;
    const before = { matchId: a!.state.matchId, version: a!.game.version, commitment: a!.state.commitment };
    expect(await a!.refused('rematch', {})).toMatchObject({ code: 'ERR_NOT_OVER', request: 'rematch' });
    expect(await b!.refused('rematch', { again: true })).toMatchObject({ code: 'ERR_BAD_MESSAGE' });
    expect(a!.state.status).toBe('playing');
    expect({ matchId: a!.state.matchId, version: a!.game.version, commitment: a!.state.commitment }).toEqual(before);
    expect(t.logs.events('rematch').filter((l) => l.tableId === a!.room.roomId)).toHaveLength(0);
    await Promise.all(players.map((p) => p.room.leave()));
  });

  test('after a recorded game resets the table to seating, with the same join code; the next game is a new match and both are stored', async () => {
    const players = await startedTable(t, 2, { base: 5 });
    const [a, b] = players;
    const first = { matchId: a!.state.matchId as string, commitment: a!.state.commitment as string };
    const code = a!.state.code as string;
    expect(code).not.toBe('');
    await play(players);
    await waitFor(() => players.every((p) => p.state.result.recorded), 'the first result to be recorded');

    b!.send('rematch', {});
    await waitFor(() => players.every((p) => p.state.status === 'waiting'), 'the table to go back to seating');
    expect(((await getJson(t, `/api/tables/code/${code}`)).body as { roomId: string }).roomId).toBe(a!.room.roomId);
    for (const p of players) {
      const s = p.state;
      expect(s.code).toBe(code);
      expect(s.seats.size).toBe(2);
      expect(s.hostId).toBe(a!.guest.playerId);
      expect(p.seat.ready).toBe(false);
      expect(p.seat.score).toBe(0);
      expect({ matchId: s.matchId, seed: s.seed, commitment: s.commitment }).toEqual({ matchId: '', seed: '', commitment: '' });
      // No clock runs for the finished game.
      expect(p.clock).toEqual({});
      expect(s.result.reason).toBe('');
      expect(s.result.recorded).toBe(false);
    }
    expect(t.logs.events('rematch').filter((l) => l.tableId === a!.room.roomId)).toHaveLength(1);
    // The others are not moved: still seated and connected at the same room, unready, told who asks (their client shows the
    // invitation over the results it keeps), and the finished match stays readable for those results.
    for (const p of players) expect(p.state.rematchBy).toBe(b!.guest.playerId);
    expect(a!.seat).toMatchObject({ playerId: a!.guest.playerId, connected: true, ready: false });
    expect((await getJson(t, `/api/matches/${first.matchId}`)).body).toMatchObject({ id: first.matchId, status: 'finished' });
    const listed = async () =>
      ((await getJson(t, '/api/tables')).body as { roomId: string; status: string }[]).find((r) => r.roomId === a!.room.roomId);
    // The listing is updated asynchronously: poll it briefly.
    let entry = await listed();
    for (let i = 0; i < 50 && entry?.status !== 'waiting'; i++) entry = await listed();
    expect(entry).toMatchObject({ status: 'waiting', seated: 2 });
    expect(await a!.refused('rematch', {})).toMatchObject({ code: 'ERR_NOT_OVER' });

    for (const p of players) p.send('ready', { ready: true });
    await waitFor(
      () => players.every((p) => p.state.status === 'playing' && p.stream.matchId === p.state.matchId),
      'the second game to start',
    );
    const second = { matchId: a!.state.matchId as string, commitment: a!.state.commitment as string };
    // The stream starts again from the new game's snapshot.
    expect(players.map((p) => p.game.version)).toEqual([0, 0]);
    expect(second.matchId).not.toBe(first.matchId);
    expect(second.commitment).not.toBe(first.commitment);
    await play(players);
    await waitFor(() => players.every((p) => p.state.result.recorded), 'the second result to be recorded');

    const [one, two] = await Promise.all([t.storage.getMatch(first.matchId), t.storage.getMatch(second.matchId)]);
    expect(one).toMatchObject({ id: first.matchId, status: 'finished', commitment: first.commitment });
    expect(two).toMatchObject({ id: second.matchId, status: 'finished', commitment: second.commitment, seed: a!.state.seed });
    expect(one!.seed).not.toBe(two!.seed);
    expect(one!.actions.length).toBeGreaterThan(0);
    await Promise.all(players.map((p) => p.room.leave()));
  });

  test('drops the seat of a player who left the finished game and hands over the host', async () => {
    const players = await startedTable(t, 2);
    const [host, guest] = players;
    await play(players);
    await waitFor(() => players.every((p) => p.state.result.recorded), 'the result to be recorded');
    const hostColour = host!.colour;
    await host!.room.leave();
    await waitFor(() => guest!.state.seats.get(hostColour).connected === false, 'the host to be seen leaving');

    guest!.send('rematch', {});
    await waitFor(() => guest!.state.status === 'waiting', 'seating');
    expect([...guest!.state.seats.keys()]).toEqual([guest!.colour]);
    expect(guest!.state.hostId).toBe(guest!.guest.playerId);
    await guest!.room.leave();
  });

  test('a table whose next game starts at once after a rematch can still close (Colyseus kept a stale dispose timer)', async () => {
    const host = await create(t, await newGuest(t, 'Quick'), { preset: 'plyyard', size: 2 });
    host.send('start');
    await waitFor(() => host.stream.state !== null, 'the game');
    host.send('resign', { version: host.game.version }); // plyyard: allowed at once
    await waitFor(() => host.state.result.recorded, 'the result to be recorded');
    host.send('rematch', {});
    host.send('start');
    await waitFor(() => host.state.status === 'playing' && host.stream.matchId === host.state.matchId, 'the next game');
    const room = matchMaker.getLocalRoomById(host.room.roomId)!;
    const closed = room.disconnect();
    await expect(Promise.race([closed.then(() => 'closed'), sleep(5000).then(() => 'hung')])).resolves.toBe('closed');
  });
});
