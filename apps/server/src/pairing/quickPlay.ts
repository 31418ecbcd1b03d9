import { type AuthContext, type IRoomCache, ServerError, matchMaker } from '@colyseus/core';
import { type QuickPlayCooldown, type Rejection, joinErrorCode, reject } from '@flightchess/protocol';
import { NEWCOMER_RATING, type PresetName, type RatingMode, ratingModeOf } from '@flightchess/rules';
import type { PlayerRecord } from '../players/playerRepository';
import { TABLE_ROOM, type TableMetadata } from '../table';
import { type Candidate, chooseTable, othersWaiting } from './chooseTable';

/** A seat reserved at a table: the client consumes it (colyseus.js consumeSeatReservation). */
export type SeatReservation = matchMaker.SeatReservation;

/** How long a reserved seat waits for its player's connection (Colyseus' seat reservation time, 15 s by default). */
const RESERVATION_MS = 15_000;

/** What quick play was asked for: an option left out matches any table ("play now" passes none). */
export interface Wanted {
  readonly preset?: PresetName | undefined;
  readonly size?: number | undefined;
  readonly teams?: boolean | undefined;
}

export interface QuickPlayDeps {
  /** The player's rating in a mode (null: never rated in it; a newcomer's 1500 then). */
  readonly ratingOf: (playerId: string, mode: RatingMode) => Promise<{ readonly rating: number } | null>;
  /** Whom quick play keeps the player apart from (blocks, both ways). */
  readonly avoided: (playerId: string) => Promise<ReadonlySet<string>>;
  /** The cooldown the player is under now, if any. */
  readonly cooldown: (playerId: string) => Promise<QuickPlayCooldown | null>;
  readonly now?: () => number;
}

/** Who asks for a seat: their credentials, and the request as the room's onAuth reads it. */
export interface Asker {
  readonly credentials: { readonly playerId: string; readonly secret: string };
  readonly context: AuthContext;
}

/** Quick play's answer: a seat reserved at a table (the client consumes it), or why not. */
export type QuickSeat = { readonly seat: SeatReservation } | { readonly refused: Rejection; readonly cooldown?: QuickPlayCooldown };

/** A seat quick play reserved, until its player's connection takes it (the listing shows them then). */
interface Reserved {
  readonly playerId: string;
  readonly rating: number;
  readonly at: number;
}

/**
 * Quick play's decisions on this process: the person goes to the rated public table that chooseTable
 * picks, or to a new one, which starts soon (QUICK_ALONE_SECONDS) when nobody else waits for quick play
 * (othersWaiting) and counts down as long as any table otherwise. One decision at a time, and each one remembers the seats it reserved until
 * their players sit down, so that two presses at once join one table rather than creating two. (With
 * several processes each decides for its own callers: two presses at the same instant on two processes
 * may open two tables.)
 */
export class QuickPlay {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly reserved = new Map<string, Reserved[]>();
  private readonly now: () => number;

  constructor(private readonly deps: QuickPlayDeps) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * Seat `player` as quick play decides. `asker` is their request as the room checks it (onAuth): the
   * credentials again, and the request for the address a ban may cover.
   */
  seat(player: PlayerRecord, wanted: Wanted, asker: Asker): Promise<QuickSeat> {
    const decided = this.queue.then(() => this.decide(player, wanted, asker));
    this.queue = decided.catch(() => undefined);
    return decided;
  }

