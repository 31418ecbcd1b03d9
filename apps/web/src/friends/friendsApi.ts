import type { FriendRequestAnswer, FriendsAnswer, SocialSettings } from '@flightchess/protocol';
import type { Credentials, NetSession } from '../online/netSession';

type Api = Pick<NetSession, 'api'>;

const post = <T>(net: Api, path: string, creds: Credentials, body: Record<string, unknown> = {}) =>
  net.api<T>(path, { method: 'POST', body: JSON.stringify({ playerId: creds.playerId, secret: creds.secret, ...body }) });

/** The JSON API of friends (docs/server/friends.md): each answers the friends as they are after it. */
export const friendsApi = {
  list: (net: Api, creds: Credentials) => post<FriendsAnswer>(net, '/api/friends', creds),
  ask: (net: Api, creds: Credentials, to: string) => post<FriendRequestAnswer>(net, '/api/friends/requests', creds, { to }),
  accept: (net: Api, creds: Credentials, from: string) => post<FriendsAnswer>(net, '/api/friends/requests/accept', creds, { from }),
  decline: (net: Api, creds: Credentials, from: string) => post<FriendsAnswer>(net, '/api/friends/requests/decline', creds, { from }),
  remove: (net: Api, creds: Credentials, friend: string) => post<FriendsAnswer>(net, '/api/friends/remove', creds, { friend }),
  settings: (net: Api, creds: Credentials, change: Partial<SocialSettings>) =>
    post<FriendsAnswer>(net, '/api/friends/settings', creds, change),
  newCode: (net: Api, creds: Credentials) => post<FriendsAnswer>(net, '/api/friends/code', creds),
};
