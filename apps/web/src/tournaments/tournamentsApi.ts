import type { TournamentList, TournamentRequest, TournamentView } from '@flightchess/protocol';
import type { Credentials, NetSession } from '../online/netSession';

type Api = Pick<NetSession, 'api' | 'postAs'>;

const path = (id: string, action = '') => `/api/tournaments/${encodeURIComponent(id)}${action}`;

/** The JSON API of tournaments (docs/server/tournaments.md). */
export const tournamentsApi = {
  list: (net: Api) => net.api<TournamentList>('/api/tournaments'),
  view: (net: Api, id: string) => net.api<TournamentView>(path(id)),
  create: (net: Api, creds: Credentials, asked: Omit<TournamentRequest, 'playerId' | 'secret'>) =>
    net.postAs<TournamentView>('/api/tournaments', creds, asked),
  join: (net: Api, creds: Credentials, id: string) => net.postAs<TournamentView>(path(id, '/join'), creds),
  withdraw: (net: Api, creds: Credentials, id: string) => net.postAs<TournamentView>(path(id, '/withdraw'), creds),
};
