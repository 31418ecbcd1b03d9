import type { Invitation, InvitationAccepted, InvitationsAnswer } from '@flightchess/protocol';
import type { Credentials, NetSession } from '../online/netSession';

type Api = Pick<NetSession, 'api'>;

const post = <T>(net: Api, path: string, creds: Credentials, body: Record<string, unknown>) =>
  net.api<T>(path, { method: 'POST', body: JSON.stringify({ playerId: creds.playerId, secret: creds.secret, ...body }) });

/** The JSON API of invitations (docs/server/friends.md). */
export const invitationsApi = {
  invite: (net: Api, creds: Credentials, to: string, roomId: string) => post<Invitation>(net, '/api/invitations', creds, { to, roomId }),
  accept: (net: Api, creds: Credentials, id: string) => post<InvitationAccepted>(net, '/api/invitations/accept', creds, { id }),
  decline: (net: Api, creds: Credentials, id: string) => post<InvitationsAnswer>(net, '/api/invitations/decline', creds, { id }),
};
