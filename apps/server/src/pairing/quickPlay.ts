import { type AuthContext, type IRoomCache, ServerError, matchMaker } from '@colyseus/core';
import { type QuickPlayCooldown, type Rejection, joinErrorCode, reject } from '@flightchess/protocol';
import { NEWCOMER_RATING, type PresetName, type RatingMode, ratingModeOf } from '@flightchess/rules';
import type { PlayerRecord } from '../players/playerRepository';
import { TABLE_ROOM, type TableMetadata } from '../table';
import { type Candidate, chooseTable, othersWaiting } from './chooseTable';
import type { QuickPlayLedger, Reserved } from './quickPlayLedger';

/** A seat reserved at a table: the client consumes it (colyseus.js consumeSeatReservation). */
export type SeatReservation = matchMaker.SeatReservation;

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
  /** The seats reserved and the lock, shared by the processes of a deployment. */
  readonly ledger: QuickPlayLedger;
  readonly now?: () => number;
}

/** Who asks for a seat: their credentials, and the request as the room's onAuth reads it. */
export interface Asker {
  readonly credentials: { readonly playerId: string; readonly secret: string };
  readonly context: AuthContext;
}

/** Quick play's answer: a seat reserved at a table (the client consumes it), or why not. */
export type QuickSeat = { readonly seat: SeatReservation } | { readonly refused: Rejection; readonly cooldown?: QuickPlayCooldown };

/**
 * Quick play's decisions: the person goes to the rated public table that chooseTable picks, or to a new
 * one, which starts soon (QUICK_ALONE_SECONDS) when nobody else waits for quick play (othersWaiting) and
 * counts down as long as any table otherwise. One decision at a time — on this process, and across the
 * processes of a deployment (the ledger's lock) — and each one leaves the seat it reserved in the ledger
 * until its player sits down, so that two presses at once, on one process or two, join one table rather
 * than creating two.
 */
export class QuickPlay {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;

  constructor(private readonly deps: QuickPlayDeps) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * Seat `player` as quick play decides. `asker` is their request as the room checks it (onAuth): the
   * credentials again, and the request for the address a ban may cover.
   */
  seat(player: PlayerRecord, wanted: Wanted, asker: Asker): Promise<QuickSeat> {
    const decided = this.queue.then(() => this.deps.ledger.exclusive(() => this.decide(player, wanted, asker)));
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
    const reserved = await this.deps.ledger.reserved();
    const candidates = this.candidates(await matchMaker.query({ name: TABLE_ROOM }), reserved, wanted, now);
    const ratings = new Map<RatingMode, number>();
    for (const mode of new Set(candidates.map((c) => c.mode))) ratings.set(mode, await this.ratingIn(player.id, mode));
    const avoid = await this.deps.avoided(player.id);
    const chosen = chooseTable({ playerId: player.id, ratingIn: (mode) => ratings.get(mode)!, avoid }, candidates, now);
    try {
      if (chosen) {
        // Gone or full since it was listed (another process seated someone): a new table instead.
        const seat = await matchMaker.joinById(chosen.roomId, credentials, context).catch(() => null);
        if (seat) return { seat: await this.remember(seat, { playerId: player.id, rating: ratings.get(chosen.mode)!, at: now }, reserved) };
      }
      const alone = !othersWaiting({ playerId: player.id }, candidates);
      const seat = await matchMaker.create(TABLE_ROOM, { ...wanted, ...credentials, private: false, rated: true, alone }, context);
      // The new table's listing is written in its onCreate (listing.ts): its size and teams say its mode.
      const m = seat.room.metadata as TableMetadata | undefined;
      const rating = m ? await this.ratingIn(player.id, ratingModeOf({ seats: m.size, teams: m.teams })) : NEWCOMER_RATING;
      return { seat: await this.remember(seat, { playerId: player.id, rating, at: now }, reserved) };
    } catch (error) {
      return { refused: refusalOf(error) };
    }
  }

  private async ratingIn(playerId: string, mode: RatingMode): Promise<number> {
    return (await this.deps.ratingOf(playerId, mode))?.rating ?? NEWCOMER_RATING;
  }

  /** The tables of every process that match what was asked for, with the seats reserved there and not yet taken. */
  private candidates(
    rooms: readonly IRoomCache[],
    reserved: ReadonlyMap<string, readonly Reserved[]>,
    wanted: Wanted,
    now: number,
  ): Candidate[] {
    const tables: Candidate[] = [];
    for (const room of rooms) {
      const m = room.metadata as TableMetadata | undefined;
      if (!m || (wanted.preset !== undefined && m.preset !== wanted.preset)) continue;
      if ((wanted.size !== undefined && m.size !== wanted.size) || (wanted.teams !== undefined && m.teams !== wanted.teams)) continue;
      const coming = (reserved.get(room.roomId) ?? []).filter((s) => !m.players.includes(s.playerId));
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

  /** The seat reserved for its player is at this table now, for every process to see until they sit down. */
  private async remember(
    seat: SeatReservation,
    reserved: Reserved,
    current: ReadonlyMap<string, readonly Reserved[]>,
  ): Promise<SeatReservation> {
    await this.deps.ledger.reserve(seat.room.roomId, reserved, current);
    return seat;
  }
}

/** A room's refusal (its ServerError: "ERR_…: message" with the code's number) as the API answers it. */
function refusalOf(error: unknown): Rejection {
  if (!(error instanceof ServerError)) throw error;
  return reject(joinErrorCode(error.code), error.message.replace(/^ERR_[A-Z_]+: /, ''));
}