  private async decide(player: PlayerRecord, wanted: Wanted, { credentials, context }: Asker): Promise<QuickSeat> {
    const cooldown = await this.deps.cooldown(player.id);
    if (cooldown)
      return {
        refused: reject('ERR_COOLDOWN', `quick play is closed to you until ${new Date(cooldown.until).toISOString()} (games left early)`),
        cooldown,
      };
    const now = this.now();
    this.forgetExpired(now);
    const candidates = this.candidates(await matchMaker.query({ name: TABLE_ROOM }), wanted, now);
    const ratings = new Map<RatingMode, number>();
    for (const mode of new Set(candidates.map((c) => c.mode))) ratings.set(mode, await this.ratingIn(player.id, mode));
    const avoid = await this.deps.avoided(player.id);
    const chosen = chooseTable({ playerId: player.id, ratingIn: (mode) => ratings.get(mode)!, avoid }, candidates, now);
    try {
      if (chosen) {
        // Gone or full since it was listed (another process seated someone): a new table instead.
        const seat = await matchMaker.joinById(chosen.roomId, credentials, context).catch(() => null);
        if (seat) return { seat: this.remember(seat, player.id, ratings.get(chosen.mode)!, now) };
      }
      const alone = !othersWaiting({ playerId: player.id }, candidates);
      const seat = await matchMaker.create(TABLE_ROOM, { ...wanted, ...credentials, private: false, rated: true, alone }, context);
      // The new table's listing is written in its onCreate (listing.ts): its size and teams say its mode.
      const m = seat.room.metadata as TableMetadata | undefined;
      const rating = m ? await this.ratingIn(player.id, ratingModeOf({ seats: m.size, teams: m.teams })) : NEWCOMER_RATING;
      return { seat: this.remember(seat, player.id, rating, now) };
    } catch (error) {
      return { refused: refusalOf(error) };
    }
  }

  private async ratingIn(playerId: string, mode: RatingMode): Promise<number> {
    return (await this.deps.ratingOf(playerId, mode))?.rating ?? NEWCOMER_RATING;
  }

  /** The tables of every process that match what was asked for, with the seats reserved here and not yet taken. */
  private candidates(rooms: readonly IRoomCache[], wanted: Wanted, now: number): Candidate[] {
    const tables: Candidate[] = [];
    for (const room of rooms) {
      const m = room.metadata as TableMetadata | undefined;
      if (!m || (wanted.preset !== undefined && m.preset !== wanted.preset)) continue;
      if ((wanted.size !== undefined && m.size !== wanted.size) || (wanted.teams !== undefined && m.teams !== wanted.teams)) continue;
      const coming = (this.reserved.get(room.roomId) ?? []).filter((s) => !m.players.includes(s.playerId));
      const people = [...m.players.map((playerId, i) => ({ playerId, rating: m.ratings[i] ?? NEWCOMER_RATING })), ...coming];
      const since = m.waitingSince > 0 ? m.waitingSince : Math.min(now, ...coming.map((s) => s.at));
      tables.push({
        roomId: room.roomId,
        mode: ratingModeOf({ seats: m.size, teams: m.teams }),
        rated: m.rated,
        listed: m.listed,
        status: m.status,
        size: m.size,
        taken: m.seated + coming.length,
        people,
        waitingSince: since,
      });
    }
    return tables;
  }

  /** Reservations whose players never came have lapsed (Colyseus freed their seats). */
  private forgetExpired(now: number): void {
    for (const [roomId, seats] of this.reserved) {
      const left = seats.filter((s) => now - s.at < RESERVATION_MS);
      if (left.length > 0) this.reserved.set(roomId, left);
      else this.reserved.delete(roomId);
    }
  }

  /** The seat reserved for `playerId` is at this table now (only there: a second press moves it, if anything). */
  private remember(seat: SeatReservation, playerId: string, rating: number, at: number): SeatReservation {
    for (const [roomId, seats] of this.reserved)
      this.reserved.set(
        roomId,
        seats.filter((s) => s.playerId !== playerId),
      );
    const roomId = seat.room.roomId;
    this.reserved.set(roomId, [...(this.reserved.get(roomId) ?? []), { playerId, rating, at }]);
    return seat;
  }
}

/** A room's refusal (its ServerError: "ERR_…: message" with the code's number) as the API answers it. */
function refusalOf(error: unknown): Rejection {
  if (!(error instanceof ServerError)) throw error;
  return reject(joinErrorCode(error.code), error.message.replace(/^ERR_[A-Z_]+: /, ''));
}
