import type { NotificationKind, PushKey, PushSettings, PushSubscriptionJson, QuietHours } from '@flightchess/protocol';
import type { Credentials, NetSession } from '../online/netSession';

type Api = Pick<NetSession, 'postAs' | 'api'>;

/** Web Push's JSON API (docs/server/friends.md). */
export const pushApi = {
  key: (net: Api) => net.api<PushKey>('/api/push/key'),
  settings: (net: Api, creds: Credentials, endpoint?: string) => net.postAs<PushSettings>('/api/push', creds, endpoint ? { endpoint } : {}),
  subscribe: (net: Api, creds: Credentials, subscription: PushSubscriptionJson, kinds: readonly NotificationKind[], lang: string) =>
    net.postAs<PushSettings>('/api/push/subscribe', creds, { subscription, kinds, lang }),
  unsubscribe: (net: Api, creds: Credentials, endpoint: string) => net.postAs<PushSettings>('/api/push/unsubscribe', creds, { endpoint }),
  quiet: (net: Api, creds: Credentials, quiet: QuietHours | null) => net.postAs<PushSettings>('/api/push/quiet', creds, { quiet }),
};
