import {
  INVITATIONS_PER_HOUR,
  INVITATION_SECONDS,
  type Invitation,
  type InvitationAccepted,
  type InvitationsAnswer,
} from '@flightchess/protocol';
import type { Colour } from '@flightchess/rules';
import type { HttpRefusal } from '../http/respond';
import type { FriendStorage } from '../friends/friendRepository';
import type { Budgets } from '../limits/budgets';
import type { PlayerStorage } from '../players/playerRepository';
import type { InvitationStorage } from './invitationRepository';

const HOUR = 3_600_000;
/** How long a page shows the host what became of an invitation. */
const OUTGOING_SHOWN_MS = 10 * 60_000;

/** What invitations read and write: their own storage, the friends' (who may invite whom), the players. */
export type InvitationsStore = Pick<PlayerStorage, 'getPlayer'> & {
  readonly invitations: InvitationStorage;
  readonly friends: Pick<FriendStorage, 'areFriends' | 'settings'>;
};

/** What a table's listing says that an invitation needs (the matchmaker's, on whichever process the table is). */
export interface ListedTable {
  /** The people in the table's game (or seated for the next): they may invite. */
  readonly players: readonly string[];
  /**
   * The seats of a casual table's game in progress (`matchId`) whose players left (`leftBy`) and that nobody
   * took over; `mate`, at a team table, the one player who may offer it (the seat's team-mate).
   */
  readonly rescuable: readonly RescuableSeat[];
  readonly seats: readonly { readonly colour: Colour; readonly name: string }[];
  readonly status: string;
  readonly size: number;
  readonly seated: number;
  readonly watchable: boolean;
  readonly preset: string;
  readonly teams: boolean;
  readonly rated: boolean;
}

/** A seat of a casual game in progress its player left, as the table lists it. */
export interface RescuableSeat {
  readonly colour: Colour;
  readonly leftBy: string;
  readonly matchId: string;
  /** At a team table: the seat's team-mate, who alone may offer it (its fate is theirs); absent otherwise. */
  readonly mate?: string;
}

/** The seat of one game an invitation offers to take over. */
export interface OfferedSeat {
  readonly colour: Colour;
  readonly matchId: string;
}

export interface InvitationsDeps {
  readonly storage: InvitationsStore;
  readonly blockedBetween: (a: string, b: string) => Promise<boolean>;
  readonly budgets: Budgets;
  /** The table's listing, or null when it is gone. */
  readonly listing: (roomId: string) => Promise<ListedTable | null>;
  /** A seat (or a watcher's place) reserved at the table with these join options, for the asking request: what the client consumes. Throws a refusal. */
  readonly reserve: (roomId: string, options: Record<string, unknown>, asker: unknown) => Promise<unknown>;
  /** Tell the invitee's bell. */
  readonly notify: (playerId: string, kind: 'invitation', fromId: string, roomId: string) => Promise<void>;
  /** These players' invitations changed: their open pages are sent them again. */
  readonly changed: (playerIds: readonly string[]) => Promise<void>;
  readonly newId: () => string;
  readonly now?: () => number;
}

type Refused = { refused: HttpRefusal };
const refusal = (status: number, code: HttpRefusal['code'], message: string): Refused => ({ refused: { status, code, message } });
const NO_INVITATION = refusal(404, 'ERR_NO_INVITATION', 'no such invitation to answer: answered, expired, or not yours');

/**
 * Invitations to the table one sits at: sent to a player who takes them (everyone's, friends' only, or
 * none; never across a block), shown at once on the invitee's open pages, answered in one tap — a seat
 * without the table's code, or a place to watch once it is full. They expire when the table's game
 * starts or after INVITATION_SECONDS; the host's pages see each answer.
 */
export class Invitations {
  private readonly now: () => number;

