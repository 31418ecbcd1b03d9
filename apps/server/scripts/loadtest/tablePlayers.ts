import { type ActionMessage, GameStream, type ServerMessages, type SnapshotMessage } from '@flightchess/protocol';
import { type BySeat, type Colour, type SeatControl, legalMoves, nextSteps } from '@flightchess/rules';
import { RawRoom, postJson } from './rawRoom';
import type { LoadStats } from './stats';

/** How a generated player plays: it thinks between `thinkMs[0]` and `[1]` after its turn comes, or (null) acts at once. */
export interface Pace {
  readonly thinkMs: readonly [number, number] | null;
}

/** A table with no action for this long while its game is on is counted as stuck. */
const STUCK_MS = 60_000;
const RETRY_MS = 200;
/**
 * A dropped player asks for its seat again every 250–750 ms, for a minute at most: how soon the cluster has the seat
 * back (the web client backs off from 0.5 s doubling to 8 s, so its players are back at its next try after that).
 */
const BACK_EVERY_MS = 500;
const GIVE_UP_MS = 60_000;
/**
 * Playing "at once" still keeps under the server's per-client message limit (10/s by default), as the
 * web client does by waiting for its animations: past it, the server drops messages (and says so once a second).
 */
const MIN_GAP_MS = 150;

interface Guest {
  readonly playerId: string;
  readonly secret: string;
}

/** The part of a table's synced state a generated player reads (decoded without the server's classes). */
interface TableFacts {
  readonly code?: string;
  readonly matchId: string;
  readonly status: string;
  readonly result: { readonly recorded: boolean };
  readonly seats: Map<string, { readonly playerId: string; readonly kind: string; readonly ready: boolean; readonly autoPlay: boolean }>;
}

/** A private table's join code, once its facts have come: it seats and lets watch newcomers only with it. */
async function codeOf(room: RawRoom): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 10) {
    const code = (room.state as Partial<TableFacts> | undefined)?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no table code');
}

async function newGuest(baseUrl: string, nickname: string): Promise<Guest> {
  const res = await postJson(`${baseUrl}/api/guests`, { nickname });
  if (res.status !== 201) throw new Error(`guest creation: HTTP ${res.status}`);
  return res.body as Guest;
}

/**
 * One generated player's connection. It counts what it receives, times its own rolls (roll sent → the roll's action
 * back on this socket), and sends what its table decides for it.
 */
class LoadPlayer {
  private rolledAt: { version: number; at: number } | null = null;
  private leaving = false;
  private sentAt = 0;
  /** What this player asked between games, until the table moves on. */
  private asked: 'ready' | 'rematch' | null = null;
  colour: Colour | null = null;
  open = true;

  constructor(
    public room: RawRoom,
    private readonly guest: Guest,
    private readonly table: LoadTable,
    readonly isHost: boolean,
    /** How to ask for the seat again after the socket dropped (a process killed): the table's id and code, through which address. */
    private readonly back: { readonly baseUrl: string; readonly code: string; readonly watch: boolean },
  ) {
    this.wire(room);
  }

  private wire(room: RawRoom): void {
    const { table, isHost } = this;
    room.onBytes = (bytes) => (table.stats().bytes += bytes);
    room.onMessage = (type, message) => {
      if (type === 'action') this.onAction(message as ActionMessage);
      else if (type === 'snapshot' && isHost) table.onSnapshot(message as SnapshotMessage);
      else if (type === 'error') this.onRefusal(message as ServerMessages['error']);
    };
    if (isHost) room.onState = () => table.onFacts();
    room.onError = () => table.stats().errors++;
    room.onClose = (asked) => {
      this.open = false;
      if (asked || this.leaving) return;
      table.stats().disconnects++;
      // A table between games is not stored: with its process gone there is nothing to come back to.
      if (table.playing()) void this.comeBack();
      else table.stats().leftBetweenGames++;
    };
  }

