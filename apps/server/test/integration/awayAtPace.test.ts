import Database from 'better-sqlite3';
import { type Action, COLLISION_POINTS, type Colour, legalMoves, nextSteps, replayGame } from '@flightchess/rules';
import { matchMaker } from '@colyseus/core';
import { DEFAULT_CONFIG } from '../../src/config';
import { type Player, create, credentials, newGuest, rejoin, silence, sleep, waitFor } from '../support/players';
import { testServerPerFile } from '../support/server';

/**
 * RULES.md §7 at the server's own pace (bots 600/900 ms, 15 s turns, a 3-minute hold, 3 s heartbeat):
 * a player alone with three bots who drops finds the same game going on when they come back, and one
 * who never does is out as a resignation after 3 minutes. Two tables at once, about three and a half
 * minutes in all.
 */

jest.setTimeout(300_000);

const PACE = {
  turnSeconds: DEFAULT_CONFIG.turnSeconds,
  reconnectSeconds: DEFAULT_CONFIG.reconnectSeconds,
  botRollDelayMs: DEFAULT_CONFIG.botRollDelayMs,
  autoMoveDelayMs: DEFAULT_CONFIG.autoMoveDelayMs,
  heartbeatSeconds: DEFAULT_CONFIG.heartbeatSeconds,
};
const t = testServerPerFile(PACE);

const SLOWEST_PAUSE_MS = Math.min(PACE.botRollDelayMs, PACE.autoMoveDelayMs);
const HOLD_MS = PACE.reconnectSeconds * 1000;

/** A player alone with three bots (the level nearest a newcomer's rating: a public table is rated), the game started. */
async function aloneWithBots(nickname: string): Promise<Player> {
  const player = await create(t, await newGuest(t, nickname), { size: 4 });
  player.send('start', {});
  await waitFor(() => player.state.status === 'playing' && player.stream.state !== null, 'the game to start');
  return player;
}

/** The table as the server holds it (in this process), seen by nobody: no watcher may change its pace. */
const tableOf = (roomId: string) => (matchMaker.getLocalRoomById(roomId) as unknown as { state: any }).state;

/** The stored actions of a match with the time each was stored. */
function storedActions(matchId: string): { action: Action; at: number }[] {
  const db = new Database(t.dbFile, { readonly: true });
  try {
    const rows = db.prepare('SELECT action, at FROM match_actions WHERE match_id = ? ORDER BY idx').all(matchId) as {
      action: string;
      at: number;
    }[];
    return rows.map((r) => ({ action: JSON.parse(r.action) as Action, at: r.at }));
  } finally {
    db.close();
  }
}

/** Never a burst: every action at least one bot pause after the one before (a millisecond's rounding aside). */
function expectThePace(matchId: string): number {
  const actions = storedActions(matchId);
  const gaps = actions.slice(1).map((a, i) => a.at - actions[i]!.at);
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(SLOWEST_PAUSE_MS - 1);
  return actions.length;
}