  constructor(private readonly deps: InvitationsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * Call a player to the table `fromId` is in: to a seat before the game, or — `seat` — to take over a
   * seat of the game in progress whose player left (a casual table's; a friend only, the first to accept).
   */
  async invite(fromId: string, toId: string, roomId: string, seat?: Colour): Promise<Invitation | Refused> {
    const { storage } = this.deps;
    if (toId === fromId) return refusal(400, 'ERR_BAD_REQUEST', 'you cannot invite yourself');
    const table = await this.deps.listing(roomId);
    if (!table || !table.players.includes(fromId)) return refusal(403, 'ERR_NOT_SEATED', 'invite from a table you sit at');
    if (seat === undefined && table.status !== 'waiting') return refusal(409, 'ERR_ALREADY_STARTED', 'the game at this table has started');
    const rescued = seat === undefined ? undefined : table.rescuable.find((r) => r.colour === seat);
    if (seat !== undefined && !rescued)
      return refusal(409, 'ERR_NO_FREE_SEAT', `the ${seat} seat is not one its player left in a casual game in progress`);
    if (rescued?.leftBy === toId) return refusal(409, 'ERR_BAD_REQUEST', 'they left that seat: someone else may take it over');
    if (rescued?.mate !== undefined && rescued.mate !== fromId)
      return refusal(403, 'ERR_NOT_ALLOWED', "at a team table only the seat's team-mate offers it");
    if (!(await storage.getPlayer(toId))) return refusal(404, 'ERR_NO_PLAYER', 'no such player');
    if (table.players.includes(toId)) return refusal(409, 'ERR_BAD_REQUEST', 'they sit at this table already');
    if (await this.deps.blockedBetween(fromId, toId)) return refusal(403, 'ERR_BLOCKED', 'one of you blocked the other');
    const policy = (await storage.friends.settings(toId)).invitations;
    // A seat taken over mid-game is offered to a friend only, whoever they take invitations from.
    const friendsOnly = policy === 'friends' || seat !== undefined;
    if (policy === 'nobody' || (friendsOnly && !(await storage.friends.areFriends(toId, fromId))))
      return refusal(
        403,
        'ERR_NOT_INVITABLE',
        policy === 'nobody'
          ? 'they take no invitations'
          : seat !== undefined
            ? 'a seat is offered to a friend only'
            : "they take their friends' invitations only",
      );
    const short = await this.deps.budgets
      .take([{ rate: { capacity: INVITATIONS_PER_HOUR, perMs: HOUR }, key: `invitations|${fromId}` }])
      .catch(() => null);
    if (short)
      return refusal(
        429,
        'ERR_TOO_MANY',
        `${INVITATIONS_PER_HOUR} invitations an hour: try again in ${Math.ceil(short.waitMs / 60_000)} min`,
      );
    const at = this.now();
    const invitation = await storage.invitations.create({
      id: this.deps.newId(),
      fromId,
      toId,
      roomId,
      table: {
        preset: table.preset,
        size: table.size,
        teams: table.teams,
        rated: table.rated,
        ...(rescued && {
          seat: { colour: rescued.colour, name: table.seats.find((s) => s.colour === seat)?.name ?? '', matchId: rescued.matchId },
        }),
      },
      at,
      expiresAt: at + INVITATION_SECONDS * 1000,
    });
    await this.deps.changed([fromId, toId]);
    await this.deps.notify(toId, 'invitation', fromId, roomId);
    return invitation;
  }

  /** Accepted: a seat at the table if one is free, else a place to watch it; the host's pages hear of it. */
  async accept(
    player: { id: string },
    id: string,
    credentials: { playerId: string; secret: string },
    asker: unknown,
  ): Promise<InvitationAccepted | Refused> {
    const answered = await this.deps.storage.invitations.answer(id, player.id, 'accepted', this.now());
    if (!answered) return NO_INVITATION;
    await this.deps.changed([answered.from.playerId, player.id]);
    const table = await this.deps.listing(answered.roomId);
    if (!table) return refusal(404, 'ERR_NO_TABLE', 'the table has closed');
    const options = { ...credentials, invitation: id };
    const offered = answered.table.seat?.colour;
    if (offered && table.rescuable.some((r) => r.colour === offered)) {
      const seat = await this.deps.reserve(answered.roomId, { ...options, takeOver: offered }, asker).catch(() => null);
      if (seat) return { seat, watching: false };
    }
    if (!offered && table.status === 'waiting' && table.seated < table.size) {
      const seat = await this.deps.reserve(answered.roomId, options, asker).catch(() => null);
      if (seat) return { seat, watching: false };
    }
    if (!table.watchable) return refusal(409, 'ERR_NO_FREE_SEAT', 'the table is full and cannot be watched');
    return { seat: await this.deps.reserve(answered.roomId, { ...options, watch: true }, asker), watching: true };
  }

  async decline(playerId: string, id: string): Promise<Refused | null> {
    const answered = await this.deps.storage.invitations.answer(id, playerId, 'declined', this.now());
    if (!answered) return NO_INVITATION;
    await this.deps.changed([answered.from.playerId, playerId]);
    return null;
  }

  /** The player's invitations to answer, and those they sent lately with what became of each. */
  async answer(playerId: string): Promise<InvitationsAnswer> {
    const now = this.now();
    const { invitations } = this.deps.storage;
    const [incoming, outgoing] = await Promise.all([
      invitations.incoming(playerId, now),
      invitations.outgoing(playerId, now - OUTGOING_SHOWN_MS),
    ]);
    return { incoming, outgoing };
  }

  /** Whether the invitation lets the player in to sit or watch (a table's join, in place of its code). */
  admits(id: string, playerId: string, roomId: string): Promise<boolean> {
    return this.deps.storage.invitations.admits(id, playerId, roomId, this.now());
  }

  /** The seat of a game an invitation offers this player to take over at this table, while it lets them in; else null. */
  async offeredSeat(id: string, playerId: string, roomId: string): Promise<OfferedSeat | null> {
    if (!(await this.admits(id, playerId, roomId))) return null;
    const seat = (await this.deps.storage.invitations.get(id))?.table.seat;
    return seat ? { colour: seat.colour, matchId: seat.matchId } : null;
  }

  /** The table's game started or ended, or a seat was taken over: what was pending for it expires, told to both sides. */
  async roomChanged(roomId: string): Promise<void> {
    await this.told(await this.deps.storage.invitations.expireRoom(roomId));
  }

  /** What was pending past its time expires, told to both sides (each once over every process). */
  async sweep(): Promise<void> {
    await this.told(await this.deps.storage.invitations.expireDue(this.now()));
  }

  private async told(expired: readonly Invitation[]): Promise<void> {
    const players = new Set(expired.flatMap((i) => [i.from.playerId, i.to.playerId]));
    if (players.size > 0) await this.deps.changed([...players]);
  }
}
