import type { Client, Deferred } from '@colyseus/core';
import { type Colour, isColour } from '@flightchess/rules';
import { CLOSE_CODES, type Rejection, codedText, reject } from '@flightchess/protocol';
import type { SeatAuth } from '../accounts/seatCredentials';
import { metrics } from '../core/metrics';
import type { PlayerRecord } from '../players/playerRepository';
import { codeRefusal } from './codeRefusal';
import type { Table } from './table';
import type { Return } from './tablePlay';
import { uniqueName } from './uniqueName';

/** What a client asks for when it joins. */
export type JoinOptions = { colour?: unknown; watch?: unknown; code?: unknown; invitation?: unknown; takeOver?: unknown } | undefined;

/**
 * People coming to the table and leaving it: a player takes a seat, takes their own seat back (with
 * their credentials, or with the token of a dropped connection while the seat is held), or watches
 * (watchers.ts); a player who leaves during the game escapes, one who drops is held for (RULES.md §7).
 */
export class TableSeats {
  /** Colyseus' wait for a dropped player's reconnection token, per seat: a rejoin with credentials calls it off. */
  private readonly reconnections = new Map<Colour, Deferred>();
  /**
   * What a player who took their seat back missed, per seat, told once with the snapshot asked by the
   * connection that holds the seat then: a reconnection the page gave up on may take the seat back (and
   * this) just before the page's next try replaces it, which must tell it all the same.
   */
  private readonly missed = new Map<Colour, { readonly matchId: string; readonly missed: Return }>();

  constructor(private readonly t: Table) {}

  seatOf(client: Client): Colour | null {
    return this.t.seating.colourOf(client.sessionId);
  }

  /** ERR_BANNED for a banned player, or one at an address banned with another (bans/bans.ts). */
  banned(client: Client, playerId: string): Promise<Rejection | null> {
    return this.t.deps.bans.refusal(playerId, (client.auth as SeatAuth | undefined)?.address ?? '');
  }

  /** A player takes their own seat back (any time, whatever `watch` says), watches (watchers.ts), or takes a free seat before the game. */
  async join(client: Client, options: JoinOptions, player: PlayerRecord): Promise<'seated' | 'watching' | Rejection> {
    const { t } = this;
    if (t.play.stopped || t.closing) return reject('ERR_SHUTTING_DOWN', 'the table is closing: try again in a moment');
    // The credentials were checked when the seat was asked for: the device may have been signed out since.
    if (!(await t.devices.signedIn(client))) return reject('ERR_BAD_CREDENTIALS', 'this device was signed out');
    // An invitation to this player, for this table, lets them in without its code.
    const invitation = options?.invitation;
    if (options?.takeOver !== undefined) return this.takeOverAsked(client, player, options.takeOver, invitation);
    const own = t.seating.colourOfPlayer(player.id);
    if (own) return this.rejoin(client, own);
    const invited = typeof invitation === 'string' && (await t.deps.invitations.admits(invitation, player.id, t.tableId));
    const locked = invited ? null : codeRefusal(t.state, options);
    if (locked) return locked;
    if (options?.watch === true) return this.watch(client, player);
    return this.sitDown(client, player, options?.colour);
  }

  /**
   * Watch (watchers.ts) — unless banned, or, at a table of a tournament's duplicate round, seated at
   * another table of the round still playing its board: what happens here would tell them their dice.
   */
  private async watch(client: Client, player: PlayerRecord): Promise<'watching' | Rejection> {
    const board = this.t.play.match?.table.board;
    if (board && (await this.t.deps.matches.storage.playingBoard(board.id, player.id)))
      return reject('ERR_NOT_WATCHABLE', 'you are playing this round at another table: its tables play the same dice');
    return (await this.banned(client, player.id)) ?? this.t.watchers.admit(client, player);
  }

