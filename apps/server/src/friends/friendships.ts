import { FRIEND_LIMITS, type FriendsAnswer, PRESENCE_STATES, type SocialSettings } from '@flightchess/protocol';
import type { Budgets } from '../limits/budgets';
import type { HttpRefusal } from '../http/respond';
import type { PlayerStorage } from '../players/playerRepository';
import { friendCodeOf } from './friendCodes';
import type { Asked, FriendStorage } from './friendRepository';
import type { PresenceBoard } from './presenceBoard';

const HOUR = 3_600_000;

/** What the friendships read and write: their own storage, and the players' records. */
export type FriendsStore = Pick<PlayerStorage, 'getPlayer'> & { readonly friends: FriendStorage };

export interface FriendshipsDeps {
  readonly storage: FriendsStore;
  /** Whether either of the two blocked the other (pairing/). */
  readonly blockedBetween: (a: string, b: string) => Promise<boolean>;
  /** Where the requests a player sends are counted (Redis with several processes). */
  readonly budgets: Budgets;
  readonly board: Pick<PresenceBoard, 'lookup' | 'hide'>;
  /** These players' friends or requests changed: their open pages are sent them again (liveEvents.ts). */
  readonly changed: (playerIds: readonly string[]) => Promise<void>;
  /** Tell a player's bell: a friend request came (`from` asked), theirs was accepted (`from` accepted), `from` started playing. */
  readonly notify: (
    playerId: string,
    kind: 'friend-request' | 'friend-accepted' | 'friend-playing',
    fromId: string,
    roomId?: string,
  ) => Promise<void>;
  /** The player's settings changed: their open pages are sent these only. */
  readonly settingsChanged: (playerId: string, settings: SocialSettings) => Promise<void>;
  readonly now?: () => number;
}

const refusal = (status: number, code: HttpRefusal['code'], message: string): { refused: HttpRefusal } => ({
  refused: { status, code, message },
});

/**
 * Mutual friendships: one asks (by player id or friend code), the other accepts or declines; either
 * removes. A block between the two refuses a request and ends a friendship; FRIEND_LIMITS caps the
 * friends, the requests waiting on either side and the requests sent an hour.
 */
export class Friendships {
  private readonly now: () => number;

