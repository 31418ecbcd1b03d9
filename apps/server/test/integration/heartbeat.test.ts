import { EventEmitter } from 'node:events';
import type WebSocket from 'ws';
import { Heartbeat } from '../../src/heartbeat';
import { silence, startedTable, waitFor } from '../support/players';
import { testServerPerFile } from '../support/server';

/** A socket that counts pings and answers them when asked to. */
class FakeSocket extends EventEmitter {
  pings = 0;
  terminated = false;
  constructor(readonly answers: boolean) {
    super();
  }
  ping(): void {
    this.pings++;
    if (this.answers) this.emit('pong');
  }
  terminate(): void {
    this.terminated = true;
    this.emit('close');
  }
}

const sockets = (n: number, answers = true) => Array.from({ length: n }, () => new FakeSocket(answers));
const follow = (heartbeat: Heartbeat, list: FakeSocket[]) => list.forEach((s) => heartbeat.add(s as unknown as WebSocket));
const pings = (list: FakeSocket[]) => list.reduce((n, s) => n + s.pings, 0);

describe('the heartbeat', () => {
  test('pings every socket once per interval, a quarter of them at each 250 ms tick, never all at once', () => {
    const heartbeat = new Heartbeat({ intervalMs: 1000, maxMissed: 2 });
    const list = sockets(400);
    follow(heartbeat, list);
    for (let tick = 1; tick <= 4; tick++) {
      heartbeat.tick();
      expect(pings(list)).toBe(100 * tick);
    }
    expect(list.every((s) => s.pings === 1)).toBe(true);
  });

  test('cuts a socket after two unanswered pings in a row, and only that one', () => {
    const heartbeat = new Heartbeat({ intervalMs: 250, maxMissed: 2 }); // every socket at every tick
    const [alive, silent] = [new FakeSocket(true), new FakeSocket(false)];
    follow(heartbeat, [alive, silent]);
    heartbeat.tick();
    heartbeat.tick();
    expect(silent.terminated).toBe(false); // two pings out, none answered yet
    heartbeat.tick();
    expect(silent.terminated).toBe(true);
    expect(heartbeat.size).toBe(1);
    for (let i = 0; i < 10; i++) heartbeat.tick();
    expect(alive.terminated).toBe(false);
    expect(alive.pings).toBe(7); // answered: not asked again at its next turn
  });

  test('a client heard from since its last turn is not asked: idle, pinged every other turn; busy, never; silent after its last word, cut two turns after its second ping', () => {
    const heartbeat = new Heartbeat({ intervalMs: 250, maxMissed: 2 }); // every socket at every tick
    const [idle, busy, falls] = [new FakeSocket(true), new FakeSocket(false), new FakeSocket(false)];
    follow(heartbeat, [idle, busy, falls]);
    for (let i = 0; i < 8; i++) {
      busy.emit('message', Buffer.from([13]));
      if (i < 3) falls.emit('message', Buffer.from([13]));
      heartbeat.tick();
    }
    expect(idle.pings).toBe(4);
    expect(busy.pings).toBe(0);
    expect(busy.terminated).toBe(false);
    // Its last word before the third turn: that turn passes, the next two ping, the one after cuts.
    expect(falls.pings).toBe(2);
    expect(falls.terminated).toBe(true);
  });

  test('sockets that close leave the rotation; the others keep their turn', () => {
    const heartbeat = new Heartbeat({ intervalMs: 1000, maxMissed: 2 });
    const list = sockets(8);
    follow(heartbeat, list);
    heartbeat.tick(); // pings 0 and 1
    list[0]!.emit('close');
    list[5]!.emit('close');
    expect(heartbeat.size).toBe(6);
    for (let i = 0; i < 6; i++) heartbeat.tick();
    const open = list.filter((_, i) => i !== 0 && i !== 5);
    expect(open.every((s) => s.pings >= 1)).toBe(true);
    expect(list[5]!.pings).toBe(0);
  });
});

describe('a connection that stops answering, on a real server', () => {
  const t = testServerPerFile({ heartbeatSeconds: 0.5 });

  test('is cut after two missed pings: the player counts as dropped (seat held), the other stays connected', async () => {
    const [red, other] = await startedTable(t, 2);
    const started = Date.now();
    silence(other!); // reads nothing more: the pings go unanswered, as with a phone that went to sleep
    await waitFor(() => red!.state.seats.get(other!.colour).connected === false, 'the silent seat to count as dropped', 5000);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(900); // two pings at least, half a second apart
    expect(t.logs.events('player-dropped').map((l) => l.seat)).toEqual([other!.colour]);
    expect(red!.state.seats.get(red!.colour).connected).toBe(true);
    expect(red!.state.seats.get(other!.colour).kind).toBe('human'); // held, not forfeited
  });
});
