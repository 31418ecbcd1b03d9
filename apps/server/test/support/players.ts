import {
  type ActionMessage,
  type ClockMessage,
  GameStream,
  type ServerMessages,
  type SnapshotMessage,
  type StreamStep,
  type TurnClock,
} from '@flightchess/protocol';
import { type Action, type BySeat, type Colour, type GameState, type SeatControl, legalMoves, nextSteps } from '@flightchess/rules';
import { Client, type Room } from 'colyseus.js';
import type { TestServer } from './server';

export interface Guest {
  readonly playerId: string;
  readonly secret: string;
  readonly nickname: string;
}

export interface Refusal {
  readonly code: string;
  readonly message: string;
  readonly request: string;
}

/** Poll until `condition` holds (the SDK's waitForNextPatch never resolves with colyseus.js 0.16.22). */
export async function waitFor(condition: () => boolean | Promise<boolean>, what = 'condition', timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Anything with an HTTP address: an in-process test server or a server process. */
type Http = Pick<TestServer, 'baseUrl'>;

export async function getJson<T = any>(t: Http, path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${t.baseUrl}${path}`);
  return { status: res.status, body: (await res.json()) as T };
}

export async function postJson<T = any>(t: Http, path: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export async function newGuest(t: Http, nickname: string): Promise<Guest> {
  const res = await fetch(`${t.baseUrl}/api/guests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname }),
  });
  if (res.status !== 201) throw new Error(`guest creation failed: ${res.status}`);
  return (await res.json()) as Guest;
}

/** How often a client whose network loses messages checks its link (the web client asks after 2 s of quiet). */
const LINK_CHECK_MS = 500;

/**
 * One SDK connection at a table, with the refusals the server sent it and its own replica of the game:
 * the `snapshot` and `action` messages applied with the engine (GameStream), as the web client does.
 */
export class Player {
  readonly errors: Refusal[] = [];
  /** Answers to this client's syncs before the table's game started. */
  readonly noGameYet: Refusal[] = [];
  readonly closings: Refusal[] = [];
  readonly phrases: ServerMessages['phrase'][] = [];
  /** What the server said this player missed while away, each time they took their seat back. */
  readonly returns: ServerMessages['returned'][] = [];
  pongs = 0;
  readonly stream = new GameStream();
  /** Every action this client applied, by the version it was applied to. */
  readonly seen = new Map<number, Action>();
  /** Snapshots asked for because an action did not follow on, and snapshots received. */
  gaps = 0;
  snapshots = 0;

  constructor(
    public room: Room<any>,
    readonly guest: Guest,
    /**
     * Lose the action messages this says (a network that drops them), to see the client recover; such a client
     * checks its link as the web client does (a `ping` every LINK_CHECK_MS: its answer names the game's version).
     */
    private readonly lose?: (message: ActionMessage) => boolean,
  ) {
    this.listen(room);
  }

  get state(): any {
    return this.room.state;
  }

  /** The engine state as this client has it. */
  get game(): GameState {
    const game = this.stream.state;
    if (!game) throw new Error(`${this.guest.nickname} has no game yet`);
    return game;
  }

  /** The turn's deadlines as this client was told them (with the newest step, snapshot or clock message). */
  get clock(): TurnClock {
    return this.stream.clock;
  }

  /** The colour the server seated this player on. */
  get colour(): Colour {
    const seats = this.state?.seats;
    if (!seats) return '' as Colour;
    for (const [colour, seat] of seats.entries()) if (seat.playerId === this.guest.playerId) return colour as Colour;
    return '' as Colour;
  }

  get seated(): boolean {
    return (this.colour as string) !== '';
  }

  get seat(): any {
    return this.state.seats.get(this.colour);
  }

  /** Who decides for each seat, as the synced seats say (for nextSteps). */
  control(): BySeat<SeatControl> {
    const control: BySeat<SeatControl> = {};
    for (const [colour, seat] of this.state.seats.entries())
      control[colour as Colour] = { bot: seat.kind === 'bot' ? seat.bot : null, autoPlay: seat.autoPlay };
    return control;
  }

  send(type: string, payload?: unknown): void {
    this.room.send(type, payload);
  }

  /** Send, and resolve with the refusal the server answers. */
  async refused(type: string, payload?: unknown): Promise<Refusal> {
    const before = this.errors.length;
    this.send(type, payload);
    await waitFor(() => this.errors.length > before, `a refusal of ${type}`);
    return this.errors[this.errors.length - 1]!;
  }

  /** Take over a new Room object (after `client.reconnect(token)` or a rejoin). */
  adopt(room: Room<any>): void {
    this.room = room;
    this.listen(room);
  }

