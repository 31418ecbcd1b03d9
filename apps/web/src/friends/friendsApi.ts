import type { FriendRequestAnswer, FriendsAnswer, SettingsAnswer, SocialSettings } from '@flightchess/protocol';
import type { Credentials, NetSession } from '../online/netSession';

type Api = Pick<NetSession, 'postAs'>;

/** The JSON API of friends (docs/server/friends.md): each answers the friends as they are after it (settings: the settings). */
export const friendsApi = {
  list: (net: Api, creds: Credentials) => net.postAs<FriendsAnswer>('/api/friends', creds),
  ask: (net: Api, creds: Credentials, to: string) => net.postAs<FriendRequestAnswer>('/api/friends/requests', creds, { to }),
  accept: (net: Api, creds: Credentials, from: string) => net.postAs<FriendsAnswer>('/api/friends/requests/accept', creds, { from }),
  decline: (net: Api, creds: Credentials, from: string) => net.postAs<FriendsAnswer>('/api/friends/requests/decline', creds, { from }),
  remove: (net: Api, creds: Credentials, friend: string) => net.postAs<FriendsAnswer>('/api/friends/remove', creds, { friend }),
  settings: (net: Api, creds: Credentials, change: Partial<SocialSettings>) =>
    net.postAs<SettingsAnswer>('/api/friends/settings', creds, change),
  newCode: (net: Api, creds: Credentials) => net.postAs<FriendsAnswer>('/api/friends/code', creds),
  alert: (net: Api, creds: Credentials, friend: string, on: boolean) =>
    net.postAs<FriendsAnswer>('/api/friends/alert', creds, { friend, on }),
};
