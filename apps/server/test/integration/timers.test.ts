import { legalMoves } from '@flightchess/rules';
import { Client } from 'colyseus.js';
import { type Player, rejoin, sleep, startedTable, waitFor } from '../support/players';
import { testServerPerFile } from '../support/server';

jest.setTimeout(60_000);

const RECONNECT_SECONDS = 1;
/** Short turns where a seat should time out; a full second where the test must act in time. */
const TURN_SECONDS = 0.4;
// Generous: under CI load a poll, a send and the server's answer must all fit in one turn.
const ACT_IN_TIME_SECONDS = 3;

// Bots at a visible pace: at 1 ms a game on auto-play can end before a loaded machine gets the test's
// "auto-play off" in.
const BOT_DELAY_MS = 40;

const t = testServerPerFile({ reconnectSeconds: RECONNECT_SECONDS, botRollDelayMs: BOT_DELAY_MS, autoMoveDelayMs: BOT_DELAY_MS });

/** The stored action applied to game version `version` (every action moves the version on by one). */
async function actionAt(matchId: string, version: number): Promise<Record<string, unknown>> {
  let action: Record<string, unknown> | undefined;
  for (let i = 0; i < 100 && !action; i++) {
    action = (await t.storage.getMatch(matchId))?.actions[version] as Record<string, unknown> | undefined;
    if (!action) await sleep(10);
  }
  return action ?? {};
}

/** The player whose turn it is, in the roll phase. */
async function rollerOf(players: Player[]): Promise<Player> {
  await waitFor(() => players[0]!.game.phase === 'roll', 'a roll phase');
  return players.find((p) => p.colour === players[0]!.game.current)!;
}

describe('turn timer and auto-play (托管)', () => {
  test('a seat whose time runs out goes into auto-play and the bot plays it until the player turns it off', async () => {
    const players = await startedTable(t, 2, { turnSeconds: ACT_IN_TIME_SECONDS });
    const idle = await rollerOf(players);
    const deadline = idle.clock.deadline!;
    expect(deadline).toBeGreaterThan(Date.now() - 50);
    expect(deadline).toBeLessThanOrEqual(Date.now() + ACT_IN_TIME_SECONDS * 1000);
    expect(idle.seat.autoPlay).toBe(false);

    // Nobody acts: both seats time out into auto-play and the game runs by itself.
    await waitFor(() => players.every((p) => p.seat.autoPlay), 'both seats on auto-play', 20_000);
    const rolls = idle.game.rolls;
    await waitFor(() => idle.game.rolls >= rolls + 4, 'the bots to keep rolling');
    expect(t.logs.events('auto-play-on').filter((l) => l.by === 'timeout')).not.toHaveLength(0);

    // The player takes the seat back: the next time it is theirs to roll, the game waits for them.
    idle.send('auto-play', { on: false });
    await waitFor(() => !idle.seat.autoPlay, 'auto-play off');
    // The player's own turn shows a running deadline, with the step that made it theirs or with the clock
    // message of 托管 off. It may be a move: auto-play may have rolled for the player just before it was turned off.
    await waitFor(
      () => idle.game.current === idle.colour && idle.game.phase !== 'over' && (idle.clock.deadline ?? 0) > 0,
      "the player's turn with a deadline",
      15_000,
    );
    const version = idle.game.version;
    const rolling = idle.game.phase === 'roll';
    if (rolling) idle.send('roll', { version });
    else idle.send('move', { version, plane: legalMoves(idle.game)[0]!.plane });
    await waitFor(() => idle.game.version > version, 'the player’s own action');
    expect(idle.errors).toEqual([]);
    expect(await actionAt(idle.state.matchId, version)).toMatchObject({ type: rolling ? 'roll' : 'move', seat: idle.colour });
    expect(idle.seat.autoPlay).toBe(false);
    await Promise.all(players.map((p) => p.room.leave()));
  });

  test('a player may turn auto-play on at any time; the bot then plays at once', async () => {
    const players = await startedTable(t, 2, { turnSeconds: 20 });
    const roller = await rollerOf(players);
    const version = roller.game.version;
    roller.send('auto-play', { on: true });
    await waitFor(() => roller.game.version > version, 'the bot to roll for the player');
    expect(roller.seat.autoPlay).toBe(true);
    expect(await actionAt(roller.state.matchId, version)).toMatchObject({ type: 'roll', seat: roller.colour });
    await Promise.all(players.map((p) => p.room.leave(true)));
  });
});

