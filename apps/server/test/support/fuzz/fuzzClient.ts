import { type ActionMessage, type ClockMessage, GameStream, type SnapshotMessage } from '@flightchess/protocol';
import type { Colour, Rng } from '@flightchess/rules';
import type { Room } from 'colyseus.js';
import { type Guest, credentials, sleep, waitFor } from '../players';
import type { TestServer } from '../server';
import type { Ledger, SessionLedger } from './ledger';
import { type Shot, type View, nextShot } from './shots';

/** How long the server has to close a connection after an undecodable frame. */
const CLOSE_MS = 5_000;

type Sdk = TestServer['colyseus']['sdk'];

/** What the run knows of the rooms from inside the server, so that players only knock where a seat waits for them. */
export interface Rooms {
  /** Called with each room a table opens, before anyone sends it a message. */
  opened(roomId: string): void;
  isOpen(roomId: string): boolean;
  /** The player's own seat is there, or the table is seating players and has a free seat. */
  hasSeatFor(roomId: string, playerId: string): boolean;
}

/** A table of the run: its settings and its players; when its room closed under them, a new room of the same kind. */
export class FuzzTable {
  roomId = '';
  /** Players of this table reconnecting or rejoining now. */
  returning = 0;
  private replacing: Promise<void> | null = null;

  constructor(
    readonly sdk: Sdk,
    readonly options: Record<string, unknown>,
    readonly rooms: Rooms,
  ) {}

  /** Open a room for this table with `host` in it. */
  async open(host: FuzzClient): Promise<void> {
    const room = await this.sdk.create('table', { ...this.options, ...credentials(host.guest) });
    this.roomId = room.roomId;
    this.rooms.opened(room.roomId);
    await host.enter(room);
  }

  /** A new room for a table whose room closed (every player had left it): the first player to find out opens it. */
  async reopen(player: FuzzClient): Promise<'opened' | 'reopened'> {
    if (this.replacing) {
      await this.replacing;
      return 'reopened';
    }
    this.replacing = this.open(player).finally(() => (this.replacing = null));
    await this.replacing;
    return 'opened';
  }
}

export interface ClientStats {
  /** Closes by the code the server gave. */
  readonly closes: Record<number, number>;
  /** Closes that no undecodable frame asked for: the code, the reason and the message sent last. */
  readonly unexpectedCloses: string[];
  reconnects: number;
  rejoins: number;
  tablesReopened: number;
}

/**
 * One player's connection, through colyseus.js as a browser's would be: it keeps a replica of the
 * game from the server's stream, picks its next message from what it sees (nextShot), and gets back
 * in after its connection is closed: by reconnection token, else by joining with its credentials.
 */
export class FuzzClient {
  room!: Room<any>;
  connected = false;
  readonly stats: ClientStats = { closes: {}, unexpectedCloses: [], reconnects: 0, rejoins: 0, tablesReopened: 0 };
  private readonly stream = new GameStream();
  private inSync = false;
  private closed: Promise<number> = Promise.resolve(0);
  private lastShot: Shot | null = null;
  /** Where this player last played the right move or asked for a snapshot: once is enough. */
  private actedAt = '';

  constructor(
    readonly table: FuzzTable,
    readonly guest: Guest,
    private readonly rng: Rng,
    private readonly ledger: Ledger,
  ) {}

  get session(): SessionLedger {
    return this.ledger.of(this.room.sessionId);
  }

  async join(): Promise<void> {
    await this.enter(await this.table.sdk.joinById(this.table.roomId, credentials(this.guest)));
  }

  /** Take a new connection to the table, once its state has arrived. */
  async enter(room: Room<any>): Promise<void> {
    this.listen(room);
    await waitFor(() => room.state?.seats !== undefined, 'the table state');
  }

  private listen(room: Room<any>): void {
    this.room = room;
    this.connected = true;
    this.inSync = false;
    // Refusals need no handling here (the referee sees them in the server); registered so that the SDK does not warn.
    room.onMessage('error', () => undefined);
    room.onMessage('closing', () => undefined);
    room.onMessage('pong', () => undefined);
    room.onMessage('returned', () => undefined);
    room.onMessage('snapshot', (m: SnapshotMessage) => {
      this.stream.snapshot(m);
      this.inSync = true;
      this.actedAt = '';
    });
    room.onMessage('clock', (m: ClockMessage) => {
      if (this.stream.retime(m).kind === 'gap') this.inSync = false;
    });
    room.onMessage('action', (m: ActionMessage) => {
      if (this.stream.action(m).kind === 'gap') this.inSync = false;
    });
    this.closed = new Promise((resolve) =>
      room.onLeave((code, reason) => {
        this.connected = false;
        this.ledger.of(room.sessionId).closed();
        this.stats.closes[code] = (this.stats.closes[code] ?? 0) + 1;
        if (this.lastShot?.kind !== 'bad-frame')
          this.stats.unexpectedCloses.push(`${code} ${String(reason)} after ${describe(this.lastShot)}`);
        resolve(code);
      }),
    );
  }