describe('a player who drops from a game against three bots, at the real pace', () => {
  test('comes back within 3 minutes to the same game going on and takes over; one who never comes back is out as a resignation, with a negative score', async () => {
    const ann = await aloneWithBots('Ann');
    const bob = await aloneWithBots('Bob');
    const [annRoom, bobRoom] = [ann.room.roomId, bob.room.roomId];
    const [annSeat, bobSeat] = [ann.colour, bob.colour] as [Colour, Colour];
    const [annMatch, bobMatch] = [ann.state.matchId as string, bob.state.matchId as string];
    await sleep(3000);

    // Ann closes the page; Bob's link goes silent (the server must notice it by itself, within 10 s).
    const dropped = Date.now();
    await ann.room.leave(false);
    const dropBob = silence(bob);
    await waitFor(() => tableOf(annRoom).seats.get(annSeat).connected === false, "Ann's drop");
    await waitFor(() => tableOf(bobRoom).seats.get(bobSeat).connected === false, "Bob's silent link to be cut", 10_000);
    const bobNoticed = Date.now();
    expect(tableOf(bobRoom).seats.get(bobSeat).awayUntil).toBeGreaterThanOrEqual(bobNoticed - 100 + HOLD_MS - 1000);

    // 60 s and 130 s later both games are still being played, at the pace of a watched table.
    for (const at of [60_000, 130_000]) {
      await sleep(dropped + at - Date.now());
      for (const [roomId, matchId] of [
        [annRoom, annMatch],
        [bobRoom, bobMatch],
      ] as const) {
        expect(tableOf(roomId)).toMatchObject({ status: 'playing', matchId });
        const count = expectThePace(matchId);
        expect(count).toBeLessThan((Date.now() - dropped + 6000) / SLOWEST_PAUSE_MS);
      }
    }
    // The absent seats' turns timed out into auto-play, which says why.
    expect(tableOf(annRoom).seats.get(annSeat)).toMatchObject({ autoPlay: true, autoPlayBy: 'away' });

    // Ann comes back (a new page: her credentials): the same seat, the game in progress, and what she missed.
    const annMoves = storedActions(annMatch).filter((a) => a.action.type === 'move' && a.action.seat === annSeat).length;
    await rejoin(ann, t.colyseus.sdk, annRoom);
    expect(ann.colour).toBe(annSeat);
    expect(ann.state).toMatchObject({ status: 'playing', matchId: annMatch });
    expect(ann.seat).toMatchObject({ connected: true, autoPlay: true, autoPlayBy: 'away', awayUntil: 0 });
    await waitFor(() => ann.returns.length === 1, 'what Ann missed');
    expect(ann.returns[0]!.seconds).toBeGreaterThanOrEqual(129);
    expect(ann.returns[0]!.moves).toBeGreaterThanOrEqual(annMoves);
    expect(ann.returns[0]!.moves).toBeGreaterThan(0);
    expect(ann.returns[0]!.forfeited).toBe(false);

    // She takes over at once: auto-play off, and her next decision waits for her (a roll, or a move
    // when auto-play had just rolled for her).
    ann.send('auto-play', { on: false });
    await waitFor(() => ann.seat.autoPlay === false, 'auto-play off');
    const hers = () =>
      ann.game.current === annSeat && nextSteps(ann.game, ann.control()).turn?.by === 'person' && (ann.clock.deadline ?? 0) > 0;
    await waitFor(hers, 'her turn', 60_000);
    const version = ann.game.version;
    await sleep(2 * PACE.autoMoveDelayMs);
    expect(ann.game.version).toBe(version); // nobody played for her
    const action = ann.game.phase === 'roll' ? { type: 'roll' } : { type: 'move', plane: legalMoves(ann.game)[0]!.plane };
    ann.send(action.type, { version, ...(action.type === 'move' ? { plane: action.plane } : {}) });
    await waitFor(() => ann.game.version > version, 'her own action');
    expect(ann.seen.get(version)).toEqual(expect.objectContaining({ ...action, seat: annSeat }));
    expect(ann.seen.get(version)).not.toHaveProperty('by');
    await ann.room.leave(true);

    // Bob never comes back: his seat is forfeited when the hold runs out, not before.
    await sleep(bobNoticed + HOLD_MS - 2000 - Date.now());
    expect(tableOf(bobRoom).status).toBe('playing');
    expectThePace(bobMatch);
    await waitFor(() => t.logs.events('seat-forfeited').some((l) => l.seat === bobSeat && l.tableId === bobRoom), "Bob's forfeit", 15_000);
    const record = async () => (await t.storage.getMatch(bobMatch))!;
    // Nobody can come back to his game now: the bots play it out at once, and it is recorded.
    await waitFor(async () => (await record()).status === 'finished', 'the game to be recorded', 30_000);
    const stored = await record();
    const seat = stored.seats.find((s) => s.colour === bobSeat)!;
    expect(seat).toMatchObject({ out: 'forfeit', winner: false });
    // Scored as a resignation (RULES.md §7.1): his planes not home × base, negative, plus the points of the planes he
    // sent home, which count whatever the result (3 minutes of auto-play once captured enough to end at +5).
    const replayed = replayGame(stored.setup, stored.actions);
    if (!replayed.ok) throw new Error(replayed.error.message);
    const { config, collisions } = replayed.value.state;
    const arrived = seat.arrived ?? Number.NaN; // (a record without it fails both checks)
    expect(arrived).toBeLessThan(config.planes);
    expect(seat.score).toBe(-(config.planes - arrived) * stored.base + COLLISION_POINTS * (collisions[bobSeat]?.sent ?? 0));
    expect((await t.storage.getPlayer(credentials(bob.guest).playerId))!.lifetimeScore).toBe(seat.score);
    dropBob();
  });
});
