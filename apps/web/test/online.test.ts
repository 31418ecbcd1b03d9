import type { Room } from 'colyseus.js';
import type { GameState } from '@flightchess/rules';
import { tableSnapshot, tableUpdate } from '../src/adapter/tableView';
import { backoffDelay } from '../src/net/backoff';
import { type LinkStatus, TableConnection } from '../src/net/connection';
import { RoomSource } from '../src/net/roomSource';
import { ManualScheduler, act, flush, gameOf } from './support';

/** A table as the server syncs it (apps/server schema), for the client's view of it. */
function rawTable(game: GameState | null, events: unknown[] = [], extra: Record<string, unknown> = {}) {
  return {
    preset: 'online',
    options: '{}',
    size: 2,
    teams: false,
    base: 10,
    turnSeconds: 15,
    private: true,
    code: 'ACDEFG',
    status: game ? 'playing' : 'waiting',
    hostId: 'p1',
    matchId: game ? 'm1' : '',
    version: game?.version ?? 0,
    deadline: 1_700_000_000_000,
    game: game ? JSON.stringify(game) : '',
    lastEvents: JSON.stringify(events),
    seats: {
      red: { colour: 'red', kind: 'human', playerId: 'p1', name: '小红', ready: true, connected: true, autoPlay: false, planes: [-1, -1, -1, -1] },
      yellow: { colour: 'yellow', kind: 'human', playerId: 'p2', name: 'Yellow', ready: false, connected: false, autoPlay: true, planes: [-1, -1, -1, -1] },
    },
    result: { reason: '', winner: '', winners: [], recorded: false },
    ...extra,
  };
}

const start = () => gameOf({ preset: 'online', seats: ['red', 'yellow'], firstSeat: 'red' });

describe('the synced table as a game view', () => {
  it('reads seats in clockwise order and finds the own seat by player id', () => {
    const game = start();
    const update = tableUpdate(null, tableSnapshot(rawTable(game)), 'p2')!;
    expect(update.view.viewer).toBe('yellow');
    expect(update.view.seats).toEqual([
      { colour: 'red', name: '小红', kind: 'human', connected: true, autoPlay: false, local: false },
      { colour: 'yellow', name: 'Yellow', kind: 'human', connected: false, autoPlay: true, local: true },
    ]);
    expect(update.view.turnDeadline).toBe(1_700_000_000_000);
    expect(update.view.state).toEqual(game);
    expect(tableUpdate(null, tableSnapshot(rawTable(null)), 'p2')).toBeNull();
  });

  it('animates the last action’s events only when exactly one action happened since the last snapshot', () => {
    const game = start();
    const rolled = act(game, { type: 'roll', seat: 'red', value: 6 });
    const next = tableSnapshot(rawTable(rolled.state, rolled.events));
    expect(tableUpdate(game, next, 'p1')!.events).toEqual(rolled.events);
    const moved = act(rolled.state, { type: 'move', seat: 'red', plane: 0 });
    // Two actions later (a missed patch): show the state, do not replay stale events.
    expect(tableUpdate(game, tableSnapshot(rawTable(moved.state, moved.events)), 'p1')!.events).toEqual([]);
  });
});

/** A stand-in for a colyseus.js Room: the test plays the server side. */
class FakeRoom {
  sent: [string, unknown][] = [];
  private stateCbs: ((s: unknown) => void)[] = [];
  private leaveCbs: ((code: number) => void)[] = [];
  private messageCbs = new Map<string, (m: unknown) => void>();
  constructor(
    readonly roomId: string,
    public state: unknown,
    readonly reconnectionToken = `${roomId}:token`,
  ) {}
  onStateChange(cb: (s: unknown) => void) {
    this.stateCbs.push(cb);
  }
  onLeave(cb: (code: number) => void) {
    this.leaveCbs.push(cb);
  }
  onMessage(type: string, cb: (m: unknown) => void) {
    this.messageCbs.set(type, cb);
  }
  send(type: string, payload: unknown) {
    this.sent.push([type, payload]);
  }
  async leave() {
    this.drop(4000);
    return 4000;
  }
  removeAllListeners() {
    this.stateCbs = [];
    this.leaveCbs = [];
  }
  sync(state: unknown) {
    this.state = state;
    for (const cb of this.stateCbs) cb(state);
  }
  drop(code: number) {
    for (const cb of this.leaveCbs) cb(code);
  }
  message(type: string, m: unknown) {
    this.messageCbs.get(type)?.(m);
  }
}