describe('disconnects', () => {
  test('a dropped seat is held, and the player gets it back with the token, also from a new client (page reload)', async () => {
    const players = await startedTable(t, 2);
    const [a, b] = players as [Player, Player];
    const colour = a.colour;
    const token = a.room.reconnectionToken;
    const before = b.game;

    await a.room.leave(false); // the connection drops, not a deliberate leave
    await waitFor(() => b.state.seats.get(colour).connected === false, 'the drop to show');
    expect(b.game.out[colour]).toBeUndefined();
    expect(b.game).toBe(before);
    expect(t.logs.events('player-dropped').some((l) => l.seat === colour)).toBe(true);

    const reloaded = new Client(t.baseUrl.replace('http', 'ws'));
    a.adopt(await reloaded.reconnect(token));
    await waitFor(() => a.state?.seats?.get(colour)?.connected === true, 'the seat back');
    expect(a.colour).toBe(colour);
    // Told what was missed (back by token: the reply reaches the new connection).
    await waitFor(() => a.returns.length === 1, 'what was missed');
    expect(a.returns[0]).toMatchObject({ moves: 0, forfeited: false });
    expect(b.state.seats.get(colour).connected).toBe(true);
    // The new connection asked for the game and has it exactly.
    await waitFor(() => a.stream.state?.version === b.game.version, 'the snapshot');
    expect(a.game).toEqual(b.game);

    // The seat is fully usable again.
    const roller = await rollerOf(players);
    const version = roller.game.version;
    roller.send('roll', { version });
    await waitFor(() => b.game.version > version, 'a roll after the reconnection');
    await Promise.all(players.map((p) => p.room.leave(true)));
  });

  test('a reconnection the page gave up on takes the seat back just before its next try does: that try is told what was missed', async () => {
    const players = await startedTable(t, 2);
    const [a, b] = players as [Player, Player];
    const colour = a.colour;
    const token = a.room.reconnectionToken;
    await a.room.leave(false);
    await waitFor(() => b.state.seats.get(colour).connected === false, 'the drop to show');

    // The late try: back by token, but the page no longer listens to it (it asks nothing).
    const late = await new Client(t.baseUrl.replace('http', 'ws')).reconnect(token);
    await waitFor(() => b.state.seats.get(colour).connected === true, 'the seat back on the late try');
    // The page's next try, with its credentials, replaces it.
    await rejoin(a, t.colyseus.sdk, a.room.roomId);
    await waitFor(() => a.returns.length === 1, 'what was missed, told to the connection the page kept');
    expect(a.returns[0]).toMatchObject({ moves: 0, forfeited: false });
    await waitFor(() => late.connection.isOpen === false, 'the late try let go');
    await Promise.all(players.map((p) => p.room.leave(true)));
  });

  test('a seat held longer than the reconnection time counts as a resignation; meanwhile its turns are auto-played', async () => {
    const players = await startedTable(t, 3, { turnSeconds: TURN_SECONDS });
    const [gone, ...stay] = players as [Player, ...Player[]];
    const colour = gone.colour;
    const watcher = stay[0]!;
    for (const p of stay) p.send('auto-play', { on: true });
    await gone.room.leave(false);
    await waitFor(() => watcher.state.seats.get(colour).connected === false, 'the drop');

    // Before the hold expires its turns time out into auto-play rather than stalling the table.
    await waitFor(() => watcher.state.seats.get(colour).autoPlay === true, 'auto-play for the absent seat');
    await waitFor(() => watcher.game.out[colour]?.reason === 'forfeit', 'the forfeit', (RECONNECT_SECONDS + 3) * 1000);
    expect(watcher.game.planes[colour]!.every((p) => p === 'hangar' || p === 56)).toBe(true); // off the board (§7)
    expect(t.logs.events('seat-forfeited').some((l) => l.seat === colour)).toBe(true);

    // Two players remain, so the game goes on without the forfeited seat.
    const version = watcher.game.version;
    if (watcher.game.phase !== 'over') {
      await waitFor(() => watcher.game.version > version, 'the game to go on');
      expect(watcher.game.current).not.toBe(colour);
    }
    await Promise.all(stay.map((p) => p.room.leave(true)));
  });

  test('a seat that comes back too late finds it taken as a resignation: the game of two is over', async () => {
    const players = await startedTable(t, 2);
    const [gone, stay] = players as [Player, Player];
    const token = gone.room.reconnectionToken;
    await gone.room.leave(false);
    await waitFor(() => stay.state.status === 'over', 'the forfeit to end the game', (RECONNECT_SECONDS + 3) * 1000);
    expect(stay.state.result).toMatchObject({ reason: 'forfeit', winner: stay.colour });
    await sleep(20);
    await expect(t.colyseus.sdk.reconnect(token)).rejects.toThrow();
    await stay.room.leave(true);
  });
});
