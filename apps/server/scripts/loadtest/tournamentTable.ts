import type { ActionMessage, ServerMessages, SnapshotMessage, TournamentTable } from '@flightchess/protocol';
import { GameStream } from '@flightchess/protocol';
import { type BySeat, type Colour, type SeatControl, legalMoves, nextSteps } from '@flightchess/rules';
import { RawRoom } from './rawRoom';
import type { LoadStats } from './stats';
import type { Pace } from './tablePlayers';
import type { Credentials } from './tournamentApi';

/**
 * The table may be listed before its room is open: the director stores the round's pairing first, then opens its
 * tables one after another. A seat asks again this often until the room takes it, for at most a minute.
 */
const JOIN_AGAIN_MS = 100;
const JOIN_GIVE_UP_MS = 60_000;
/** Under the server's per-client message limit when playing at once (tablePlayers' LoadPlayer keeps the same gap). */
const MIN_GAP_MS = 150;
const RETRY_MS = 200;

/** The part of the table's synced state read here: who plays each seat now (auto-play after a timeout). */
interface SeatFacts {
  readonly seats?: Map<string, { readonly autoPlay: boolean }>;
}

/** When the table got there (Date.now, comparable with the server's round start: same machine). */
export interface TableTimes {
  /** Every player's seat taken. */
  seated: number;
  firstAction: number;
  over: number;
}

/** A seat's connection and what it timed. */
interface Seat {
  readonly colour: Colour;
  room: RawRoom | null;
  sentAt: number;
  rolledAt: { version: number; at: number } | null;
}

/**
 * One table of a tournament's round, played by its paired players from their seats (held for them: the game is
 * already on) to the game's end. As LoadTable does, it keeps one game replica and one synced state, fed by one
 * socket (the first seat's), and decides once per step who acts; the other sockets only send, count and time.
 * A table is made anew each round: a round's pairing names other tables and other opponents.
 */
export class TournamentTablePlay {
  private readonly stream = new GameStream();
  private readonly seats: Seat[];
  private readonly control: BySeat<SeatControl> = {};
  private scheduled = -1;
  private over = false;
  private leaving = false;
  private lastAction = Date.now();
  private finished: () => void = () => undefined;
  readonly times: TableTimes = { seated: NaN, firstAction: NaN, over: NaN };
  /** Join requests refused before a seat was taken (the room not open yet). */
  joinRetries = 0;

  constructor(
    private readonly baseUrl: string,
    readonly view: TournamentTable,
    private readonly stats: LoadStats,
    private readonly pace: Pace,
  ) {
    for (const s of view.seats) this.control[s.colour] = { bot: s.bot, autoPlay: false };
    this.seats = view.seats.filter((s) => s.playerId !== null).map((s) => ({ colour: s.colour, room: null, sentAt: 0, rolledAt: null }));
  }

  /** Join every seat, play the game out, leave; resolves once the game is over and every socket closed. */
  async play(credentials: ReadonlyMap<string, Credentials>): Promise<void> {
    const over = new Promise<void>((resolve) => (this.finished = resolve));
    const joined = await Promise.allSettled(
      this.seats.map((seat, i) => {
        const playerId = this.view.seats.find((s) => s.colour === seat.colour)!.playerId!;
        return this.join(seat, credentials.get(playerId)!, i === 0);
      }),
    );
    const refused = joined.find((j) => j.status === 'rejected');
    if (refused) {
      this.leaving = true;
      await Promise.all(this.seats.map((s) => s.room?.leave()));
      throw new Error(`table ${this.view.roomId}: ${String(refused.reason)}`);
    }
    this.times.seated = Date.now();
    await over;
    this.leaving = true;
    await Promise.all(this.seats.map((s) => s.room?.leave()));
  }

  /** Take the seat (asking again while the room is not open yet); the first seat's socket reads the table. */
  private async join(seat: Seat, player: Credentials, reads: boolean): Promise<void> {
    const since = Date.now();
    for (;;) {
      const room = await RawRoom.join(this.baseUrl, 'joinById', this.view.roomId, player, reads).catch((error: unknown) => {
        if (Date.now() - since > JOIN_GIVE_UP_MS) throw error;
        return null;
      });
      if (room) {
        seat.room = room;
        this.wire(seat, room, reads);
        if (reads) room.send('sync', {});
        return this.decide();
      }
      this.joinRetries++;
      await new Promise((r) => setTimeout(r, JOIN_AGAIN_MS));
    }
  }

