import { CLOSE_CODES } from '@flightchess/protocol';
import type { Room } from 'colyseus.js';
import { RECONNECT_WINDOW_MS, backoffDelay } from '../src/online/backoff';
import { ATTEMPT_MS, type LinkStatus, TableConnection } from '../src/online/tableConnection';
import { ManualScheduler, act, flush } from './support';
import { FakeRoom, asRoom, nowhere, playing, rawTable, start } from './fakeRoom';

describe('TableConnection: the game as a stream', () => {
  it('asks for a snapshot when it joins, then applies each action with the engine', () => {
    const room = new FakeRoom('r1', rawTable('playing'));
    const conn = new TableConnection(asRoom(room), nowhere, new ManualScheduler());
    expect(room.sent).toEqual([['sync', {}]]);
    expect(conn.game()).toBeNull();
    const changes: { version: number; events: number }[] = [];
    conn.onGame((c) => changes.push({ version: c.state.version, events: c.events.length }));

    const game = start();
    room.message('snapshot', { matchId: 'm1', state: game });
    expect(conn.game()).toEqual(game);
    const rolled = act(game, { type: 'roll', seat: 'red', value: 6 });
    room.message('action', { version: 0, action: { type: 'roll', seat: 'red', value: 6 } });
    expect(conn.game()).toEqual(rolled.state);
    expect(changes).toEqual([
      { version: 0, events: 0 },
      { version: 1, events: rolled.events.length },
    ]);
    // An action the client has already (a snapshot covered it) is ignored.
    room.message('action', { version: 0, action: { type: 'roll', seat: 'red', value: 6 } });
    expect(conn.game()).toEqual(rolled.state);
    expect(room.sent).toEqual([['sync', {}]]);
  });

  it('asks for a new snapshot when an action does not follow on (a gap) or does not apply', () => {
    const { room, conn } = playing();
    room.message('action', { version: 3, action: { type: 'roll', seat: 'red', value: 2 } });
    room.message('action', { version: 0, action: { type: 'move', seat: 'red', plane: 0 } });
    expect(room.sent).toEqual([
      ['sync', {}],
      ['sync', {}],
      ['sync', {}],
    ]);
    expect(conn.game()!.version).toBe(0);
  });

  it('keeps the clock each step, snapshot or clock message states; a clock message ahead of the game asks for a snapshot', () => {
    const room = new FakeRoom('r1', rawTable('playing'));
    const conn = new TableConnection(asRoom(room), nowhere, new ManualScheduler());
    const changes: { version: number; events: number }[] = [];
    conn.onGame((c) => changes.push({ version: c.state.version, events: c.events.length }));
    room.message('snapshot', { matchId: 'm1', state: start(), deadline: 5_000 });
    expect(conn.clock()).toEqual({ deadline: 5_000 });
    room.message('action', { version: 0, action: { type: 'roll', seat: 'red', value: 6 }, deadline: 9_000, answerDeadline: 7_000 });
    expect(conn.clock()).toEqual({ deadline: 9_000, answerDeadline: 7_000 });
    // 托管 on: no deadline now, at the same version: the game as it was, passed on without events.
    room.message('clock', { version: 1 });
    expect(conn.clock()).toEqual({});
    expect(changes).toEqual([
      { version: 0, events: 0 },
      { version: 1, events: expect.any(Number) },
      { version: 1, events: 0 },
    ]);
    // Old news is ignored; news of a version this client has not reached means a step was lost.
    room.message('clock', { version: 0, deadline: 1 });
    expect(conn.clock()).toEqual({});
    expect(room.sent.filter(([type]) => type === 'sync')).toHaveLength(1);
    room.message('clock', { version: 2, deadline: 1 });
    expect(conn.clock()).toEqual({});
    expect(room.sent.filter(([type]) => type === 'sync')).toHaveLength(2);
  });

  it('asks for a snapshot when the answer to its link check says the game is further on (the last action was lost), with no timer per action', () => {
    const scheduler = new ManualScheduler();
    const room = new FakeRoom('r1', rawTable('playing'));
    const conn = new TableConnection(asRoom(room), nowhere, scheduler, scheduler.now);
    const syncs = () => room.sent.filter(([type]) => type === 'sync').length;
    room.message('snapshot', { matchId: 'm1', state: start() });
    // Nothing is armed for an action in flight: the answer to the link check, which asks after 2 s of quiet, tells.
    scheduler.advance(1999);
    expect(room.sent.filter(([type]) => type === 'ping')).toHaveLength(0);
    scheduler.advance(1);
    expect(room.sent.at(-1)).toEqual(['ping', {}]);
    room.message('pong', { version: 0 });
    expect(syncs()).toBe(1);
    scheduler.advance(2000);
    room.message('pong', { version: 1 });
    expect(syncs()).toBe(2);
    expect(conn.game()!.version).toBe(0);
  });

  it('forgets the finished game when the table goes back to seating (a rematch)', () => {
    const { room, conn } = playing();
    room.sync(rawTable('waiting'));
    expect(conn.game()).toBeNull();
  });
});