  private listen(room: Room<any>): void {
    // The answer to a sync before the game (as the web client, not an error: the snapshot comes with the game).
    room.onMessage('error', (e: Refusal) =>
      e.request === 'sync' && e.code === 'ERR_NOT_STARTED' ? this.noGameYet.push(e) : this.errors.push(e),
    );
    room.onMessage('closing', (e: Refusal) => this.closings.push(e));
    room.onMessage('phrase', (m: ServerMessages['phrase']) => this.phrases.push(m));
    room.onMessage('returned', (m: ServerMessages['returned']) => this.returns.push(m));
    room.onMessage('snapshot', (m: SnapshotMessage) => {
      this.stream.snapshot(m);
      this.snapshots++;
    });
    // A step that does not follow on (one was lost) is mended by a snapshot, as the web client does.
    const gap = () => {
      this.gaps++;
      room.send('sync');
    };
    const mend = (step: StreamStep) => step.kind === 'gap' && gap();
    room.onMessage('pong', (m: ServerMessages['pong']) => {
      this.pongs++;
      const game = this.stream.state;
      if (game && m.version !== undefined && m.version > game.version) gap();
    });
    if (this.lose) {
      const check = setInterval(() => room.send('ping'), LINK_CHECK_MS);
      room.onLeave(() => clearInterval(check));
    }
    room.onMessage('action', (m: ActionMessage) => {
      if (this.lose?.(m)) return;
      const step = this.stream.action(m);
      if (step.kind === 'applied') this.seen.set(m.version, m.action);
      mend(step);
    });
    room.onMessage('clock', (m: ClockMessage) => mend(this.stream.retime(m)));
    // A new connection (join, reconnect, rejoin) asks for the game as it is now.
    room.send('sync');
  }
}

type Sdk = TestServer['colyseus']['sdk'];

/**
 * Take one's seat back with one's credentials after the room went away (its process stopped or died):
 * what the web client does by itself. Retries while the table is not (yet) restored anywhere.
 */
export async function rejoin(
  player: Player,
  via: Client | Sdk,
  roomId: string,
  timeoutMs = 30_000,
  watch = false,
  code?: string,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const snapshots = player.snapshots;
      player.adopt(
        await via.joinById(roomId, {
          playerId: player.guest.playerId,
          secret: player.guest.secret,
          ...(watch ? { watch } : {}),
          ...(code === undefined ? {} : { code }),
        }),
      );
      await waitFor(() => (watch || player.seated) && player.snapshots > snapshots, watch ? 'the game' : 'the seat and the game');
      return;
    } catch (error) {
      if (Date.now() > until) throw new Error(`${player.guest.nickname} could not rejoin ${roomId}: ${String(error)}`, { cause: error });
      await sleep(200);
    }
  }
}

export async function create(t: TestServer, guest: Guest, options: Record<string, unknown> = {}): Promise<Player> {
  const room = await t.colyseus.sdk.create('table', { ...options, playerId: guest.playerId, secret: guest.secret });
  const player = new Player(room, guest);
  await waitFor(() => player.seated, 'the seat');
  return player;
}

export async function joinById(t: TestServer, roomId: string, guest: Guest, options: Record<string, unknown> = {}): Promise<Player> {
  const room = await t.colyseus.sdk.joinById(roomId, { ...options, playerId: guest.playerId, secret: guest.secret });
  const player = new Player(room, guest);
  await waitFor(() => player.seated, 'the seat');
  return player;
}

/** A refusal of POST /api/quick: its status, code and (ERR_COOLDOWN) the cooldown. */
export class QuickRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly cooldown: unknown,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/** Quick play as the web client does it: the server picks the table (POST /api/quick), the SDK takes the seat it reserved. */
export async function quickMatch(
  t: Pick<TestServer, 'baseUrl' | 'colyseus'>,
  guest: Guest,
  options: Record<string, unknown>,
): Promise<Room<any>> {
  const answer = await postJson(t, '/api/quick', { ...options, playerId: guest.playerId, secret: guest.secret });
  if (answer.status !== 200)
    throw new QuickRefusal(answer.status, answer.body.error?.code, answer.body.cooldown, answer.body.error?.message);
  return new Client(t.baseUrl).consumeSeatReservation(answer.body);
}

/** A table of `count` new guests, everyone ready, so the game starts; returns the players by colour. */
export async function startedTable(t: TestServer, count: number, options: Record<string, unknown> = {}): Promise<Player[]> {
  const host = await create(t, await newGuest(t, 'Host'), { size: count, ...options });
  const players = [host];
  for (let i = 1; i < count; i++) players.push(await joinById(t, host.room.roomId, await newGuest(t, `P${i}`), await codeOf(host)));
  for (const p of players) p.send('ready', { ready: true });
  await waitFor(() => players.every((p) => p.state.status === 'playing' && p.stream.state?.version === 0), 'the game to start');
  return players;
}

