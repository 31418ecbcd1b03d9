import { type BotName, type Colour, COLOURS, type RatingMode, oppositeOf, ratingModeOf, teamOf } from '@flightchess/rules';
import { type Rejection, botLabel, colourFor, reject } from '@flightchess/protocol';
import type { MatchSeat } from '@flightchess/protocol';
import { SeatState, type TableState } from './schema';

export interface Guest {
  readonly playerId: string;
  readonly nickname: string;
}

/**
 * Who sits where before (and during) the game: the synced `seats` map keyed by colour, plus which
 * connection holds which colour. Only the server decides a seat or a colour.
 */
export class Seating {
  private readonly bySession = new Map<string, Colour>();

  constructor(
    private readonly state: TableState,
    private readonly allowed: readonly Colour[],
  ) {}

  get size(): number {
    return this.state.size;
  }

  colourOf(sessionId: string): Colour | null {
    return this.bySession.get(sessionId) ?? null;
  }

  sessionAt(colour: Colour): string | null {
    for (const [session, c] of this.bySession) if (c === colour) return session;
    return null;
  }

  /** The colour a player sits on, whether or not a connection holds it now. */
  colourOfPlayer(playerId: string): Colour | null {
    return (this.humans().find((s) => s.playerId === playerId)?.colour as Colour | undefined) ?? null;
  }

  /**
   * Give a player's seat to a new connection (a rejoin, or a second tab taking over). Returns the
   * connection that held it before, if any: it no longer does.
   */
  attach(colour: Colour, sessionId: string): string | null {
    const previous = this.sessionAt(colour);
    if (previous) this.bySession.delete(previous);
    this.bySession.set(sessionId, colour);
    return previous;
  }

  /** The seats a game starts with, for the match record. */
  matchSeats(): MatchSeat[] {
    return this.colours().map((colour) => {
      const seat = this.seat(colour)!;
      const bot = seat.kind === 'bot' ? (seat.bot as BotName) : null;
      return { colour, kind: bot ? 'bot' : 'human', bot, playerId: bot ? null : seat.playerId, name: seat.name };
    });
  }

  /** The seats of a restored game: every player away until they rejoin. */
  restore(seats: readonly MatchSeat[]): void {
    for (const s of seats) {
      const seat = this.newSeat(s.colour, s.kind, s.name, s.playerId ?? '', true);
      seat.bot = s.bot ?? '';
      seat.connected = s.kind === 'bot';
      this.state.seats.set(s.colour, seat);
    }
  }

  seat(colour: Colour): SeatState | undefined {
    return this.state.seats.get(colour);
  }

  /** Seated colours, clockwise from red. */
  colours(): Colour[] {
    return COLOURS.filter((c) => this.state.seats.has(c));
  }

  humans(): SeatState[] {
    return this.colours()
      .map((c) => this.seat(c)!)
      .filter((s) => s.kind === 'human');
  }

  /** At a team table, a free seat beside a seated person (the host's first, then in colour order); null if none. */
  private teammateOfAPerson(): Colour | null {
    if (!this.state.teams) return null;
    const people = this.humans().sort((a, b) => Number(b.playerId === this.state.hostId) - Number(a.playerId === this.state.hostId));
    for (const person of people) {
      const mate = oppositeOf(person.colour as Colour);
      if (this.allowed.includes(mate) && this.isFree(mate)) return mate;
    }
    return null;
  }

  /** The names shown on the seats of everyone but this player (bots too). */
  namesBesides(playerId: string): string[] {
    return [...this.state.seats.values()].filter((s) => s.playerId !== playerId).map((s) => s.name);
  }

  isFull(): boolean {
    return this.state.seats.size >= this.size;
  }

  /**
   * Seat a newcomer on `preferred` if it is free, else on the colour the table offers — at a team table beside a
   * person already seated, the host first (whom the host invites plays with the host) — under `guest.nickname` as
   * given (uniqueName.ts).
   */
  addHuman(sessionId: string, guest: Guest, preferred?: Colour): Colour | Rejection {
    if (this.isFull()) return reject('ERR_NO_FREE_SEAT', 'every seat at this table is taken');
    const colour =
      preferred && this.isFree(preferred) ? preferred : (this.teammateOfAPerson() ?? colourFor(this.allowed, this.size, this.colours()));
    if (!colour) return reject('ERR_NO_FREE_SEAT', 'every seat at this table is taken');
    this.state.seats.set(colour, this.newSeat(colour, 'human', guest.nickname, guest.playerId));
    this.bySession.set(sessionId, colour);
    return colour;
  }

  /** Free the seat of a connection that left before the game. */
  removeHuman(sessionId: string): Colour | null {
    const colour = this.colourOf(sessionId);
    if (colour) this.removeSeat(colour);
    return colour;
  }

  /** Free a seat, whether or not a connection holds it (a player who left a finished game). */
  removeSeat(colour: Colour): void {
    const session = this.sessionAt(colour);
    if (session) this.bySession.delete(session);
    this.state.seats.delete(colour);
  }

  /** Move a player to another free colour before the game. */
  pickColour(sessionId: string, colour: Colour): Rejection | null {
    const from = this.colourOf(sessionId);
    if (!from) return reject('ERR_NOT_SEATED', 'you have no seat at this table');
    if (from === colour) return null;
    if (!this.allowed.includes(colour)) return reject('ERR_COLOUR_TAKEN', `${colour} is not played at this table`);
    if (!this.isFree(colour)) return reject('ERR_COLOUR_TAKEN', `${colour} is taken`);
    const seat = this.seat(from)!;
    this.state.seats.delete(from);
    this.state.seats.set(colour, this.newSeat(colour, 'human', seat.name, seat.playerId, seat.ready));
    this.bySession.set(sessionId, colour);
    return null;
  }

  addBot(bot: BotName, colour?: Colour): Colour | Rejection {
    if (colour && !this.allowed.includes(colour)) return reject('ERR_COLOUR_TAKEN', `${colour} is not played at this table`);
    if (colour && !this.isFree(colour)) return reject('ERR_COLOUR_TAKEN', `${colour} is taken`);
    const chosen = colour ?? colourFor(this.allowed, this.size, this.colours());
    if (!chosen || this.isFull()) return reject('ERR_NO_FREE_SEAT', 'every seat at this table is taken');
    const seat = this.newSeat(chosen, 'bot', botLabel(chosen, bot), '', true);
    seat.bot = bot;
    this.state.seats.set(chosen, seat);
    return chosen;
  }

  removeBot(colour: Colour): Rejection | null {
    if (this.seat(colour)?.kind !== 'bot') return reject('ERR_NOT_A_BOT', `no bot sits on ${colour}`);
    this.state.seats.delete(colour);
    return null;
  }

  /** The rating mode of the table's game. */
  mode(): RatingMode {
    return ratingModeOf({ seats: this.state.size, teams: this.state.teams });
  }

  /** Every seat is taken (by a player or a bot) and every player is ready. */
  readyToStart(): boolean {
    return this.isFull() && this.humans().every((s) => s.ready);
  }

  private isFree(colour: Colour): boolean {
    return this.allowed.includes(colour) && !this.state.seats.has(colour);
  }

  private newSeat(colour: Colour, kind: 'human' | 'bot', name: string, playerId: string, ready = false): SeatState {
    const seat = new SeatState();
    seat.colour = colour;
    seat.kind = kind;
    seat.name = name;
    seat.playerId = playerId;
    seat.ready = ready;
    seat.connected = true;
    seat.team = this.state.teams ? teamOf(colour) : -1;
    return seat;
  }
}
