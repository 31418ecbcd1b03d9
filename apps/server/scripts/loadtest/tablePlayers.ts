import { type ActionMessage, GameStream, type ServerMessages, type SnapshotMessage } from '@flightchess/protocol';
import { type BySeat, type Colour, type SeatControl, legalMoves, nextSteps } from '@flightchess/rules';
import { Client, type Room } from 'colyseus.js';
import type { LoadStats } from './stats';

/** How a generated player plays: it thinks between `thinkMs[0]` and `[1]` after its turn comes, or (null) acts at once. */
export interface Pace {
  readonly thinkMs: readonly [number, number] | null;
}

/** A table with no action for this long while its game is on is counted as stuck. */
const STUCK_MS = 60_000;
const RETRY_MS = 200;
/**
 * Playing "at once" still keeps under the server's per-client message limit (10/s by default), as the
 * web client does by waiting for its animations: past it, the server drops messages (and says so once a second).
 */
const MIN_GAP_MS = 150;

interface Guest {
  readonly playerId: string;
  readonly secret: string;
}

/** A private table's join code, once its facts have come: it seats and lets watch newcomers only with it. */
async function codeOf(room: Room): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 10) {
    const code = (room.state as { code?: string } | undefined)?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no table code');
}

async function newGuest(baseUrl: string, nickname: string): Promise<Guest> {
  const res = await fetch(`${baseUrl}/api/guests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname }),
  });
  if (res.status !== 201) throw new Error(`guest creation: HTTP ${res.status}`);
  return (await res.json()) as Guest;
}

/** One generated player: a real colyseus.js connection keeping the game with the engine, acting on its own turns. */
class LoadPlayer {
  private readonly stream = new GameStream();
  private scheduled = -1;
  private rolledAt: { version: number; at: number } | null = null;
  private leaving = false;
  private sentAt = 0;
  /** What this player asked between games, until the table moves on. */
  private asked: 'ready' | 'rematch' | null = null;
  open = true;
  lastAction = Date.now();

  constructor(
    readonly room: Room,
    private readonly guest: Guest,
    private readonly stats: () => LoadStats,
    private readonly pace: Pace,
    private readonly countsActions: boolean,
  ) {
    const ws = (
      room.connection as unknown as { transport: { ws: { addEventListener(t: 'message', l: (e: { data: ArrayBuffer }) => void): void } } }
    ).transport.ws;
    ws.addEventListener('message', (e) => (stats().bytes += e.data.byteLength));
    room.onMessage('snapshot', (m: SnapshotMessage) => {
      this.stream.snapshot(m);
      this.decide();
    });
    room.onMessage('action', (m: ActionMessage) => this.onAction(m));
    room.onMessage('error', (m: ServerMessages['error']) => {
      // The answer to the sync sent on joining, before the game: the snapshot comes when it starts.
      if (m.request === 'sync' && m.code === 'ERR_NOT_STARTED') return;
      const why = `${m.request} ${m.code}`;
      stats().refusals[why] = (stats().refusals[why] ?? 0) + 1;
      // Playing at once can outrun the per-client message limit: try again shortly, as a client would.
      if (m.code === 'ERR_RATE_LIMITED' && (m.request === 'roll' || m.request === 'move')) {
        this.rolledAt = null;
        this.scheduled = -1;
        setTimeout(() => this.decide(), RETRY_MS);
      }
    });
    room.onMessage('*', () => undefined);
    room.onError(() => stats().errors++);
    room.onLeave(() => {
      this.open = false;
      if (!this.leaving) stats().disconnects++;
    });
    room.onStateChange(() => this.onFacts());
    room.send('sync', {});
  }

  private get colour(): Colour | null {
    for (const [colour, seat] of this.room.state.seats.entries()) if (seat.playerId === this.guest.playerId) return colour as Colour;
    return null;
  }

  private onAction(m: ActionMessage): void {
    const step = this.stream.action(m);
    if (step.kind === 'gap') this.room.send('sync', {});
    if (step.kind !== 'applied') return;
    const stats = this.stats();
    stats.clientActions++;
    if (this.countsActions) {
      stats.actions++;
      this.lastAction = Date.now();
      if (step.state.phase === 'over') stats.games++;
    }
    if (this.rolledAt && m.version === this.rolledAt.version && m.action.type === 'roll' && m.action.seat === this.colour) {
      stats.latencies.push(performance.now() - this.rolledAt.at);
      this.rolledAt = null;
    }
    this.decide();
  }

  /** Between games: ready again for the next one; the host asks for it once the result is stored. */
  private onFacts(): void {
    const s = this.room.state;
    // Once per wait: every patch before the server's answer would ask again, and late asks would be refused.
    if (s.status === 'waiting') {
      const seat = this.colour && s.seats.get(this.colour);
      if (seat && !seat.ready) this.askOnce('ready', { ready: true });
    } else if (s.status === 'over' && s.result.recorded && this.countsActions) {
      this.askOnce('rematch', {});
    } else {
      this.asked = null;
    }
  }

  private askOnce(type: 'ready' | 'rematch', message: object): void {
    if (this.asked === type) return;
    this.asked = type;
    this.room.send(type, message);
  }

  private control(): BySeat<SeatControl> {
    const control: BySeat<SeatControl> = {};
    for (const [colour, seat] of this.room.state.seats.entries())
      control[colour as Colour] = { bot: seat.kind === 'bot' ? 'strong' : null, autoPlay: seat.autoPlay };
    return control;
  }

  /** My turn (and mine to decide): roll, or pick one of the legal moves, after a human pause. */
  private decide(): void {
    const game = this.stream.state;
    if (!game || game.phase === 'over' || this.scheduled === game.version) return;
    const step = nextSteps(game, this.control()).turn;
    if (!step || step.by !== 'person' || step.seat !== this.colour) return;
    const version = game.version;
    this.scheduled = version;
    const think = this.pace.thinkMs;
    const delay = think ? think[0] + Math.random() * (think[1] - think[0]) : Math.max(0, this.sentAt + MIN_GAP_MS - Date.now());
    setTimeout(() => {
      const now = this.stream.state;
      if (!now || now.version !== version || this.leaving) return;
      this.sentAt = Date.now();
      if (now.phase === 'roll') {
        this.rolledAt = { version, at: performance.now() };
        this.room.send('roll', { version });
      } else {
        const moves = legalMoves(now);
        this.room.send('move', { version, plane: moves[Math.floor(Math.random() * moves.length)]!.plane });
      }
    }, delay);
  }

  leave(): Promise<unknown> {
    this.leaving = true;
    return this.room.leave(true).catch(() => undefined);
  }

  /** Playing, with no action for a long time. */
  stuck(now: number): boolean {
    return this.room.state.status === 'playing' && now - this.lastAction > STUCK_MS;
  }
}

/** One four-seat table of generated players (and watchers, if asked): created, joined, everyone ready, playing game after game. */
export class LoadTable {
  private constructor(readonly players: LoadPlayer[]) {}

  /** `watchers`: that many more guests join it with `watch: true` (they follow the game and never act). */
  static async open(baseUrl: string, index: number, stats: () => LoadStats, pace: Pace, watchers = 0): Promise<LoadTable> {
    const step = <T>(what: string, work: Promise<T>): Promise<T> =>
      work.catch((error: unknown) => {
        throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      });
    const guests = await step('guests', Promise.all([0, 1, 2, 3].map((i) => newGuest(baseUrl, `Load ${index}.${i}`))));
    const client = new Client(baseUrl);
    const creds = (g: Guest) => ({ playerId: g.playerId, secret: g.secret });
    const host = await step('create', client.create('table', { size: 4, private: true, ...creds(guests[0]!) }));
    const players = [new LoadPlayer(host, guests[0]!, stats, pace, true)];
    const code = await step('code', codeOf(host));
    for (const guest of guests.slice(1))
      players.push(new LoadPlayer(await step('join', client.joinById(host.roomId, { ...creds(guest), code })), guest, stats, pace, false));
    for (let i = 0; i < watchers; i++) {
      const guest = await step('watcher', newGuest(baseUrl, `Watch ${index}.${i}`));
      players.push(
        new LoadPlayer(
          await step('watch', client.joinById(host.roomId, { ...creds(guest), watch: true, code })),
          guest,
          stats,
          pace,
          false,
        ),
      );
    }
    return new LoadTable(players);
  }

  stuck(now: number): boolean {
    return this.players[0]!.stuck(now);
  }

  openSockets(): number {
    return this.players.filter((p) => p.open).length;
  }

  leave(): Promise<unknown> {
    return Promise.all(this.players.map((p) => p.leave()));
  }
}