  constructor(private readonly deps: FriendshipsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The player's friends (online first, each with their presence), requests, code and settings. */
  async answer(
    playerId: string,
    presences?: (friends: { playerId: string; lastSeen: number }[]) => Promise<Map<string, FriendsAnswer['friends'][number]['presence']>>,
  ): Promise<FriendsAnswer> {
    const { friends } = this.deps.storage;
    const [stored, incoming, outgoing, settings] = await Promise.all([
      friends.friends(playerId),
      friends.incoming(playerId),
      friends.outgoing(playerId),
      friends.settings(playerId),
    ]);
    const presence = await (presences ?? ((f) => this.deps.board.lookup(f)))(stored);
    const listed = stored.map((f) => ({
      playerId: f.playerId,
      nickname: f.nickname,
      since: f.since,
      presence: presence.get(f.playerId) ?? { state: 'offline' as const, since: f.lastSeen },
      alert: f.alert,
    }));
    // Online first (the most telling state first), then by name as stored.
    listed.sort((a, b) => PRESENCE_STATES.indexOf(a.presence.state) - PRESENCE_STATES.indexOf(b.presence.state));
    return {
      friends: listed,
      incoming,
      outgoing,
      code: settings.code,
      settings: { appearOffline: settings.appearOffline, invitations: settings.invitations },
    };
  }

  /** Whose a friend code is (as typed), or null. */
  async ownerOf(typed: string): Promise<{ playerId: string; nickname: string } | null> {
    const code = friendCodeOf(typed);
    const playerId = code && (await this.deps.storage.friends.byCode(code));
    const player = playerId ? await this.deps.storage.getPlayer(playerId) : null;
    return player ? { playerId: player.id, nickname: player.nickname } : null;
  }

  /** `playerId` asks `to` (a player id or a friend code) to be friends. */
  async ask(playerId: string, to: string): Promise<{ outcome: 'requested' | 'friends' } | { refused: HttpRefusal }> {
    const { friends } = this.deps.storage;
    const other = (await this.ownerOf(to))?.playerId ?? ((await this.deps.storage.getPlayer(to)) ? to : null);
    if (!other) return refusal(404, 'ERR_NO_PLAYER', 'no player with that id or friend code');
    if (other === playerId) return refusal(400, 'ERR_BAD_REQUEST', 'you cannot be your own friend');
    if (await this.deps.blockedBetween(playerId, other)) return refusal(403, 'ERR_BLOCKED', 'one of you blocked the other');
    if (await friends.areFriends(playerId, other)) return { outcome: 'friends' };
    const [mine, theirs] = await Promise.all([friends.counts(playerId), friends.counts(other)]);
    const theyAsked = (await friends.incoming(playerId)).some((r) => r.playerId === other);
    if (mine.friends >= FRIEND_LIMITS.friends) return refusal(409, 'ERR_FRIENDS_FULL', `you have ${FRIEND_LIMITS.friends} friends already`);
    if (theirs.friends >= FRIEND_LIMITS.friends)
      return refusal(409, 'ERR_FRIENDS_FULL', `they have ${FRIEND_LIMITS.friends} friends already`);
    if (!theyAsked) {
      if (mine.outgoing >= FRIEND_LIMITS.outgoing)
        return refusal(409, 'ERR_FRIENDS_FULL', `you have ${FRIEND_LIMITS.outgoing} requests waiting for an answer already`);
      if (theirs.incoming >= FRIEND_LIMITS.incoming) return refusal(409, 'ERR_FRIENDS_FULL', 'they have too many requests waiting already');
      const short = await this.deps.budgets
        .take([{ rate: { capacity: FRIEND_LIMITS.requestsPerHour, perMs: HOUR }, key: `friend-requests|${playerId}` }])
        .catch(() => null);
      if (short)
        return refusal(
          429,
          'ERR_TOO_MANY',
          `${FRIEND_LIMITS.requestsPerHour} friend requests an hour: try again in ${Math.ceil(short.waitMs / 60_000)} min`,
        );
    }
    const asked: Asked = await friends.ask(playerId, other, this.now());
    await this.deps.changed([playerId, other]);
    // They had asked first: they hear that it is accepted; else they hear of the request.
    if (asked === 'requested') await this.deps.notify(other, 'friend-request', playerId);
    else if (asked === 'friends') await this.deps.notify(other, 'friend-accepted', playerId);
    return { outcome: asked === 'requested' ? 'requested' : 'friends' };
  }

  async accept(playerId: string, from: string): Promise<{ refused: HttpRefusal } | null> {
    const { friends } = this.deps.storage;
    if (!(await friends.incoming(playerId)).some((r) => r.playerId === from))
      return refusal(404, 'ERR_NO_REQUEST', 'no request from that player');
    if (await this.deps.blockedBetween(playerId, from)) return refusal(403, 'ERR_BLOCKED', 'one of you blocked the other');
    const [mine, theirs] = await Promise.all([friends.counts(playerId), friends.counts(from)]);
    if (mine.friends >= FRIEND_LIMITS.friends || theirs.friends >= FRIEND_LIMITS.friends)
      return refusal(409, 'ERR_FRIENDS_FULL', `one of you has ${FRIEND_LIMITS.friends} friends already`);
    if (!(await friends.accept(playerId, from, this.now()))) return refusal(404, 'ERR_NO_REQUEST', 'no request from that player');
    await this.deps.changed([playerId, from]);
    await this.deps.notify(from, 'friend-accepted', playerId);
    return null;
  }

  async decline(playerId: string, from: string): Promise<{ refused: HttpRefusal } | null> {
    if (!(await this.deps.storage.friends.decline(playerId, from))) return refusal(404, 'ERR_NO_REQUEST', 'no request from that player');
    await this.deps.changed([playerId, from]);
    return null;
  }

  /** No friendship and no request between the two any more (removing one that is not there changes nothing). */
  async part(playerId: string, other: string): Promise<void> {
    await this.deps.storage.friends.part(playerId, other);
    await this.deps.changed([playerId, other]);
  }

  async changeSettings(playerId: string, change: Partial<SocialSettings>): Promise<SocialSettings> {
    const { appearOffline, invitations } = await this.deps.storage.friends.changeSettings(playerId, change);
    // Told whether or not it changed (not read first): the board shows nothing new when it did not.
    if (change.appearOffline !== undefined) await this.deps.board.hide(playerId, appearOffline);
    const settings = { appearOffline, invitations };
    await this.deps.settingsChanged(playerId, settings);
    return settings;
  }

  /** Tell the player when this friend starts playing, or not. */
  async setAlert(playerId: string, friendId: string, on: boolean): Promise<{ refused: HttpRefusal } | null> {
    if (!(await this.deps.storage.friends.setAlert(playerId, friendId, on))) return refusal(404, 'ERR_NO_PLAYER', 'not a friend of yours');
    await this.deps.changed([playerId]);
    return null;
  }

  /**
   * A game started with these players: each friend who asked is told (with the table when it may be
   * watched) — but not of a player who appears offline, whose presence nobody sees.
   */
  async startedPlaying(playerIds: readonly string[], roomId: string, watchable: boolean): Promise<void> {
    const { friends } = this.deps.storage;
    for (const playerId of playerIds) {
      // Who asked first: most players have nobody to tell (and their settings, made on first read, stay unmade).
      const fans = await friends.alerted(playerId);
      if (fans.length === 0 || (await friends.settings(playerId)).appearOffline) continue;
      for (const friendId of fans) await this.deps.notify(friendId, 'friend-playing', playerId, watchable ? roomId : undefined);
    }
  }

  async replaceCode(playerId: string): Promise<void> {
    await this.deps.storage.friends.replaceCode(playerId);
    await this.deps.changed([playerId]);
  }
}
