import { CLOSE_CODES } from '@flightchess/protocol';
import { TableConnection } from '../src/online/tableConnection';
import { RoomSource } from '../src/play/sources/roomSource';
import { ManualScheduler, act, flush } from './support';
import { FakeRoom, asRoom, playing, rawTable, start } from './fakeRoom';

describe('RoomSource', () => {
  it('sends intents as typed room messages carrying the newest version received', () => {
    const { room, conn } = playing();
    const source = new RoomSource(conn, 'p1');
    room.message('action', { version: 0, action: { type: 'roll', seat: 'red', value: 6 } });
    source.send({ type: 'move', plane: 2 });
    source.send({ type: 'auto-play', seat: 'red', on: true });
    source.send({ type: 'resign', seat: 'red' });
    source.send({ type: 'answer-draw', seat: 'red', accept: false });
    expect(room.sent.slice(1)).toEqual([
      ['move', { version: 1, plane: 2 }],
      ['auto-play', { on: true }],
      ['resign', { version: 1 }],
      ['answer-draw', { version: 1, accept: false }],
    ]);
  });

  it('says when the link goes down and comes back, so that nothing can be pressed meanwhile', async () => {
    const scheduler = new ManualScheduler();
    const first = new FakeRoom('r1', rawTable('playing'));
    const again = new FakeRoom('r1', rawTable('playing'));
    const conn = new TableConnection(
      asRoom(first),
      { reconnect: async () => asRoom(again), rejoin: () => Promise.reject(new Error('no')) },
      scheduler,
    );
    first.message('snapshot', { matchId: 'm1', state: start() });
    const source = new RoomSource(conn, 'p1');
    const down: (boolean | undefined)[] = [];
    source.subscribe((u) => down.push(u.view.linkDown));
    expect(source.current()!.view.linkDown).toBe(false);
    first.drop(CLOSE_CODES.restarting);
    expect(scheduler.fire()).toBe(true);
    await flush();
    expect(down).toEqual([true, false]);
  });

  it('passes on each action with its events, and seat changes without events, but not patches that change nothing shown', () => {
    const { room, conn } = playing();
    const source = new RoomSource(conn, 'p1');
    const updates: { version: number; events: number; redConnected: boolean }[] = [];
    source.subscribe((u) =>
      updates.push({ version: u.view.state.version, events: u.events.length, redConnected: u.view.seats[0]!.connected }),
    );
    room.sync(rawTable('playing'));
    const rolled = act(start(), { type: 'roll', seat: 'red', value: 3 });
    room.message('action', { version: 0, action: { type: 'roll', seat: 'red', value: 3 } });
    const dropped = rawTable('playing');
    dropped.seats.red.connected = false;
    room.sync(dropped);
    room.sync(dropped);
    expect(updates).toEqual([
      { version: 1, events: rolled.events.length, redConnected: true },
      { version: 1, events: 0, redConnected: false },
    ]);
  });

  it('draws a step once: the action with its clock, in one update', () => {
    const { room, conn } = playing();
    const source = new RoomSource(conn, 'p1');
    const updates: { version: number; events: number; deadline: number | null }[] = [];
    source.subscribe((u) => updates.push({ version: u.view.state.version, events: u.events.length, deadline: u.view.turnDeadline }));
    room.message('action', { version: 0, action: { type: 'roll', seat: 'red', value: 3 }, deadline: 5_000 });
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ version: 1, deadline: 5_000 });
    expect(updates[0]!.events).toBeGreaterThan(0);
    // The clock alone (托管 on): one update, no events.
    room.message('clock', { version: 1 });
    expect(updates.slice(1)).toEqual([{ version: 1, events: 0, deadline: null }]);
  });
});
