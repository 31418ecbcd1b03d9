import type { AdminOverview, AdminTable, Ban, ClosedTable, NoticeAnswer, ScheduledTournament } from '@flightchess/protocol';
import type { KeyValueStore } from '../util/ports';
import { type NetSession, ServerFailure } from '../online/netSession';

/** Where the token is kept: the tab's sessionStorage, forgotten when the tab closes (never localStorage). */
const TOKEN = 'flightchess.admin-token';

/**
 * The operator console's calls: `/api/admin/*` with `Authorization: Bearer <ADMIN_TOKEN>`.
 * The token is asked for once and kept for this tab's session only.
 */
export class AdminApi {
  constructor(
    private readonly net: Pick<NetSession, 'api'>,
    private readonly session: KeyValueStore,
  ) {}

  get signedIn(): boolean {
    return this.session.getItem(TOKEN) !== null;
  }

  /** Whether this server runs a console at all: asked without a token (which costs nothing). */
  async enabled(): Promise<boolean> {
    try {
      await this.net.api('/api/admin/overview');
      return true;
    } catch (error) {
      if (error instanceof ServerFailure && error.code === 'ERR_NOT_FOUND') return false;
      if (error instanceof ServerFailure && error.code === 'ERR_UNAUTHORIZED') return true;
      throw error;
    }
  }

  /** Check the token with the server, and keep it for this tab if it is the one. */
  async signIn(token: string): Promise<AdminOverview> {
    const overview = await this.call<AdminOverview>('/overview', {}, token);
    this.session.setItem(TOKEN, token);
    return overview;
  }

  signOut(): void {
    this.session.removeItem(TOKEN);
  }

  overview(): Promise<AdminOverview> {
    return this.call('/overview');
  }

  tables(): Promise<AdminTable[]> {
    return this.call('/tables');
  }

  close(roomId: string): Promise<ClosedTable> {
    return this.call(`/tables/${encodeURIComponent(roomId)}/close`, { method: 'POST' });
  }

  /** `address`: the address the player was seen from last is banned too, for 24 hours. */
  ban(playerId: string, reason: string, address: boolean): Promise<Ban> {
    return this.call('/bans', { method: 'POST', body: JSON.stringify({ playerId, reason, address }) });
  }

  liftBan(playerId: string): Promise<unknown> {
    return this.call(`/bans/${encodeURIComponent(playerId)}`, { method: 'DELETE' });
  }

  liftAddressBan(playerId: string): Promise<unknown> {
    return this.call(`/bans/${encodeURIComponent(playerId)}/address`, { method: 'DELETE' });
  }

  setNotice(text: string): Promise<NoticeAnswer> {
    return this.call('/notice', { method: 'PUT', body: JSON.stringify({ text }) });
  }

  clearNotice(): Promise<NoticeAnswer> {
    return this.call('/notice', { method: 'DELETE' });
  }

  scheduleTournament(asked: ScheduledTournament): Promise<{ id: string }> {
    return this.call('/tournaments', { method: 'POST', body: JSON.stringify(asked) });
  }

  drain(processId: string): Promise<unknown> {
    return this.call(`/processes/${encodeURIComponent(processId)}/drain`, { method: 'POST' });
  }

  /** A call with the token; a token the server no longer takes (401) is forgotten. */
  private async call<T>(path: string, init: RequestInit = {}, token = this.session.getItem(TOKEN) ?? ''): Promise<T> {
    try {
      return await this.net.api<T>(`/api/admin${path}`, { ...init, headers: { authorization: `Bearer ${token}` } });
    } catch (error) {
      if (error instanceof ServerFailure && error.code === 'ERR_UNAUTHORIZED') this.signOut();
      throw error;
    }
  }
}