/**
 * Play as the players themselves would through the SDK: the seat to act rolls, and picks the first
 * legal move when there is a choice; what the server plays by itself (bots, auto-play, a single legal
 * move, RULES.md §9.10) it is left to play. Stops when the game is over or `until` holds.
 */
export async function play(players: Player[], until: (game: GameState) => boolean = () => false, timeoutMs = 60_000): Promise<void> {
  const stop = Date.now() + timeoutMs;
  const viewer = players[0]!;
  for (;;) {
    if (Date.now() > stop) throw new Error('the game did not end in time');
    const game = viewer.game;
    if (game.phase === 'over' || until(game)) return;
    const { version } = game;
    const actor = players.find((p) => p.colour === game.current && !game.out[p.colour]);
    const step = nextSteps(game, viewer.control()).turn;
    if (actor && step?.by === 'person') {
      await waitFor(() => (actor.stream.state?.version ?? -1) >= version, 'the actor to catch up');
      if (actor.game.version !== version) continue;
      const errors = actor.errors.length;
      if (game.phase === 'roll') actor.send('roll', { version });
      else actor.send('move', { version, plane: legalMoves(game)[0]!.plane });
      await waitFor(() => viewer.game.version !== version || actor.errors.length > errors, 'the action to apply');
      if (actor.errors.length > errors) throw new Error(`refused: ${JSON.stringify(actor.errors[actor.errors.length - 1])}`);
    } else {
      await waitFor(() => viewer.game.version !== version, 'the server to play');
    }
  }
}

export const credentials = (g: Guest) => ({ playerId: g.playerId, secret: g.secret });

/**
 * The player's link goes silent without a word, as a phone's does in a tunnel: its socket reads nothing
 * more, so the server's pings go unanswered (and nothing is sent). Returns a way to drop it for good.
 */
export function silence(player: Player): () => void {
  type Silenced = { onmessage: unknown; onclose: unknown; onerror: unknown; _socket: { pause(): void; destroy(): void } };
  const ws = (player.room.connection as unknown as { transport: { ws: Silenced } }).transport.ws;
  player.room.removeAllListeners();
  // What the server sends meanwhile is read when the socket closes: by nobody, so that nothing logs after
  // the test (Jest fails a run that does, whatever its tests said).
  ws.onmessage = null;
  ws._socket.pause();
  return () => {
    ws.onclose = ws.onerror = null;
    ws._socket.destroy();
  };
}

/** What a newcomer passes to join the host's table: a private table's code (it lets nobody in without it). */
export async function codeOf(host: Player): Promise<{ code?: string }> {
  await waitFor(() => host.state?.code !== undefined && host.state.code !== '', 'the table code');
  return host.state.private ? { code: host.state.code as string } : {};
}

/** A two-player game started through `via` (any colyseus.js client) on the server at `http`. */
export async function twoPlayerGame(http: Http, via: Client, options: Record<string, unknown> = {}): Promise<Player[]> {
  const [ann, bob] = [await newGuest(http, 'Ann'), await newGuest(http, 'Bob')];
  const host = new Player(await via.create('table', { size: 2, ...options, ...credentials(ann) }), ann);
  const guest = new Player(await via.joinById(host.room.roomId, { ...credentials(bob), ...(await codeOf(host)) }), bob);
  const players = [host, guest];
  await waitFor(() => players.every((p) => p.seated), 'both seats');
  for (const p of players) p.send('ready', { ready: true });
  await waitFor(() => players.every((p) => p.state.status === 'playing' && p.stream.state !== null), 'the game to start');
  return players;
}

/** A person must choose a move now (more than one plane can move): the middle of a turn. */
export const choosing = (players: Player[]) => (game: GameState) =>
  game.phase === 'move' && legalMoves(game).length > 1 && nextSteps(game, players[0]!.control()).turn?.by === 'person';

/**
 * Watch a table (`watch: true`) through `via`, with a private table's `code`; resolves once the table's
 * facts (and its game, if one is on) are here.
 */
export async function watch(via: Client | Sdk, roomId: string, guest: Guest, code?: string): Promise<Player> {
  const watcher = new Player(
    await via.joinById(roomId, { ...credentials(guest), watch: true, ...(code === undefined ? {} : { code }) }),
    guest,
  );
  await waitFor(
    () => watcher.state?.status !== undefined && (watcher.state.status === 'waiting' || watcher.stream.matchId === watcher.state.matchId),
    'the table to watch',
  );
  return watcher;
}