  /** A newcomer, or a watcher (`sit`), takes a free seat before the game. */
  async sitDown(client: Client, player: PlayerRecord, colour: unknown): Promise<'seated' | Rejection> {
    const { t } = this;
    if (t.state.status !== 'waiting') return reject('ERR_ALREADY_STARTED', 'the game at this table has started');
    const refused =
      (await this.banned(client, player.id)) ??
      (t.state.rated && !t.state.private ? await t.deps.pairing.cooldown(player.id) : null) ??
      (await t.deps.admission.newSeat(player.id));
    if (refused) return refused;
    const taken = [...t.seating.namesBesides(player.id), ...t.watchers.namesBesides(player.id)];
    const nickname = uniqueName(player.nickname, taken);
    const seated = t.seating.addHuman(client.sessionId, { playerId: player.id, nickname }, isColour(colour) ? colour : undefined);
    if (typeof seated !== 'string') return seated;
    t.watchers.seated(client.sessionId);
    if (!t.state.hostId) t.state.hostId = player.id;
    t.log.info({ event: 'player-joined', seat: seated, playerId: player.id }, 'player joined');
    await this.t.gathering.changed();
    return 'seated';
  }

  /**
   * A join with `takeOver`: an invitation to that seat of this game lets the player take it over. Someone
   * faster took it already: they watch instead (the invitation lets them in), as an invitation to a full
   * table does.
   */
  private async takeOverAsked(
    client: Client,
    player: PlayerRecord,
    colour: unknown,
    invitation: unknown,
  ): Promise<'seated' | 'watching' | Rejection> {
    const { t } = this;
    if (!isColour(colour)) return reject('ERR_BAD_REQUEST', "takeOver names a seat's colour: red, green, yellow or blue");
    const offered = typeof invitation === 'string' ? await t.deps.invitations.offeredSeat(invitation, player.id, t.tableId) : null;
    if (!offered || offered.colour !== colour || offered.matchId !== t.play.match?.id)
      return reject('ERR_NO_INVITATION', 'taking a seat over needs an invitation to that seat of this game');
    const taken = await this.takeOver(client, player, colour, invitation as string);
    if (typeof taken !== 'string' && taken.code === 'ERR_NO_FREE_SEAT' && !t.seating.colourOfPlayer(player.id))
      return this.watch(client, player);
    return taken;
  }

  /**
   * A friend of the table, invited to the seat its player left, takes it over mid-game: seated under their
   * name, the game goes on with them (TablePlay.takeOver). The connection of the player who left, if still
   * there, watches from now (or is closed, saying why, at a table that cannot be watched).
   */
  private async takeOver(client: Client, player: PlayerRecord, colour: Colour, invitation: string): Promise<'seated' | Rejection> {
    const { t } = this;
    const refused = (await this.banned(client, player.id)) ?? (await t.deps.admission.newSeat(player.id));
    if (refused) return refused;
    const taken = [...t.state.seats.values()].filter((s) => s.colour !== colour).map((s) => s.name);
    const name = uniqueName(player.nickname, [...taken, ...t.watchers.namesBesides(player.id)]);
    const rejected = await t.play.takeOver(colour, { playerId: player.id, name, invitation });
    if (rejected) return rejected;
    const previous = t.seating.attach(colour, client.sessionId);
    t.seating.seat(colour)!.connected = true;
    t.watchers.seated(client.sessionId);
    this.reconnections.get(colour)?.reject(new Error('taken over'));
    this.reconnections.delete(colour);
    this.missed.delete(colour);
    const old = previous ? t.client(previous) : undefined;
    if (old && t.watchers.admit(old, old.auth as PlayerRecord) !== 'watching')
      old.leave(CLOSE_CODES.replaced, codedText('ERR_REPLACED', 'someone the table invited took over the seat you left'));
    t.invitationsMoot();
    return 'seated';
  }

  /** What the player at this connection missed while away in this game, once (told after the snapshot it asks for). */
  missedBy(sessionId: string): Return | undefined {
    const colour = this.t.seating.colourOf(sessionId);
    const kept = colour ? this.missed.get(colour) : undefined;
    if (!kept) return undefined;
    this.missed.delete(colour!);
    return kept.matchId === this.t.play.match?.id ? kept.missed : undefined;
  }