/** A table connection whose token reconnects to `back` once `online()` says so (each try asks), and what it was told the player missed. */
function backWhen(online: () => boolean) {
  const scheduler = new ManualScheduler();
  const room = new FakeRoom('r1', rawTable('playing'));
  const back = new FakeRoom('r1', rawTable('playing'));
  const conn = new TableConnection(
    asRoom(room),
    {
      reconnect: async () => {
        if (!online()) throw new Error('offline');
        return asRoom(back);
      },
      rejoin: () => Promise.reject(new Error('no')),
    },
    scheduler,
    scheduler.now,
  );
  const missed: unknown[] = [];
  conn.onReturned((m) => missed.push(m));
  return { scheduler, room, back, conn, missed };
}

/**
 * A dropped connection whose first reconnection try was given up on (no answer in ATTEMPT_MS) and whose
 * second is under way: each try's token answer is the test's to give; a rejoin is recorded (and answered).
 */
function secondTryUnderWay() {
  const scheduler = new ManualScheduler();
  const first = new FakeRoom('r1', rawTable('playing'));
  const tokenTries: { resolve: (room: Room) => void; reject: (error: Error) => void }[] = [];
  const rejoins: number[] = [];
  const conn = new TableConnection(
    asRoom(first),
    {
      reconnect: () => new Promise<Room>((resolve, reject) => tokenTries.push({ resolve, reject })),
      rejoin: async () => {
        rejoins.push(scheduler.time);
        return asRoom(new FakeRoom('r1', rawTable('playing')));
      },
    },
    scheduler,
    scheduler.now,
  );
  const statuses: LinkStatus[] = [];
  conn.onStatus((s) => statuses.push(s));
  first.drop(1006);
  scheduler.advance(500 + ATTEMPT_MS + 1000);
  return { scheduler, conn, tokenTries, rejoins, statuses };
}