  /** The socket dropped: join the table again by its id (restored elsewhere if its process died) until seated, timing it. */
  private async comeBack(): Promise<void> {
    const stats = this.table.stats;
    const droppedAt = Date.now();
    stats().dropped++;
    this.table.dropped = true;
    const { baseUrl, code, watch } = this.back;
    while (!this.leaving) {
      if (Date.now() - droppedAt > GIVE_UP_MS) return void stats().notBack++;
      await new Promise((r) => setTimeout(r, BACK_EVERY_MS * (0.5 + Math.random())));
      const options = { playerId: this.guest.playerId, secret: this.guest.secret, code, ...(watch && { watch }) };
      const room = await RawRoom.join(baseUrl, 'joinById', this.room.roomId, options, this.isHost).catch(() => null);
      if (!room) continue;
      this.room = room;
      this.wire(room);
      this.open = true;
      stats().backMs.push(Date.now() - droppedAt);
      // The host's socket brings the table's state again (onState), then the game (the snapshot); a step
      // decided while this player was away may have gone to the closed socket: decide again.
      if (this.isHost) room.send('sync', {});
      this.table.retry();
      return;
    }
  }

  private onRefusal(m: ServerMessages['error']): void {
    // The answer to the sync sent on joining, before the game: the snapshot comes when it starts.
    if (m.request === 'sync' && m.code === 'ERR_NOT_STARTED') return;
    const stats = this.table.stats();
    const why = `${m.request} ${m.code}`;
    stats.refusals[why] = (stats.refusals[why] ?? 0) + 1;
    // Playing at once can outrun the per-client message limit, and storage may be away a moment (a
    // database restarting): try again shortly, as a person told "try again" would.
    if ((m.code === 'ERR_RATE_LIMITED' || m.code === 'ERR_STORAGE') && (m.request === 'roll' || m.request === 'move')) {
      this.rolledAt = null;
      this.table.retry();
    }
  }

  private onAction(m: ActionMessage): void {
    const stats = this.table.stats();
    stats.clientActions++;
    if (this.rolledAt && m.version === this.rolledAt.version && m.action.type === 'roll' && m.action.seat === this.colour) {
      stats.latencies.push(performance.now() - this.rolledAt.at);
      this.rolledAt = null;
    }
    if (this.isHost) this.table.onAction(m);
  }

  credentials(): { playerId: string; secret: string } {
    return { playerId: this.guest.playerId, secret: this.guest.secret };
  }

