import type { Action, Colour } from '@flightchess/rules';
import { CAPTURE_MS, NOTICE_MS, ROUTE_CAP_MS } from '@flightchess/protocol';
import { type Storage, openSqliteStorage } from '../src/repositories';
import { type FakeTable, PACED, peopleOf, restoredFakeTable, startedFakeTable } from './support/fakeTable';

/**
 * The game of one table at the server's real pace (bots 600/900 ms, 15 s turns, 3-minute holds) on fake
 * timers: what happens to the seat of a player who is away (RULES.md §7), with no room or transport.
 */

const HOLD_MS = PACED.reconnectSeconds * 1000;
const WRITE_WAIT_MS = PACED.storageWaitSeconds * 1000;
const SLOWEST_PAUSE_MS = Math.min(PACED.botRollDelayMs, PACED.autoMoveDelayMs);
/** The longest one action can wait at the pace: the longer pause after the longest showing (a capped route, a capture, words). */
const LONGEST_STEP_MS = Math.max(PACED.botRollDelayMs, PACED.autoMoveDelayMs) + ROUTE_CAP_MS + CAPTURE_MS + NOTICE_MS;

let storage: Storage;
const tables: FakeTable[] = [];

beforeEach(async () => {
  jest.useFakeTimers({ now: 1_700_000_000_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  storage = await openSqliteStorage(':memory:');
});

afterEach(async () => {
  for (const table of tables.splice(0)) table.stop();
  await storage.close();
  jest.useRealTimers();
});

const track = (table: FakeTable) => (tables.push(table), table);
const started = async (people: number) => track(await startedFakeTable(storage, people));
const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

/** The times between the actions the clients were told of, from `since` on. */
function gaps(table: FakeTable, since = 0): number[] {
  const times = table.told.filter((t) => t.at >= since).map((t) => t.at);
  return times.slice(1).map((at, i) => at - times[i]!);
}
const shortestGap = (table: FakeTable, since = 0) => Math.min(...gaps(table, since));

const movesOf = (actions: readonly { action: Action }[], seat: Colour) =>
  actions.filter((t) => t.action.type === 'move' && t.action.seat === seat).length;

describe('a player away from the game (RULES.md §7)', () => {
  test('the table keeps its pace while the seat is held; the seat times out into auto-play "away"; after the hold it is forfeited, and only then is the rest played at once', async () => {
    const table = await started(1);
    const [red] = peopleOf(table) as [Colour];
    const left = Date.now();
    await table.play.away(red);
    expect(table.state.seats.get(red)!.awayUntil).toBe(left + HOLD_MS);

    await advance(HOLD_MS - 1000);
    expect(table.match.state.result).toBeNull();
    expect(table.match.state.out[red]).toBeUndefined();
    // Nobody connected, yet never faster than a watched table: a pause before every automatic action.
    expect(table.told.length).toBeGreaterThan(60);
    expect(table.told.length).toBeLessThan(HOLD_MS / SLOWEST_PAUSE_MS);
    expect(shortestGap(table)).toBeGreaterThanOrEqual(SLOWEST_PAUSE_MS);
    // Its first turn waited the turn time, then auto-play took it over, saying why.
    expect(table.state.seats.get(red)).toMatchObject({ autoPlay: true, autoPlayBy: 'away' });
    expect(table.match.awayOf(red)!.moves).toBe(movesOf(table.told, red));
    expect(movesOf(table.told, red)).toBeGreaterThan(0); // (no 5 or 6 in some 25 rolls: 1 in 25,000)

    await advance(1500);
    expect(table.match.state.out[red]).toMatchObject({ reason: 'forfeit' });
    expect(table.state.seats.get(red)!.awayUntil).toBe(0);
    // Back too late: told so (the seat is out), and the game goes on without it.
    expect(await table.play.back(red)).toMatchObject({ forfeited: true });
    // Nobody can come back to the game any more, and nobody watches: the bots finish it at once.
    const forfeitAt = Date.now();
    await advance(3000);
    await table.idle();
    expect(table.match.state.result).not.toBeNull();
    // (After the pause already planned, each action on the next timer: 1 ms.)
    expect(Math.max(0, ...gaps(table, forfeitAt).slice(1))).toBeLessThanOrEqual(1);
    const record = await storage.getMatch(table.match.id);
    const seat = record!.seats.find((s) => s.colour === red)!;
    // Scored as a resignation: its planes not home × base, negative, never a win.
    expect(seat).toMatchObject({ out: 'forfeit', winner: false });
    expect(seat.score).toBeLessThan(0);
    // A new guest holds no coins: the loss stops at 0. Bots keep no balance.
    expect(seat).toMatchObject({ coins: 0, coinsAfter: 0 });
    for (const b of record!.seats.filter((s) => s.kind === 'bot'))
      expect(b).toMatchObject({ coins: Math.max(b.coinsEarned!, 0), coinsAfter: null });
  });

  test('back within the hold: the same seat, auto-play as the server has it, and what was played for them meanwhile; no forfeit later', async () => {
    const table = await started(1);
    const [red] = peopleOf(table) as [Colour];
    await table.play.away(red);
    const from = table.told.length;
    await advance(40_000);
    const missed = await table.play.back(red);
    expect(missed).toEqual({ seconds: 40, moves: movesOf(table.told.slice(from), red), forfeited: false });
    expect(table.state.seats.get(red)).toMatchObject({ autoPlay: true, autoPlayBy: 'away', awayUntil: 0 });
    expect(await storage.claimMatch(table.match.id, { owner: 'x', now: 0, until: 0, scope: 'lapsed' })).toBeNull(); // still this process's
    expect(await table.play.back(red)).toBeNull(); // back once

    // The player takes over: auto-play off, their own turns wait for them again.
    await table.play.setAutoPlay(red, false, 'player');
    expect(table.state.seats.get(red)).toMatchObject({ autoPlay: false, autoPlayBy: '' });
    await advance(HOLD_MS);
    expect(table.match.state.out[red]).toBeUndefined();
  });

  test("back after the game ended without them: told they were forfeited, and the table stays this process's", async () => {
    const table = await started(1);
    const [red] = peopleOf(table) as [Colour];
    await table.play.away(red);
    await advance(HOLD_MS + 500);
    // Nobody left to come back: the bots finish at once, and the result is stored.
    await advance(3000);
    await table.idle();
    expect(table.state.result.recorded).toBe(true);
    expect(await table.play.back(red)).toMatchObject({ forfeited: true });
    // A finished match's presence is not written: the write would find no game in play and read as the table lost.
    expect(table.play.isLost).toBe(false);
    expect(table.state.seats.get(red)!.awayUntil).toBe(0);
  });

  test('a hold whose write failed (the database away a moment) still runs: shown, and forfeited on time', async () => {
    const table = await started(1);
    const [red] = peopleOf(table) as [Colour];
    const write = storage.setPresence.bind(storage);
    storage.setPresence = () => Promise.reject(new Error('database unavailable'));
    const left = Date.now();
    const away = table.play.away(red);
    await advance(WRITE_WAIT_MS);
    await away;
    storage.setPresence = write;
    expect(table.state.seats.get(red)!.awayUntil).toBe(left + HOLD_MS);
    await advance(HOLD_MS - WRITE_WAIT_MS + 1000);
    expect(table.match.state.out[red]).toMatchObject({ reason: 'forfeit' });
  });

  test('watched, a game no person can come back to keeps the pace; unwatched it is played at once', async () => {
    const table = await started(0);
    table.watched = true;
    await advance(30_000);
    // The game goes on at its pace, whatever the dice (a random game: the number of actions depends on their routes).
    expect(table.told.length).toBeGreaterThanOrEqual(Math.floor(30_000 / LONGEST_STEP_MS));
    expect(table.told.length).toBeLessThanOrEqual(30_000 / SLOWEST_PAUSE_MS);
    expect(shortestGap(table)).toBeGreaterThanOrEqual(SLOWEST_PAUSE_MS);
    table.watched = false;
    const before = table.told.length;
    // Three seconds: at the pace a handful of actions, at once the whole rest of the game (a timer's 1 ms each).
    await advance(3000);
    await table.idle();
    expect(table.match.state.result).not.toBeNull();
    expect(table.told.length - before).toBeGreaterThan(3000 / SLOWEST_PAUSE_MS + 100);
  });

  test("a restart keeps the hold's deadline and the count of moves made meanwhile; a player who was here at the crash is held from the restart", async () => {
    const first = await started(2);
    const [red, green] = peopleOf(first) as [Colour, Colour];
    const left = Date.now();
    await first.play.away(red);
    await advance(60_000);
    first.stop(); // killed: nothing more is written
    const movesBefore = movesOf(first.told, red);
    await advance(10_000);

    const restarted = Date.now();
    const second = track(await restoredFakeTable(storage, first.match.id));
    expect(second.state.seats.get(red)!.awayUntil).toBe(left + HOLD_MS);
    expect(second.state.seats.get(green)!.awayUntil).toBe(restarted + HOLD_MS);
    expect(second.state.seats.get(red)).toMatchObject({ autoPlay: true, autoPlayBy: 'away' });

    await advance(20_000);
    expect(shortestGap(second)).toBeGreaterThanOrEqual(SLOWEST_PAUSE_MS);
    expect(await second.play.back(red)).toEqual({ seconds: 90, moves: movesBefore + movesOf(second.told, red), forfeited: false });

    await advance(restarted + HOLD_MS - Date.now() - 500);
    expect(second.match.state.out[green]).toBeUndefined();
    await advance(1000);
    expect(second.match.state.out[green]).toMatchObject({ reason: 'forfeit' });
    expect(second.match.state.out[red]).toBeUndefined();
  });

  test('a held seat whose deadline passed while the server was down is forfeited as soon as the table is restored', async () => {
    const first = await started(2);
    const [red, green] = peopleOf(first) as [Colour, Colour];
    await first.play.away(red);
    first.stop();
    await advance(HOLD_MS + 5000);
    const second = track(await restoredFakeTable(storage, first.match.id));
    await advance(0);
    await second.idle();
    expect(second.match.state.out[red]).toMatchObject({ reason: 'forfeit' });
    expect(second.match.state.out[green]).toBeUndefined();
  });
});

describe("a player's own actions, without a room or a transport", () => {
  const TURN_MS = PACED.turnSeconds * 1000;
  const roll = (table: FakeTable, seat: Colour, version = table.match.state.version) =>
    table.play.playerAction(seat, { type: 'roll', version });
  const storedActions = async (table: FakeTable) => (await storage.getMatch(table.match.id))!.actions.length;

  test('the seat to move acts: stored, then told to everyone in one message with the version it was made on and the clock after it', async () => {
    const table = await started(4);
    const seat = table.match.state.current;
    const version = table.match.state.version;
    expect(await roll(table, seat)).toBeNull();
    expect(table.match.state.version).toBe(version + 1);
    expect(table.told).toEqual([expect.objectContaining({ version, action: expect.objectContaining({ type: 'roll', seat }) })]);
    // Four people: whoever acts next (the roller to move, or the next seat) has the turn time running from now on.
    const { at: _at, version: _version, action: _action, ...clock } = table.told[0]!;
    expect(clock.deadline).toBeGreaterThanOrEqual(Date.now() + TURN_MS);
    const { matchId: _matchId, state: _state, ...now } = table.play.snapshot()!;
    expect(clock).toEqual(now);
    expect(table.clocks).toEqual([]);
    expect(await storedActions(table)).toBe(1);
  });

  test('a clock that changes with no action (托管 on, then off) is told on its own, at the version as it is', async () => {
    const table = await started(4);
    const seat = table.match.state.current;
    const version = table.match.state.version;
    expect(table.play.snapshot()).toMatchObject({ deadline: Date.now() + TURN_MS });
    expect(await table.play.setAutoPlay(seat, true, 'player')).toBeNull();
    expect(table.clocks).toEqual([{ version }]);
    expect(await table.play.setAutoPlay(seat, false, 'player')).toBeNull();
    expect(table.clocks).toEqual([{ version }, { version, deadline: Date.now() + TURN_MS }]);
    expect(table.told).toEqual([]);
  });

  test('what the rules or the version forbid is refused with its code, and nothing is stored, shown or told', async () => {
    const table = await started(4);
    const seat = table.match.state.current;
    const other = peopleOf(table).find((c) => c !== seat)!;
    const version = table.match.state.version;
    expect(await roll(table, other)).toMatchObject({ code: 'ERR_NOT_YOUR_TURN' });
    expect(await roll(table, seat, version + 1)).toMatchObject({ code: 'ERR_STALE_VERSION' });
    expect(await table.play.playerAction(seat, { type: 'move', version, plane: 0 })).toMatchObject({
      code: 'ERR_ROLL_EXPECTED',
    });
    // A resignation or a draw offer may be made on any version the player has seen, not one to come.
    expect(await table.play.playerAction(seat, { type: 'offer-draw', version: version + 1 })).toMatchObject({
      code: 'ERR_STALE_VERSION',
    });
    expect(table.match.state.version).toBe(version);
    expect(table.told).toEqual([]);
    expect(await storedActions(table)).toBe(0);
  });

  test('stored before shown: every action is in storage before anyone is told of it; a write that fails refuses the action and tells nobody', async () => {
    const table = await started(4);
    const append = storage.appendAction.bind(storage);
    const toldWhenStored: number[] = [];
    storage.appendAction = async (...args) => {
      await append(...args);
      toldWhenStored.push(table.told.length);
    };
    const seat = table.match.state.current;
    expect(await roll(table, seat)).toBeNull();
    expect(toldWhenStored).toEqual([0]);
    expect(table.told).toHaveLength(1);

    // The database away longer than a write waits: the step is refused (nothing changed, nothing told).
    storage.appendAction = () => Promise.reject(new Error('database unavailable'));
    const next = table.match.state.current;
    const version = table.match.state.version;
    const step = () =>
      table.play.playerAction(next, table.match.state.phase === 'roll' ? { type: 'roll', version } : { type: 'move', version, plane: 0 });
    const refusal = step();
    await advance(WRITE_WAIT_MS - 500);
    expect(table.told).toHaveLength(1);
    await advance(500);
    expect(await refusal).toMatchObject({ code: 'ERR_STORAGE' });
    expect(table.match.state.version).toBe(version);
    expect(table.told).toHaveLength(1);

    // Away a second only: the write waits for it, and the step goes through, told once.
    let failing = true;
    storage.appendAction = (...args) => (failing ? Promise.reject(new Error('database restarting')) : append(...args));
    const accepted = step();
    await advance(1000);
    failing = false;
    await advance(500);
    expect(await accepted).toBeNull();
    expect(table.match.state.version).toBe(version + 1);
    expect(table.told).toHaveLength(2);
    storage.appendAction = append;
  });

  test("a person's turn waits the turn time, then auto-play takes it over (saying it was the time) and plays it at the table's pace", async () => {
    const table = await started(4);
    const seat = table.match.state.current;
    await advance(TURN_MS - 100);
    expect(table.told).toEqual([]);
    expect(table.state.seats.get(seat)).toMatchObject({ autoPlay: false });
    await advance(200 + SLOWEST_PAUSE_MS * 2);
    expect(table.state.seats.get(seat)).toMatchObject({ autoPlay: true, autoPlayBy: 'timeout' });
    expect(table.told[0]!.action).toMatchObject({ type: 'roll', seat });
    // Auto-play is the player's to turn off: their turns wait for them again.
    expect(await table.play.setAutoPlay(seat, false, 'player')).toBeNull();
    expect(table.state.seats.get(seat)).toMatchObject({ autoPlay: false, autoPlayBy: '' });
  });

  test('a turn that runs out while the database is away is taken by auto-play once the write goes through (never left waiting)', async () => {
    const table = await started(4);
    const seat = table.match.state.current;
    const write = storage.setPresence.bind(storage);
    storage.setPresence = () => Promise.reject(new Error('database unavailable'));
    await advance(TURN_MS + 3000);
    expect(table.state.seats.get(seat)).toMatchObject({ autoPlay: false });
    expect(table.told).toEqual([]);
    storage.setPresence = write;
    await advance(1000 + SLOWEST_PAUSE_MS * 2);
    expect(table.state.seats.get(seat)).toMatchObject({ autoPlay: true, autoPlayBy: 'timeout' });
    expect(table.told[0]!.action).toMatchObject({ type: 'roll', seat });
  });

  test('a turn that timed out just before the drop was noticed (a link that died silently) is told as the absence', async () => {
    const table = await started(4);
    const seat = table.match.state.current;
    await advance(TURN_MS + SLOWEST_PAUSE_MS);
    expect(table.state.seats.get(seat)).toMatchObject({ autoPlay: true, autoPlayBy: 'timeout' });
    await table.play.away(seat);
    expect(table.state.seats.get(seat)).toMatchObject({ autoPlay: true, autoPlayBy: 'away' });
    expect(table.match.autoPlayOf(seat)).toBe('away');
    // Back: auto-play stays on, still saying why, until the player turns it off.
    await table.play.back(seat);
    expect(table.state.seats.get(seat)).toMatchObject({ autoPlay: true, autoPlayBy: 'away', awayUntil: 0 });
  });
});

describe('a seat its player left plays on, and is taken over (a casual table: leftSeatsPlayOn)', () => {
  const casual = async (people: number) => track(await startedFakeTable(storage, people, PACED, { private: true }));

  test('the seat plays on by auto-play at the pace; its player can do nothing in it; whom the table asked takes it over, is held for as a player, and lets go when away too long', async () => {
    const table = await casual(2);
    const [red, green] = peopleOf(table) as [Colour, Colour];
    const bob = table.match.table.seats.find((s) => s.colour === red)!;
    await table.play.serverAction({ type: 'escape', seat: red });
    expect(table.match.state.left[red]).toMatchObject({ reason: 'escape' });
    expect(table.state.seats.get(red)).toMatchObject({ name: bob.name, autoPlay: true, autoPlayBy: 'left', awayUntil: 0, standsFor: '' });
    // Its player left for good: nothing of theirs acts in it, and nobody is held for.
    expect(await table.play.playerAction(red, { type: 'roll', version: table.match.state.version })).toMatchObject({
      code: 'ERR_NOT_IN_GAME',
    });
    await table.play.away(red);
    expect(table.match.lastAbsence(red)).toBeNull();
    // Its turns come and are played for it, at the table's pace (a person can still follow the game).
    const since = Date.now();
    const actedFor = () => table.told.filter((t) => t.action.seat === red && t.at >= since).length;
    // (Its turn comes after a person's, who may take the whole turn time.)
    for (let s = 0; s < 60 && actedFor() < 2; s++) await advance(1000);
    expect(actedFor()).toBeGreaterThanOrEqual(2);
    expect(shortestGap(table, since)).toBeGreaterThanOrEqual(SLOWEST_PAUSE_MS);

    // Taken over: a person's seat again (the turn time, then auto-play), under the new name.
    expect(await table.play.takeOver(green, { playerId: 'x', name: 'X', invitation: 'inv-x' })).toMatchObject({ code: 'ERR_NO_FREE_SEAT' });
    const from = table.match.actionCount;
    expect(await table.play.takeOver(red, { playerId: 'cat-id', name: 'Cat', invitation: 'inv-cat' })).toBeNull();
    expect(table.state.seats.get(red)).toMatchObject({ name: 'Cat', playerId: 'cat-id', autoPlay: false, standsFor: bob.name });
    expect(await table.play.takeOver(red, { playerId: 'dan-id', name: 'Dan', invitation: 'inv-dan' })).toMatchObject({
      code: 'ERR_NO_FREE_SEAT',
    });
    // She drops: held for the reconnection time, then she lets go and the seat plays on as before she came.
    await table.play.away(red);
    expect(table.state.seats.get(red)!.awayUntil).toBe(Date.now() + HOLD_MS);
    await advance(HOLD_MS + 1000);
    expect(table.match.standInOf(red)).toBeNull();
    expect(table.state.seats.get(red)).toMatchObject({ name: bob.name, playerId: bob.playerId, autoPlayBy: 'left', standsFor: '' });
    const [part] = table.match.standInsOf(red);
    expect(part).toMatchObject({ playerId: 'cat-id', name: 'Cat', fromAction: from });
    expect(part!.toAction).toBeGreaterThan(from);
  });

  test('a restart keeps who took the seat over (rebuilt from storage alone), held for them from the restart', async () => {
    const first = await casual(2);
    const [red] = peopleOf(first) as [Colour];
    await first.play.serverAction({ type: 'escape', seat: red });
    await first.play.takeOver(red, { playerId: 'cat-id', name: 'Cat', invitation: 'inv-cat' });
    await advance(5_000);
    first.stop();
    const restarted = Date.now();
    const second = track(await restoredFakeTable(storage, first.match.id));
    expect(second.state.seats.get(red)).toMatchObject({
      name: 'Cat',
      playerId: 'cat-id',
      standsFor: first.state.seats.get(red)!.standsFor,
    });
    expect(second.state.seats.get(red)!.awayUntil).toBe(restarted + HOLD_MS);
    expect(second.match.standInOf(red)).toMatchObject({ playerId: 'cat-id', toAction: null });
    // The game plays seats on as it began; the table's own settings are the host's (a rematch alone with bots goes out).
    expect(second.match.state.config.leftSeatsPlayOn).toBe(true);
    expect(JSON.parse(second.state.options)).toEqual({});
  });

  test('at a rated table the seat goes out as RULES.md §7 says, and nobody takes it over', async () => {
    const table = await started(2);
    const [red] = peopleOf(table) as [Colour];
    await table.play.serverAction({ type: 'escape', seat: red });
    expect(table.match.state.out[red]).toMatchObject({ reason: 'escape' });
    expect(await table.play.takeOver(red, { playerId: 'cat-id', name: 'Cat', invitation: 'inv-cat' })).toMatchObject({
      code: 'ERR_NO_FREE_SEAT',
    });
  });
});