describe('TableConnection: staying connected', () => {
  it('reconnects a dropped room with its token, else takes the seat back with the credentials, backing off', async () => {
    const scheduler = new ManualScheduler();
    const first = new FakeRoom('r1', rawTable('playing'));
    const restored = new FakeRoom('r1', rawTable('playing'));
    const calls: string[] = [];
    let rejoins = 0;
    const conn = new TableConnection(
      asRoom(first),
      {
        reconnect: async (token) => {
          calls.push(`${scheduler.time} reconnect ${token}`);
          throw new Error('room has been disposed');
        },
        rejoin: async (roomId) => {
          calls.push(`${scheduler.time} rejoin ${roomId}`);
          if (++rejoins < 3) throw new Error('not restored yet');
          return asRoom(restored);
        },
      },
      scheduler,
      scheduler.now,
    );
    const statuses: LinkStatus[] = [];
    conn.onStatus((s) => statuses.push(s));

    first.drop(CLOSE_CODES.restarting);
    // Down: nothing is sent into the dead room, where it would be lost unseen.
    expect(conn.live).toBe(false);
    conn.send('resign', { version: 0 });
    expect(first.sent).toEqual([['sync', {}]]);
    for (let i = 0; i < 3; i++) {
      expect(scheduler.fire()).toBe(true);
      await flush();
    }
    // Half a second, then one more, then two (each try answered at once, so none was given up).
    expect(calls).toEqual([
      '500 reconnect r1:token',
      '500 rejoin r1',
      '1500 reconnect r1:token',
      '1500 rejoin r1',
      '3500 reconnect r1:token',
      '3500 rejoin r1',
    ]);
    expect(statuses).toEqual([
      { kind: 'reconnecting', attempt: 1 },
      { kind: 'reconnecting', attempt: 2 },
      { kind: 'reconnecting', attempt: 3 },
      { kind: 'reconnected' },
    ]);
    // The new room is asked for the game, and carries the client's messages from now on.
    expect(restored.sent).toEqual([['sync', {}]]);
    restored.message('snapshot', { matchId: 'm1', state: start() });
    expect(conn.game()).toEqual(start());
    expect(conn.live).toBe(true);
    conn.send('roll', { version: 0 });
    expect(restored.sent.at(-1)).toEqual(['roll', { version: 0 }]);
  });

  it('finds a link that went silent without a close within 8 s: asks after 2 s of quiet, gives up on it 5 s later, sends nothing more, and reconnects by itself', async () => {
    const scheduler = new ManualScheduler();
    const room = new FakeRoom('r1', rawTable('playing'));
    const back = new FakeRoom('r1', rawTable('playing'));
    const conn = new TableConnection(
      asRoom(room),
      { reconnect: async () => asRoom(back), rejoin: () => Promise.reject(new Error('no')) },
      scheduler,
      scheduler.now,
    );
    const statuses: LinkStatus[] = [];
    conn.onStatus((s) => statuses.push(s));
    const pings = (r: FakeRoom) => r.sent.filter(([type]) => type === 'ping').length;
    room.message('snapshot', { matchId: 'm1', state: start() });

    // A link that talks is never asked; a quiet one is asked once, and its answer is enough.
    for (let i = 0; i < 10; i++) {
      scheduler.advance(1000);
      room.message('action', { version: 99, action: { type: 'roll', seat: 'red', value: 1 } }); // (stale: ignored, but heard)
    }
    expect(pings(room)).toBe(0);
    scheduler.advance(2500);
    expect(pings(room)).toBe(1);
    scheduler.advance(3000);
    expect(pings(room)).toBe(1); // one question at a time
    room.message('pong', {});
    expect(statuses).toEqual([]);

    // Then nothing comes back at all.
    const silentFrom = scheduler.time;
    for (let i = 0; i < 200 && statuses.length === 0; i++) scheduler.advance(100);
    const noticed = scheduler.time - silentFrom;
    expect(noticed).toBeGreaterThanOrEqual(5000);
    expect(noticed).toBeLessThanOrEqual(8000);
    expect(statuses).toEqual([{ kind: 'reconnecting', attempt: 1 }]);
    expect(room.left).toEqual([false]); // closed without a word: the server holds the seat
    expect(conn.live).toBe(false);
    const sent = room.sent.length;
    conn.send('roll', { version: 0 });
    expect(room.sent).toHaveLength(sent);

    scheduler.advance(500);
    await flush();
    expect(statuses.at(-1)).toEqual({ kind: 'reconnected' });
    expect(back.sent).toEqual([['sync', {}]]);
    conn.send('roll', { version: 0 });
    expect(back.sent.at(-1)).toEqual(['roll', { version: 0 }]);
  });

  it('a page starved of CPU is not taken for a silent link: its overdue check runs before the answer in its queue, and the next check finds it heard', () => {
    const scheduler = new ManualScheduler();
    const room = new FakeRoom('r1', rawTable('playing'));
    const conn = new TableConnection(
      asRoom(room),
      { reconnect: () => Promise.reject(new Error('no')), rejoin: () => Promise.reject(new Error('no')) },
      scheduler,
      scheduler.now,
    );
    const statuses: LinkStatus[] = [];
    conn.onStatus((s) => statuses.push(s));
    room.message('snapshot', { matchId: 'm1', state: start() });
    scheduler.advance(2500);
    expect(room.sent.filter(([type]) => type === 'ping')).toHaveLength(1);

    // The page gets no CPU for 6 s: no timer runs and nothing is taken in; then the overdue check runs first.
    scheduler.time += 6000;
    scheduler.fire();
    expect(statuses).toEqual([]);
    room.message('pong', {});
    scheduler.advance(3000);
    expect(statuses).toEqual([]);
    expect(conn.live).toBe(true);

    // Starved again, and this time nothing was waiting: the second check judges the link dead.
    scheduler.advance(2500);
    scheduler.time += 6000;
    scheduler.fire();
    expect(statuses).toEqual([]);
    scheduler.advance(500);
    expect(statuses).toEqual([{ kind: 'reconnecting', attempt: 1 }]);
  });

  it('gives up on a reconnection that does not answer in 8 s and tries again; one that answers late is used while still reconnecting, else let go', async () => {
    const scheduler = new ManualScheduler();
    const first = new FakeRoom('r1', rawTable('playing'));
    const pending: ((room: Room) => void)[] = [];
    const conn = new TableConnection(
      asRoom(first),
      { reconnect: () => new Promise<Room>((resolve) => pending.push(resolve)), rejoin: () => Promise.reject(new Error('no')) },
      scheduler,
      scheduler.now,
    );
    const statuses: LinkStatus[] = [];
    conn.onStatus((s) => statuses.push(s));
    first.drop(1006);
    scheduler.advance(500);
    expect(pending).toHaveLength(1);
    scheduler.advance(ATTEMPT_MS);
    expect(statuses.at(-1)).toEqual({ kind: 'reconnecting', attempt: 2 });
    scheduler.advance(1000);
    expect(pending).toHaveLength(2);

    // The first try gets through after all: used. The second then gets through too: let go.
    const late = new FakeRoom('r1', rawTable('playing'));
    const later = new FakeRoom('r1', rawTable('playing'));
    pending[0]!(asRoom(late));
    await flush();
    expect(statuses.at(-1)).toEqual({ kind: 'reconnected' });
    pending[1]!(asRoom(later));
    await flush();
    expect(later.left).toEqual([false]);
    conn.send('roll', { version: 0 });
    expect(late.sent.at(-1)).toEqual(['roll', { version: 0 }]);
    expect(later.sent).toEqual([]);
    // The seat taken from this connection by one of its own late tries is not another device's: it reconnects.
    late.drop(CLOSE_CODES.replaced);
    expect(statuses.at(-1)).toEqual({ kind: 'reconnecting', attempt: 1 });
  });

  it('a try given up on goes no further when its token fails later: no rejoin from it, which would take the seat from the newer connection', async () => {
    const { tokenTries, rejoins, statuses } = secondTryUnderWay();
    expect(tokenTries).toHaveLength(2);
    tokenTries[1]!.reject(new Error('expired')); // the second fails now: it rejoins
    await flush();
    expect(rejoins).toHaveLength(1);
    expect(statuses.at(-1)).toEqual({ kind: 'reconnected' });
    tokenTries[0]!.reject(new Error('link reset')); // the first, long given up, fails only now: it stops there
    await flush();
    expect(rejoins).toHaveLength(1);
  });

  it('a try whose token fails after a late try got the seat back goes no further: no rejoin taking the seat from it, no reconnecting', async () => {
    const { conn, tokenTries, rejoins, statuses } = secondTryUnderWay();
    const late = new FakeRoom('r1', rawTable('playing'));
    tokenTries[0]!.resolve(asRoom(late)); // the first gets through after all: used
    await flush();
    expect(statuses.at(-1)).toEqual({ kind: 'reconnected' });
    tokenTries[1]!.reject(new Error('token used')); // the second's token was spent by the first
    await flush();
    expect(rejoins).toEqual([]);
    expect(statuses.at(-1)).toEqual({ kind: 'reconnected' });
    conn.send('roll', { version: 0 });
    expect(late.sent.at(-1)).toEqual(['roll', { version: 0 }]);
  });

  it('passes on what the player missed while away, and tries again at once when nudged (the page shown again, the device back online)', async () => {
    let tries = 0;
    const { scheduler, room, back, conn, missed } = backWhen(() => ++tries >= 3);
    room.drop(1006);
    scheduler.advance(500);
    await flush();
    scheduler.advance(1000);
    await flush();
    expect(tries).toBe(2);
    conn.nudge(); // the third try would wait 2 s
    await flush();
    expect(tries).toBe(3);
    back.message('returned', { seconds: 40, moves: 12, forfeited: false });
    expect(missed).toEqual([{ seconds: 40, moves: 12, forfeited: false }]);
  });

  it('counts the time away from when the link was last heard alive, not from when the server noticed the drop', async () => {
    let online = false;
    const { scheduler, room, back, conn, missed } = backWhen(() => online);
    room.message('snapshot', { matchId: 'm1', state: start() });
    const lastHeard = scheduler.time;
    // The link dies without a word: found some seconds later, then 40 s offline in all.
    for (let i = 0; i < 400; i++) {
      scheduler.advance(100);
      await flush();
    }
    online = true;
    conn.nudge();
    await flush();
    expect(scheduler.time - lastHeard).toBe(40_000);
    // The server noticed the drop 15 s late: it says 25 s; the page says the 40 its player lived.
    back.message('returned', { seconds: 25, moves: 3, forfeited: false });
    expect(missed).toEqual([{ seconds: 40, moves: 3, forfeited: false }]);
    // Counted once: what the server says next is its own count.
    back.message('returned', { seconds: 5, moves: 0, forfeited: true });
    expect(missed.at(-1)).toEqual({ seconds: 5, moves: 0, forfeited: true });
  });

  it('does not reconnect after a consented close, nor when another window took the seat, nor when this device was signed out; passes refusals and closing notices on', () => {
    for (const [code, why] of [
      [CLOSE_CODES.consented, 'left'],
      [CLOSE_CODES.replaced, 'replaced'],
      [CLOSE_CODES.signedOut, 'signed-out'],
    ] as const) {
      const scheduler = new ManualScheduler();
      const room = new FakeRoom('r1', rawTable('waiting'));
      const conn = new TableConnection(asRoom(room), nowhere, scheduler);
      const statuses: LinkStatus[] = [];
      const errors: unknown[] = [];
      const closings: unknown[] = [];
      conn.onStatus((s) => statuses.push(s));
      conn.onError((e) => errors.push(e));
      conn.onClosing((e) => closings.push(e));
      room.message('error', { code: 'ERR_NOT_STARTED', message: 'no game yet', request: 'sync' });
      room.message('error', { code: 'ERR_NOT_YOUR_TURN', message: 'wait', request: 'roll' });
      room.message('closing', { code: 'ERR_SHUTTING_DOWN', message: 'restarting' });
      room.drop(code);
      expect(statuses).toEqual([{ kind: 'closed', why }]);
      expect(scheduler.pending).toBe(0);
      expect(errors).toEqual([{ code: 'ERR_NOT_YOUR_TURN', message: 'wait', request: 'roll' }]);
      expect(closings).toEqual([{ code: 'ERR_SHUTTING_DOWN', message: 'restarting' }]);
    }
  });

  it('stops trying a little after the server’s hold would have ended, and says the table is gone', async () => {
    const scheduler = new ManualScheduler();
    const room = new FakeRoom('r1', rawTable('playing'));
    const conn = new TableConnection(asRoom(room), nowhere, scheduler, scheduler.now);
    const statuses: LinkStatus[] = [];
    conn.onStatus((s) => statuses.push(s));
    room.drop(1006);
    for (let i = 0; i < 60 && statuses.at(-1)?.kind !== 'closed'; i++) {
      scheduler.advance(8000);
      await flush();
    }
    expect(statuses.at(-1)).toEqual({ kind: 'closed', why: 'gone' });
    expect(scheduler.time).toBeGreaterThan(RECONNECT_WINDOW_MS);
    expect(scheduler.time).toBeLessThan(RECONNECT_WINDOW_MS + 20_000);
    expect(scheduler.pending).toBe(0);
  });

  it('backs off from half a second to at most eight', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoffDelay)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });
});
