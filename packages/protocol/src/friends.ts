import type { Colour } from '@flightchess/rules';
import type { TournamentCall } from './tournaments';

/**
 * Friends, their presence and the live events of a player's open pages (POST /api/friends…,
 * POST /api/me/events). A friendship is mutual: asked by one, accepted by the other.
 */

/** What a friend is doing, most telling first: at a table in a game, seated waiting for one, watching one, on the site, away. */
export const PRESENCE_STATES = ['playing', 'waiting', 'watching', 'online', 'offline'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/** The table a friend is at (playing, waiting or watching). */
export interface PresenceTable {
  readonly roomId: string;
  readonly preset: string;
  readonly size: number;
  readonly teams: boolean;
  readonly rated: boolean;
  /** Whether a friend may watch it in one tap: a public table that may be watched (a private one needs its code). */
  readonly watchable: boolean;
  /** Planes home over all planes in play (0 before a game, 1 at its end): how far along the game is. */
  readonly progress: number;
}

export interface FriendPresence {
  readonly state: PresenceState;
  /** Since when (epoch ms): in this state, or — offline — last seen (0: not seen since the server started keeping it). */
  readonly since: number;
  /** Where, for playing, waiting and watching. */
  readonly table?: PresenceTable;
}

export interface Friend {
  readonly playerId: string;
  readonly nickname: string;
  /** Friends since (epoch ms). */
  readonly since: number;
  readonly presence: FriendPresence;
  /** This player is told (a notice) when the friend starts playing: off until turned on (`/api/friends/alert`). */
  readonly alert: boolean;
}

/** A friend request, in (from `playerId`) or out (to `playerId`). */
export interface FriendRequest {
  readonly playerId: string;
  readonly nickname: string;
  readonly at: number;
}

/** Who may invite a player to a table. */
export const INVITATION_POLICIES = ['everyone', 'friends', 'nobody'] as const;
export type InvitationPolicy = (typeof INVITATION_POLICIES)[number];

export interface SocialSettings {
  /** Friends see this player offline, whatever they do. */
  readonly appearOffline: boolean;
  readonly invitations: InvitationPolicy;
}

/** POST /api/friends and every change of them: the friends (online first), the requests, the friend code. */
export interface FriendsAnswer {
  readonly friends: readonly Friend[];
  readonly incoming: readonly FriendRequest[];
  readonly outgoing: readonly FriendRequest[];
  /** Whoever has it may ask to be this player's friend (`to` of a request; the page's `#/friend/<code>` link). */
  readonly code: string;
  readonly settings: SocialSettings;
}

/** POST /api/friends/settings: the settings as they are now (nothing else changed; a page's stream is told the same). */
export interface SettingsAnswer {
  readonly settings: SocialSettings;
}

/** POST /api/friends/requests: asked, or — when the other had asked first — friends at once. */
export interface FriendRequestAnswer extends FriendsAnswer {
  readonly outcome: 'requested' | 'friends';
}

/** GET /api/friends/code/:code: whose friend code it is, by name (for the page its link opens). */
export interface FriendCodeOwner {
  readonly nickname: string;
}

/** How many friends, requests waiting, and requests sent an hour a player may have. */
export const FRIEND_LIMITS = { friends: 200, outgoing: 50, incoming: 100, requestsPerHour: 30 } as const;

/** A friend code: 8 letters and digits that cannot be misread (no 0/O, 1/I/L). */
export const FRIEND_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const FRIEND_CODE_LENGTH = 8;

/** What became of an invitation. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** How long an invitation waits for its answer (it expires sooner when the table's game starts). */
export const INVITATION_SECONDS = 120;

/** Invitations one player may send an hour. */
export const INVITATIONS_PER_HOUR = 60;

/** A call to the table the inviter sits at: it carries the right to sit there (no code needed), or to watch once it is full. */
export interface Invitation {
  readonly id: string;
  readonly from: { readonly playerId: string; readonly nickname: string };
  readonly to: { readonly playerId: string; readonly nickname: string };
  readonly roomId: string;
  readonly table: {
    readonly preset: string;
    readonly size: number;
    readonly teams: boolean;
    readonly rated: boolean;
    /** A seat of a game in progress (`matchId`) whose player left (`name`), offered to take over (none: a seat before the game). */
    readonly seat?: { readonly colour: Colour; readonly name: string; readonly matchId: string };
  };
  readonly at: number;
  readonly expiresAt: number;
  readonly status: InvitationStatus;
}

/** A player's invitations: to answer (pending), and sent in the last minutes with what became of each. */
export interface InvitationsAnswer {
  readonly incoming: readonly Invitation[];
  readonly outgoing: readonly Invitation[];
}

/**
 * POST /api/invitations/accept: a seat at the table (a Colyseus seat reservation to consume), or — the
 * table full or its game started — a place to watch it.
 */
export interface InvitationAccepted {
  readonly seat: unknown;
  readonly watching: boolean;
}

/** What a notice says happened: a friend request came, one of the player's was accepted, an invitation came, a friend started playing (when asked for). */
export const NOTIFICATION_KINDS = ['friend-request', 'friend-accepted', 'invitation', 'friend-playing'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notice of the bell: who it is about, and what (an invitation's table to go to). */
export interface Notification {
  readonly id: string;
  readonly kind: NotificationKind;
  readonly from: { readonly playerId: string; readonly nickname: string };
  readonly roomId?: string;
  readonly at: number;
  readonly read: boolean;
}

/** POST /api/notifications: the player's latest notices (newest first) and how many are unread. */
export interface NotificationsAnswer {
  readonly notifications: readonly Notification[];
  readonly unread: number;
}

/** The notices kept per player: older ones go. */
export const NOTIFICATIONS_KEPT = 50;

/**
 * What POST /api/me/events streams to a player's open page (server-sent events, one JSON object per
 * `data:` line): the friends and the invitations as they are when it opens and after each change of
 * them, then each friend's presence as it changes.
 */
export type SocialEvent =
  | { readonly type: 'friends'; readonly friends: FriendsAnswer }
  | { readonly type: 'invitations'; readonly invitations: InvitationsAnswer }
  /** The bell: how many notices are unread, after each new one and each read (on any device). */
  | { readonly type: 'notifications'; readonly unread: number }
  /** The player's tables of tournament rounds under way (joined as any table): when a round opens them and when it ends. */
  | { readonly type: 'tournamentTables'; readonly tables: readonly TournamentCall[] }
  /** The player's own settings changed (on another page, or this one): the rest of the friends is as it was. */
  | { readonly type: 'settings'; readonly settings: SocialSettings }
  | { readonly type: 'presence'; readonly playerId: string; readonly presence: FriendPresence };