const asRoom = (r: FakeRoom) => r as unknown as Room;

describe('TableConnection', () => {
  it('reconnects a dropped room with its token, backing off, and carries on with the new room', async () => {
    const scheduler = new ManualScheduler();
    const first = new FakeRoom('r1', rawTable(null));
    const second = new FakeRoom('r1', rawTable(start()));
    let attempts = 0;
    const tokens: string[] = [];
    const conn = new TableConnection(
      asRoom(first),
      {
        reconnect: async (token) => {
          tokens.push(token);
          attempts++;
          if (attempts < 3) throw new Error('server unreachable');
          return asRoom(second);
        },
      },
      scheduler,
    );
    const statuses: LinkStatus[] = [];
    conn.onStatus((s) => statuses.push(s));
    const seen: string[] = [];
    conn.onState((t) => seen.push(t.status));

    first.drop(1006);
    for (let i = 0; i < 3; i++) {
      expect(scheduler.fire()).toBe(true);
      await flush();
    }
    expect(tokens).toEqual(['r1:token', 'r1:token', 'r1:token']);
    expect(scheduler.delays).toEqual([500, 1000, 2000]);
    expect(statuses).toEqual([
      { kind: 'reconnecting', attempt: 1 },
      { kind: 'reconnecting', attempt: 2 },
      { kind: 'reconnecting', attempt: 3 },
      { kind: 'reconnected' },
    ]);
    second.sync(rawTable(start()));
    expect(seen).toEqual(['playing']);
    conn.send('roll', { version: 0 });
    expect(second.sent).toEqual([['roll', { version: 0 }]]);
  });

  it('does not reconnect after a consented close, and passes server refusals on', () => {
    const scheduler = new ManualScheduler();
    const room = new FakeRoom('r1', rawTable(null));
    const conn = new TableConnection(asRoom(room), { reconnect: () => Promise.reject(new Error('no')) }, scheduler);
    const statuses: LinkStatus[] = [];
    const errors: unknown[] = [];
    conn.onStatus((s) => statuses.push(s));
    conn.onError((e) => errors.push(e));
    room.message('error', { code: 'ERR_NOT_YOUR_TURN', message: 'wait', request: 'roll' });
    room.drop(4000);
    expect(statuses).toEqual([{ kind: 'closed' }]);
    expect(scheduler.pending).toBe(0);
    expect(errors).toEqual([{ code: 'ERR_NOT_YOUR_TURN', message: 'wait', request: 'roll' }]);
  });

  it('backs off from half a second to at most eight', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoffDelay)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });
});

describe('RoomSource', () => {
  it('sends intents as room messages carrying the state version they were made on', () => {
    const scheduler = new ManualScheduler();
    const rolled = act(start(), { type: 'roll', seat: 'red', value: 6 });
    const room = new FakeRoom('r1', rawTable(rolled.state, rolled.events));
    const conn = new TableConnection(asRoom(room), { reconnect: () => Promise.reject(new Error('no')) }, scheduler);
    const source = new RoomSource(conn, 'p1');
    source.send({ type: 'move', plane: 2 });
    source.send({ type: 'auto-play', seat: 'red', on: true });
    source.send({ type: 'answer-draw', seat: 'red', accept: false });
    expect(room.sent).toEqual([
      ['move', { version: 1, plane: 2 }],
      ['auto-play', { on: true }],
      ['answer-draw', { version: 1, accept: false }],
    ]);
  });

  it('passes on new actions with their events and seat changes without events, but not identical snapshots', () => {
    const scheduler = new ManualScheduler();
    const game = start();
    const room = new FakeRoom('r1', rawTable(game));
    const conn = new TableConnection(asRoom(room), { reconnect: () => Promise.reject(new Error('no')) }, scheduler);
    const source = new RoomSource(conn, 'p1');
    const updates: { version: number; events: number }[] = [];
    source.subscribe((u) => updates.push({ version: u.view.state.version, events: u.events.length }));
    room.sync(rawTable(game));
    const rolled = act(game, { type: 'roll', seat: 'red', value: 3 });
    room.sync(rawTable(rolled.state, rolled.events));
    const dropped = rawTable(rolled.state, rolled.events);
    dropped.seats.red.connected = false;
    room.sync(dropped);
    expect(updates).toEqual([
      { version: 1, events: rolled.events.length },
      { version: 1, events: 0 },
    ]);
  });
});
