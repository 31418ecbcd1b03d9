import type { Invitation, InvitationAccepted, InvitationsAnswer } from '@flightchess/protocol';
import type { Credentials, NetSession } from '../online/netSession';

type Api = Pick<NetSession, 'postAs'>;

/** The JSON API of invitations (docs/server/friends.md). */
export const invitationsApi = {
  invite: (net: Api, creds: Credentials, to: string, roomId: string) => net.postAs<Invitation>('/api/invitations', creds, { to, roomId }),
  accept: (net: Api, creds: Credentials, id: string) => net.postAs<InvitationAccepted>('/api/invitations/accept', creds, { id }),
  decline: (net: Api, creds: Credentials, id: string) => net.postAs<InvitationsAnswer>('/api/invitations/decline', creds, { id }),
};