  private wire(seat: Seat, room: RawRoom, reads: boolean): void {
    const { stats } = this;
    room.onBytes = (bytes) => (stats.bytes += bytes);
    room.onError = () => stats.errors++;
    room.onClose = (asked) => {
      seat.room = null;
      if (!asked && !this.leaving && !this.over) stats.disconnects++;
    };
    room.onMessage = (type, message) => {
      if (type === 'action') {
        const m = message as ActionMessage;
        stats.clientActions++;
        if (seat.rolledAt?.version === m.version && m.action.type === 'roll') {
          stats.latencies.push(performance.now() - seat.rolledAt.at);
          seat.rolledAt = null;
        }
        if (reads) this.onAction(m);
      } else if (type === 'snapshot' && reads) {
        this.stream.snapshot(message as SnapshotMessage);
        if (this.stream.state?.phase === 'over') this.end();
        this.decide();
      } else if (type === 'error') {
        this.onRefusal(seat, message as ServerMessages['error']);
      }
    };
    if (reads)
      room.onState = () => {
        for (const [colour, s] of (room.state as SeatFacts).seats ?? [])
          this.control[colour as Colour] = { ...this.control[colour as Colour]!, autoPlay: s.autoPlay };
        this.decide();
      };
  }

  private onAction(m: ActionMessage): void {
    const step = this.stream.action(m);
    if (step.kind === 'gap') this.seats[0]!.room?.send('sync', {});
    if (step.kind !== 'applied') return;
    this.stats.actions++;
    this.lastAction = Date.now();
    if (Number.isNaN(this.times.firstAction)) this.times.firstAction = this.lastAction;
    if (step.state.phase === 'over') return this.end();
    this.decide();
  }

  private end(): void {
    if (this.over) return;
    this.over = true;
    this.times.over = Date.now();
    this.stats.games++;
    this.finished();
  }

  private onRefusal(seat: Seat, m: ServerMessages['error']): void {
    if (m.request === 'sync' && m.code === 'ERR_NOT_STARTED') return;
    const why = `${m.request} ${m.code}`;
    this.stats.refusals[why] = (this.stats.refusals[why] ?? 0) + 1;
    // Playing at once can outrun the per-client message limit: try again shortly, as a person told so would.
    if (m.code === 'ERR_RATE_LIMITED' && (m.request === 'roll' || m.request === 'move')) {
      seat.rolledAt = null;
      this.scheduled = -1;
      setTimeout(() => this.decide(), RETRY_MS);
    }
  }

  /** A person's turn whose player has taken the seat: it rolls, or moves one of its legal moves, after its pause. */
  private decide(): void {
    const game = this.stream.state;
    if (!game || this.over || game.phase === 'over' || this.scheduled === game.version) return;
    const step = nextSteps(game, this.control).turn;
    const seat = step?.by === 'person' ? this.seats.find((s) => s.colour === step.seat && s.room) : undefined;
    if (!seat) return;
    const version = game.version;
    this.scheduled = version;
    const think = this.pace.thinkMs;
    const delay = think ? think[0] + Math.random() * (think[1] - think[0]) : Math.max(0, seat.sentAt + MIN_GAP_MS - Date.now());
    setTimeout(() => {
      const now = this.stream.state;
      if (!now || now.version !== version || !seat.room || this.leaving) return;
      seat.sentAt = Date.now();
      if (now.phase === 'roll') {
        seat.rolledAt = { version, at: performance.now() };
        return seat.room.send('roll', { version });
      }
      const moves = legalMoves(now);
      seat.room.send('move', { version, plane: moves[Math.floor(Math.random() * moves.length)]!.plane });
    }, delay);
  }

  /** Not over, and no action for `ms` (a held-up table). */
  quiet(now: number, ms: number): boolean {
    return !this.over && now - this.lastAction > ms;
  }

  /** What a held-up table waits for, as this side sees it. */
  describe(): string {
    const game = this.stream.state;
    const step = game && nextSteps(game, this.control).turn;
    const seats = this.seats.map((s) => `${s.colour}${s.room ? '' : ' (no socket)'}`).join(', ');
    return `table ${this.view.roomId}: version ${game?.version}, ${game?.phase} by ${game?.current}, next ${step ? `${step.by} ${step.seat}` : 'none'}; seats ${seats}`;
  }
}
