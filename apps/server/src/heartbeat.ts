import type WebSocket from 'ws';

/** How often the heartbeat wakes to ping its next share of the sockets. */
const TICK_MS = 250;

export interface HeartbeatOptions {
  /** Each socket is pinged once per interval. */
  readonly intervalMs: number;
  /** Pings in a row left unanswered before the socket is cut (Colyseus then treats the player as dropped). */
  readonly maxMissed: number;
}

interface Beat {
  readonly ws: WebSocket;
  missed: number;
  /** The client was heard from (a pong, or a message) since the socket's last turn. */
  heard: boolean;
}

/**
 * Finds connections that died without a word (a phone asleep, a cable pulled): a socket that leaves
 * `maxMissed` pings in a row unanswered is cut. Each socket has its turn once per interval, a few at every
 * tick; one whose client was heard from since its last turn (a pong, or any message) is alive and is not
 * asked, so an idle client is pinged every other interval and a busy one not at all, and a silent one is
 * cut between maxMissed + 1 and maxMissed + 2 intervals after its last word. Colyseus' transport pings
 * every socket every 3 s in one loop instead: at 4,000 sockets that stalled the event loop for tens of ms
 * each time (the worst roll→action latencies); and a ping per socket per interval was as many socket writes
 * as the game's own at 1,000 paced tables.
 */
export class Heartbeat {
  private readonly beats: Beat[] = [];
  private readonly slots = new Map<WebSocket, number>();
  private cursor = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: HeartbeatOptions) {}

  /** Follow a new socket until it closes. */
  add(ws: WebSocket): void {
    const beat: Beat = { ws, missed: 0, heard: false };
    this.slots.set(ws, this.beats.length);
    this.beats.push(beat);
    const alive = () => {
      beat.missed = 0;
      beat.heard = true;
    };
    ws.on('pong', alive);
    ws.on('message', alive);
    ws.once('close', () => this.remove(ws));
  }

  get size(): number {
    return this.beats.length;
  }

  start(): void {
    this.timer ??= setInterval(() => this.tick(), TICK_MS).unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The next share of the sockets has its turn, so that each has one per interval: pinged, cut, or left alone when heard from. */
  tick(): void {
    const share = Math.ceil((this.beats.length * TICK_MS) / this.options.intervalMs);
    for (let i = 0; i < share && this.beats.length > 0; i++) {
      if (this.cursor >= this.beats.length) this.cursor = 0;
      const beat = this.beats[this.cursor++]!;
      if (beat.heard) {
        beat.heard = false;
        continue;
      }
      if (beat.missed >= this.options.maxMissed) {
        beat.ws.terminate();
        continue;
      }
      beat.missed++;
      beat.ws.ping();
    }
  }

  /** Swap the last socket into the closed one's slot (order does not matter, only that each gets its turn). */
  private remove(ws: WebSocket): void {
    const slot = this.slots.get(ws);
    if (slot === undefined) return;
    this.slots.delete(ws);
    const last = this.beats.pop()!;
    if (last.ws !== ws) {
      this.beats[slot] = last;
      this.slots.set(last.ws, slot);
    }
  }
}