  /** Back into one's own seat with the player's credentials: the connection that held it (if any) lets go. */
  private async rejoin(client: Client, colour: Colour): Promise<'seated'> {
    const previous = this.t.seating.attach(colour, client.sessionId);
    const old = previous ? this.t.client(previous) : undefined;
    old?.leave(CLOSE_CODES.replaced, 'ERR_REPLACED: this seat was taken over by another connection of the same player');
    this.reconnections.get(colour)?.reject(new Error('back'));
    this.reconnections.delete(colour);
    metrics.reconnects.inc({ how: 'rejoin' });
    this.t.log.info({ event: 'player-rejoined', seat: colour }, 'player took their seat back');
    await this.seatBack(client, colour);
    return 'seated';
  }

  /**
   * The player has their seat again: the game goes on with them. What they missed is told after the
   * snapshot their new connection asks for: by then the client listens (sent with the join, it could
   * arrive before a client has its handlers in place).
   */
  private async seatBack(client: Client, colour: Colour): Promise<void> {
    this.t.seating.seat(colour)!.connected = true;
    const missed = await this.t.play.back(colour);
    const matchId = this.t.play.match?.id;
    if (missed && matchId) this.missed.set(colour, { matchId, missed });
  }

  /** A connection closed (in the table's queue): a watcher, a seat before the game, an escape, or a drop held for its token. */
  async leave(client: Client, consented: boolean): Promise<void> {
    const { t } = this;
    const colour = t.seating.colourOf(client.sessionId);
    const signedOut = t.devices.closed(client.sessionId);
    if (!colour) return t.watchers.left(client, consented || t.closing || signedOut); // a watcher, or a seat replaced by a rejoin
    const seat = t.seating.seat(colour)!;
    if (t.state.status === 'waiting') {
      t.seating.removeHuman(client.sessionId);
      if (t.state.hostId === seat.playerId) t.state.hostId = t.seating.humans()[0]?.playerId ?? '';
      t.log.info({ event: 'player-left', seat: colour }, 'player left before the game');
      await this.t.gathering.changed();
      return;
    }
    seat.connected = false;
    const match = t.play.match;
    if (t.closing || t.play.stopped || t.state.status === 'over' || match?.state.out[colour] || match?.personGone(colour)) return;
    // Who took over a seat its player left lets it go by leaving (no escape: they owe the game nothing).
    if (consented && match?.state.left[colour]) return t.play.letGo(colour);
    if (consented) {
      t.log.info({ event: 'player-escaped', seat: colour }, 'player left during the game (escape)');
      await t.play.serverAction({ type: 'escape', seat: colour });
      return;
    }
    t.log.info(
      { event: 'player-dropped', seat: colour, holdSeconds: t.deps.config.reconnectSeconds, signedOut },
      'player dropped; seat held',
    );
    // A device signed out is not held for: the seat waits for the player's other devices (their credentials).
    if (signedOut) return t.play.away(colour);
    const reconnection = t.hold(client);
    this.reconnections.set(colour, reconnection);
    reconnection.then(() => void t.run(() => this.reconnected(client, colour))).catch(() => undefined); // timed out (the seat was forfeited) or called off by a rejoin
    await t.play.away(colour);
  }

  /**
   * Back with the token, which asks for no secret: the device is checked first, in the table's queue,
   * so that nothing it sends runs before; a device signed out meanwhile is closed and not held again.
   */
  private async reconnected(client: Client, colour: Colour): Promise<void> {
    if (this.t.seating.colourOf(client.sessionId) !== colour) return;
    this.reconnections.delete(colour);
    if (!(await this.t.devices.back(client))) return;
    metrics.reconnects.inc({ how: 'token' });
    this.t.log.info({ event: 'player-reconnected', seat: colour }, 'player reconnected');
    await this.seatBack(client, colour);
  }
}
