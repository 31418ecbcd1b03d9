import type { Invitation, InvitationAccepted, InvitationsAnswer } from '@flightchess/protocol';
import type { Colour } from '@flightchess/rules';
import type { Credentials, NetSession } from '../online/netSession';

type Api = Pick<NetSession, 'postAs'>;

/** The JSON API of invitations (docs/server/friends.md). */
export const invitationsApi = {
  /** To the table one is in: a seat before its game, or (`seat`) to take over a seat its player left mid-game. */
  invite: (net: Api, creds: Credentials, to: string, roomId: string, seat?: Colour) =>
    net.postAs<Invitation>('/api/invitations', creds, { to, roomId, ...(seat && { seat }) }),
  accept: (net: Api, creds: Credentials, id: string) => net.postAs<InvitationAccepted>('/api/invitations/accept', creds, { id }),
  decline: (net: Api, creds: Credentials, id: string) => net.postAs<InvitationsAnswer>('/api/invitations/decline', creds, { id }),
};