  next(): Shot {
    return nextShot(this.rng, this.view());
  }

  /** Send one shot; messages are entered in the ledger (what the server must read them as). */
  fire(shot: Shot): void {
    this.lastShot = shot;
    if (shot.category === 'right') this.actedAt = this.place();
    const raw = (bytes: Uint8Array) => (this.room.connection as unknown as { send(data: Uint8Array): void }).send(bytes);
    // colyseus.js types `type` as a string, but writes a number as a msgpack number.
    if (shot.kind === 'message') this.room.send(shot.type as string, shot.payload);
    else if (shot.kind === 'bytes') this.room.sendBytes(shot.type as string, shot.bytes);
    else raw(shot.bytes);
    if (shot.kind !== 'bad-frame') this.session.sending(String(shot.type));
  }

  /** After an undecodable frame: the code the server closed the connection with (0 if it did not within CLOSE_MS). */
  async closeCode(): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(0), CLOSE_MS)));
    try {
      return await Promise.race([this.closed, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Back to the table after the connection closed: reconnect with the token (the seat is held during a
   * game), else join again with the player's credentials once there is a seat for it (its own, or a
   * free one before the next game), or open a new room if the table's room closed. False when the run
   * ended first.
   */
  async comeBack(runOver: () => boolean): Promise<boolean> {
    this.table.returning++;
    try {
      const token = this.room.reconnectionToken;
      // The server holds the seat once it has handled the drop (in the table's queue): try a few times.
      for (let attempt = 1; attempt <= 5; attempt++) {
        try {
          await this.enter(await this.table.sdk.reconnect(token));
          this.stats.reconnects++;
          return true;
        } catch {
          await sleep(10 * attempt);
        }
      }
      return await this.rejoin(runOver);
    } finally {
      this.table.returning--;
    }
  }

  private async rejoin(runOver: () => boolean): Promise<boolean> {
    const { rooms } = this.table;
    while (!runOver()) {
      if (!rooms.isOpen(this.table.roomId)) {
        if ((await this.table.reopen(this)) === 'opened') {
          this.stats.tablesReopened++;
          return true;
        }
      }
      if (rooms.hasSeatFor(this.table.roomId, this.guest.playerId)) {
        try {
          await this.join();
          this.stats.rejoins++;
          return true;
        } catch {
          // The seat went to someone else meanwhile: wait for the next one.
        }
      }
      await sleep(20);
    }
    return false;
  }

  private rematchDue(): boolean {
    const state = this.room.state;
    return state.status === 'over' && state.result.recorded;
  }

  /** The point of the game this player is at: the table's status and match, and its replica's version. */
  private place(): string {
    const state = this.room.state;
    return `${state.status}|${state.matchId}|${this.inSync ? this.stream.state?.version : 'unsynced'}`;
  }

  /** What this player sees now: the synced table, and its replica of the game if it follows the current match. */
  private view(): View {
    const state = this.room.state;
    const seats: { colour: Colour; kind: string }[] = [];
    let me: { colour: Colour; ready: boolean; autoPlay: boolean } | null = null;
    for (const seat of state.seats.values() as Iterable<{
      colour: Colour;
      kind: string;
      playerId: string;
      ready: boolean;
      autoPlay: boolean;
    }>) {
      seats.push({ colour: seat.colour, kind: seat.kind });
      if (seat.playerId === this.guest.playerId) me = seat;
    }
    const following = this.inSync && this.stream.matchId === state.matchId;
    return {
      status: state.status,
      colour: me?.colour ?? null,
      host: state.hostId === this.guest.playerId,
      ready: me?.ready ?? false,
      autoPlay: me?.autoPlay ?? false,
      rematchDue: this.rematchDue(),
      game: following ? this.stream.state : null,
      acted: this.actedAt === this.place(),
      seats,
      size: state.size,
      returning: this.table.returning,
    };
  }
}

function describe(shot: Shot | null): string {
  if (!shot) return 'nothing';
  if (shot.kind === 'bad-frame') return `a bad frame [${[...shot.bytes.subarray(0, 16)].join(',')}]`;
  const body =
    shot.kind !== 'message'
      ? `${shot.bytes.length} bytes`
      : String(JSON.stringify(shot.payload, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).slice(0, 100);
  return `${shot.category} ${JSON.stringify(shot.type).slice(0, 60)} ${body}`;
}