  /** Its seat, and between games: ready again for the next one; the host asks for it once the result is stored. */
  onFacts(s: TableFacts): void {
    this.colour = null;
    for (const [colour, seat] of s.seats.entries()) if (seat.playerId === this.guest.playerId) this.colour = colour as Colour;
    // Once per wait: every patch before the server's answer would ask again, and late asks would be refused.
    if (s.status === 'waiting') {
      const seat = this.colour && s.seats.get(this.colour);
      if (seat && !seat.ready) this.askOnce('ready', { ready: true });
    } else if (s.status === 'over' && s.result.recorded && this.isHost) {
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

  /** How long to wait before acting at once, keeping under the message limit. */
  gapMs(): number {
    return Math.max(0, this.sentAt + MIN_GAP_MS - Date.now());
  }

  roll(version: number): void {
    this.rolledAt = { version, at: performance.now() };
    this.act('roll', { version });
  }

  move(version: number, plane: number): void {
    this.act('move', { version, plane });
  }

  /** Send a roll or move, unless leaving. */
  private act(type: 'roll' | 'move', message: object): void {
    if (this.leaving) return;
    this.sentAt = Date.now();
    this.room.send(type, message);
  }

  leave(): Promise<unknown> {
    this.leaving = true;
    return this.room.leave();
  }
}

/**
 * One four-seat table of generated players (and watchers, if asked): created, joined, everyone ready, playing game
 * after game. The table keeps one replica of the game and one of the synced state, both fed by the host's socket
 * (every socket gets the same), and decides once per step who acts: the players' sockets only send, count and time.
 */
export class LoadTable {
  private readonly stream = new GameStream();
  private readonly players: LoadPlayer[] = [];
  /** A player of it dropped since the generator last counted afresh. */
  dropped = false;
  /** The version a decision is scheduled for. */
  private scheduled = -1;
  private lastAction = Date.now();
  /**
   * Every action this table was shown, as JSON, by game and version (with `keepActions`: to compare with what
   * was stored). A game's first action comes before the synced state names its match (a patch follows).
   */
  private readonly games: { matchId: string | null; actions: string[] }[] = [];

  private constructor(
    readonly stats: () => LoadStats,
    private readonly pace: Pace,
    private readonly keepActions: boolean,
    private readonly baseUrl: string,
  ) {}

  /**
   * `watchers`: that many more guests join it with `watch: true` (they follow the game and never act);
   * `keepActions`: remember every action shown (`shownActions`).
   */
  static async open(
    baseUrl: string,
    index: number,
    stats: () => LoadStats,
    pace: Pace,
    watchers = 0,
    keepActions = false,
  ): Promise<LoadTable> {
    const step = <T>(what: string, work: Promise<T>): Promise<T> =>
      work.catch((error: unknown) => {
        throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      });
    const table = new LoadTable(stats, pace, keepActions, baseUrl);
    const guests = await step('guests', Promise.all([0, 1, 2, 3].map((i) => newGuest(baseUrl, `Load ${index}.${i}`))));
    const creds = (g: Guest) => ({ playerId: g.playerId, secret: g.secret });
    const host = await step('create', RawRoom.join(baseUrl, 'create', 'table', { size: 4, private: true, ...creds(guests[0]!) }, true));
    const code = await step('code', codeOf(host));
    table.players.push(new LoadPlayer(host, guests[0]!, table, true, { baseUrl, code, watch: false }));
    const join = (guest: Guest, watch: boolean) =>
      RawRoom.join(baseUrl, 'joinById', host.roomId, { ...creds(guest), code, ...(watch && { watch }) }, false);
    for (const guest of guests.slice(1))
      table.players.push(new LoadPlayer(await step('join', join(guest, false)), guest, table, false, { baseUrl, code, watch: false }));
    for (let i = 0; i < watchers; i++) {
      const guest = await step('watcher', newGuest(baseUrl, `Watch ${index}.${i}`));
      table.players.push(new LoadPlayer(await step('watch', join(guest, true)), guest, table, false, { baseUrl, code, watch: true }));
    }
    table.onFacts();
    host.send('sync', {});
    return table;
  }

  private get facts(): TableFacts {
    return this.players[0]!.room.state as TableFacts;
  }

  /** The synced state changed: each player reads its seat, and asks what it should between games. */
  onFacts(): void {
    const facts = this.facts;
    const [earlier, last] = this.games.slice(-2);
    if (last && last.matchId === null && facts.matchId && facts.matchId !== earlier?.matchId) last.matchId = facts.matchId;
    for (const player of this.players) player.onFacts(facts);
  }

  onSnapshot(m: SnapshotMessage): void {
    this.stream.snapshot(m);
    this.decide();
  }

  onAction(m: ActionMessage): void {
    const step = this.stream.action(m);
    if (step.kind === 'gap') this.players[0]!.room.send('sync', {});
    if (step.kind !== 'applied') return;
    if (this.keepActions) {
      if (m.version === 0 || this.games.length === 0) {
        // Mid-game (the first action kept), or a new game whose match the state named already: else the next patch names it.
        const named = this.facts.matchId && this.facts.matchId !== this.games.at(-1)?.matchId;
        this.games.push({ matchId: m.version > 0 || named ? this.facts.matchId : null, actions: [] });
      }
      this.games.at(-1)!.actions[m.version] = JSON.stringify(m.action);
    }
    const stats = this.stats();
    stats.actions++;
    this.lastAction = Date.now();
    if (step.state.phase === 'over') stats.games++;
    this.decide();
  }

  retry(): void {
    this.scheduled = -1;
    setTimeout(() => this.decide(), RETRY_MS);
  }

  private control(): BySeat<SeatControl> {
    const control: BySeat<SeatControl> = {};
    for (const [colour, seat] of this.facts.seats.entries())
      control[colour as Colour] = { bot: seat.kind === 'bot' ? 'strong' : null, autoPlay: seat.autoPlay };
    return control;
  }

  /** A person's turn: its player rolls, or picks one of the legal moves, after a human pause. */
  private decide(): void {
    const game = this.stream.state;
    // The host back on a new socket has no state until its first patch (onState decides then).
    if (!game || game.phase === 'over' || this.scheduled === game.version || !this.facts.seats) return;
    const step = nextSteps(game, this.control()).turn;
    if (!step || step.by !== 'person') return;
    const player = this.players.find((p) => p.colour === step.seat);
    if (!player) return;
    const version = game.version;
    this.scheduled = version;
    const think = this.pace.thinkMs;
    const delay = think ? think[0] + Math.random() * (think[1] - think[0]) : player.gapMs();
    setTimeout(() => {
      const now = this.stream.state;
      if (!now || now.version !== version) return;
      if (now.phase === 'roll') return player.roll(version);
      const moves = legalMoves(now);
      player.move(version, moves[Math.floor(Math.random() * moves.length)]!.plane);
    }, delay);
  }

  /** A game is on (stored, so restored if its process dies). */
  playing(): boolean {
    return this.facts.status === 'playing';
  }

  /** Playing, with no action for `ms`. */
  quiet(now: number, ms: number): boolean {
    return this.playing() && now - this.lastAction > ms;
  }

  /** What a held-up table waits for, as this side sees it (for the report of a run that did not recover). */
  describe(): string {
    const game = this.stream.state;
    const step = game && this.facts.seats && nextSteps(game, this.control()).turn;
    const players = this.players.map((p) => `${p.colour ?? 'watcher'}${p.open ? '' : ' (closed)'}`).join(', ');
    return `table ${this.players[0]!.room.roomId}: version ${game?.version}, ${game?.phase} by ${game?.current}, next ${step ? `${step.by} ${step.seat}` : 'none'}, scheduled ${this.scheduled}; players ${players}`;
  }

  /** Playing, with no action for a long time. */
  stuck(now: number): boolean {
    return this.quiet(now, STUCK_MS);
  }

  /** The actions shown of each match played here (with `keepActions`), by version. */
  shownActions(): { matchId: string; actions: string[] }[] {
    return this.games.flatMap(({ matchId, actions }) => (matchId ? [{ matchId, actions }] : []));
  }

  /** Whether the host's own list of unfinished tables (POST /api/tables/mine: the lobby's listings) has this table. */
  async listed(): Promise<boolean> {
    const res = await postJson(`${this.baseUrl}/api/tables/mine`, this.players[0]!.credentials()).catch(() => null);
    return Array.isArray(res?.body) && (res.body as { roomId: string }[]).some((t) => t.roomId === this.players[0]!.room.roomId);
  }

  /** Cut one playing seat's link (the host's, whose socket the table reads, at every other table): it comes back by itself. */
  cutOne(): boolean {
    if (!this.playing()) return false;
    const open = this.players.filter((p) => p.open && p.colour !== null);
    const player = open[Math.floor(Math.random() * open.length)];
    player?.room.cut();
    return player !== undefined;
  }

  openSockets(): number {
    return this.players.filter((p) => p.open).length;
  }

  leave(): Promise<unknown> {
    return Promise.all(this.players.map((p) => p.leave()));
  }
}
