import type { Room } from 'colyseus.js';
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
export async function waitFor(condition: () => boolean, what = 'condition', timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
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

export async function newGuest(t: Http, nickname: string): Promise<Guest> {
  const res = await fetch(`${t.baseUrl}/api/guests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname }),
  });
  if (res.status !== 201) throw new Error(`guest creation failed: ${res.status}`);
  return (await res.json()) as Guest;
}

/** One SDK connection at a table, with the refusals the server sent it. */
export class Player {
  readonly errors: Refusal[] = [];

  constructor(
    public room: Room<any>,
    readonly guest: Guest,
  ) {
    this.listen(room);
  }

  get state(): any {
    return this.room.state;
  }

  /** The colour the server seated this player on. */
  get colour(): string {
    const seats = this.state?.seats;
    if (!seats) return "";
    for (const [colour, seat] of seats.entries()) if (seat.playerId === this.guest.playerId) return colour;
    return '';
  }

  get seat(): any {
    return this.state.seats.get(this.colour);
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

  /** Take over a new Room object after `client.reconnect(token)`. */
  adopt(room: Room<any>): void {
    this.room = room;
    this.listen(room);
  }

  private listen(room: Room<any>): void {
    room.onMessage('error', (e: Refusal) => this.errors.push(e));
  }
}

type Sdk = TestServer['colyseus']['sdk'];

export async function create(t: TestServer, guest: Guest, options: Record<string, unknown> = {}): Promise<Player> {
  const room = await t.colyseus.sdk.create('table', { ...options, playerId: guest.playerId, secret: guest.secret });
  const player = new Player(room, guest);
  await waitFor(() => player.colour !== '', 'the seat');
  return player;
}

export async function joinById(t: TestServer, roomId: string, guest: Guest, options: Record<string, unknown> = {}): Promise<Player> {
  const room = await t.colyseus.sdk.joinById(roomId, { ...options, playerId: guest.playerId, secret: guest.secret });
  const player = new Player(room, guest);
  await waitFor(() => player.colour !== '', 'the seat');
  return player;
}

export async function quickMatch(sdk: Sdk, guest: Guest, options: Record<string, unknown>): Promise<Room<any>> {
  return sdk.joinOrCreate('table', { ...options, playerId: guest.playerId, secret: guest.secret });
}

/** A table of `count` new guests, everyone ready, so the game starts; returns the players by colour. */
export async function startedTable(t: TestServer, count: number, options: Record<string, unknown> = {}): Promise<Player[]> {
  const host = await create(t, await newGuest(t, 'Host'), { size: count, ...options });
  const players = [host];
  for (let i = 1; i < count; i++) players.push(await joinById(t, host.room.roomId, await newGuest(t, `P${i}`)));
  for (const p of players) p.send('ready', { ready: true });
  await waitFor(() => players.every((p) => p.state.status === 'playing' && p.state.version === 0 && p.state.current !== ''), 'the game to start');
  return players;
}

/**
 * Play as the players themselves would through the SDK: the seat to act rolls, and picks the first
 * legal move when there is a choice (a single legal move is the server's to play, RULES.md §9.10).
 * Stops when the game is over or `until` holds.
 */
export async function play(players: Player[], until: (state: any) => boolean = () => false, timeoutMs = 60_000): Promise<void> {
  const stop = Date.now() + timeoutMs;
  const viewer = players[0]!;
  for (;;) {
    if (Date.now() > stop) throw new Error('the game did not end in time');
    const s = viewer.state;
    if (s.phase === 'over' || until(s)) return;
    const version = s.version as number;
    const actor = players.find((p) => p.colour === s.current && p.seat.out === '');
    const seat = s.seats.get(s.current);
    const moves = JSON.parse(s.moves as string) as unknown[];
    const serverActs = !actor || seat.autoPlay || seat.kind === 'bot' || (s.phase === 'move' && moves.length === 1);
    if (!serverActs) {
      await waitFor(() => actor.state.version >= version, 'the actor to catch up');
      if (actor.state.version !== version) continue;
      const errors = actor.errors.length;
      if (s.phase === 'roll') actor.send('roll', { version });
      else actor.send('move', { version, plane: (moves[0] as { plane: number }).plane });
      await waitFor(() => viewer.state.version !== version || actor.errors.length > errors, 'the action to apply');
      if (actor.errors.length > errors) throw new Error(`refused: ${JSON.stringify(actor.errors[actor.errors.length - 1])}`);
    } else {
      await waitFor(() => viewer.state.version !== version, 'the server to play');
    }
  }
}
