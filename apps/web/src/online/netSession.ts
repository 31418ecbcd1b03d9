import {
  type ApiError,
  type EndedTable,
  type ErrorCode,
  type GuestCredentials,
  type MatchRecord,
  type MatchViewer,
  type RenamedPlayer,
  type TableCodeAnswer,
  type TableCodeMiss,
  type TableListing,
  type TableJoinOptions,
  type TableSettingsRequest,
  type VerifyAnswer,
  joinErrorCode,
} from '@flightchess/protocol';
import { Client, type Room, type SeatReservation } from 'colyseus.js';
import type { KeyValueStore } from '../util/ports';
import { ByTable } from './byTable';

export type Credentials = GuestCredentials;

/** An error the server answered with (`{ error: { code, message } }`) or a matchmaking refusal. */
export class ServerFailure extends Error {
  constructor(
    readonly code: ErrorCode | `HTTP_${number}`,
    message: string,
    /** The refusal's whole body, for one that says more than its code (TableCodeMiss). */
    readonly answer: unknown = null,
  ) {
    super(message);
  }
}

const CREDENTIALS = 'flightchess.player';
const TOKENS = 'flightchess.tokens';
/** The name of the player this device was signed out of (shown once on the home screen). */
const SIGNED_OUT = 'flightchess.signedOut';
/** The match played at each of the latest tables. */
const GAMES = 'flightchess.games';
/** Tables this browser watches (it comes back to them as a watcher after a reload or a restart). */
const WATCHING = 'flightchess.watching';
/** The join code of each of the latest private tables: their room id alone lets no newcomer in. */
const CODES = 'flightchess.codes';
export const TABLE_ROOM = 'table';

function isCredentials(v: unknown): v is Credentials {
  const c = v as Partial<Credentials> | null;
  return !!c && typeof c.playerId === 'string' && typeof c.secret === 'string' && typeof c.nickname === 'string';
}

/** Any failure as a ServerFailure: matchmaking errors carry a number that names their code (the protocol's JOIN_ERROR_NUMBERS). */
export function failureOf(error: unknown): ServerFailure {
  if (error instanceof ServerFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  const number = (error as { code?: unknown } | null)?.code;
  return new ServerFailure(joinErrorCode(typeof number === 'number' ? number : undefined), message);
}

/**
 * The player's guest identity (id + secret from POST /api/guests, kept in the browser) and the way into
 * tables: create, join by code, quick match, and back into a table after a reload with the stored
 * reconnection token.
 */
export class NetSession {
  private colyseus: Client | null = null;
  /** A room just joined from the home screen, handed to the table screen the route opens. */
  private readonly handed = new Map<string, Room>();
  /** The guest being made or renamed: the next ask waits for it. */
  private guestQueue: Promise<unknown> = Promise.resolve();
  /** Told each time this device gets a player (onPlayer). */
  private readonly playerListeners = new Set<() => void>();

  /** Each table's reconnection token, and the match last played there. */
  private readonly tokens: ByTable;
  private readonly games: ByTable;
  private readonly codes: ByTable;

  constructor(
    private readonly storage: KeyValueStore,
    private readonly baseUrl: string,
  ) {
    this.tokens = new ByTable(storage, TOKENS);
    this.games = new ByTable(storage, GAMES);
    this.codes = new ByTable(storage, CODES);
  }

  credentials(): Credentials | null {
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(CREDENTIALS) ?? 'null');
      return isCredentials(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }

  /**
   * The stored guest (renamed first when the nickname changed: the same player, level and history), or a
   * new one when there is none or the server no longer knows it (a fresh database).
   */
  guest(nickname: string): Promise<Credentials> {
    // One at a time: two parts of a page asking at once (the friends panel loading, a table being
    // created) would each make a guest, and the table's would not be the one the page keeps.
    const next = this.guestQueue.then(() => this.guestNow(nickname));
    this.guestQueue = next.catch(() => undefined);
    return next;
  }

  private async guestNow(nickname: string): Promise<Credentials> {
    const stored = this.credentials();
    if (stored && stored.nickname === nickname) return stored;
    if (stored) {
      const renamed = await this.rename(stored, nickname);
      if (renamed) return renamed;
    }
    const created = await this.api<Credentials>('/api/guests', { method: 'POST', body: JSON.stringify({ nickname }) });
    this.storage.setItem(CREDENTIALS, JSON.stringify(created));
    this.playerChanged();
    return created;
  }

  /** Called each time this device gets a player: a new guest, or another player's (linked, signed in). */
  onPlayer(listener: () => void): void {
    this.playerListeners.add(listener);
  }

  private playerChanged(): void {
    for (const listener of this.playerListeners) listener();
  }

  /**
   * This device is now `creds`'s (linked, or signed in): its own new secret. The guest it had stays on the
   * server as it was; what this device kept of that guest's tables is forgotten.
   */
  adopt(creds: Credentials): void {
    this.storage.setItem(CREDENTIALS, JSON.stringify(creds));
    this.forgetTables();
    this.storage.removeItem(SIGNED_OUT);
    this.playerChanged();
  }

  /**
   * The stored secret no longer works (the device was signed out from another one, or the server forgot
   * it): forget it and remember whose it was, to say so once. The next online game makes a new guest.
   */
  signedOut(): void {
    const stored = this.credentials();
    this.storage.removeItem(CREDENTIALS);
    this.forgetTables();
    if (stored) this.storage.setItem(SIGNED_OUT, stored.nickname);
  }

  /** The player's name this device was signed out of, until dismissed; null when none. */
  signedOutOf(): string | null {
    return this.storage.getItem(SIGNED_OUT);
  }

  dismissSignedOut(): void {
    this.storage.removeItem(SIGNED_OUT);
  }

  private forgetTables(): void {
    this.storage.removeItem(TOKENS);
    this.storage.removeItem(GAMES);
    this.storage.removeItem(CODES);
  }

  /** A private table's join code (from its link, or its facts once in): joins and watches there pass it. */
  rememberCode(roomId: string, code: string): void {
    if (this.codes.get(roomId) !== code) this.codes.set(roomId, code);
  }

  /** The table's code as the join options carry it: none for a table whose code this browser does not know. */
  private codeFor(roomId: string): { code?: string } {
    const code = this.codes.get(roomId);
    return code ? { code } : {};
  }

  /** The stored guest under its new name; null when the server does not know it (a bad name still fails). */
  private async rename(stored: Credentials, nickname: string): Promise<Credentials | null> {
    try {
      const answer = await this.api<RenamedPlayer>(`/api/players/${encodeURIComponent(stored.playerId)}/nickname`, {
        method: 'PUT',
        body: JSON.stringify({ secret: stored.secret, nickname }),
      });
      const renamed = { ...stored, nickname: answer.nickname };
      this.storage.setItem(CREDENTIALS, JSON.stringify(renamed));
      return renamed;
    } catch (error) {
      if (!(error instanceof ServerFailure && error.code === 'ERR_BAD_CREDENTIALS')) throw error;
      this.signedOut();
      return null;
    }
  }

  /** An address on the game server. */
  url(path: string): string {
    return new URL(path, this.baseUrl).toString();
  }

  async api<T>(path: string, init: RequestInit = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.url(path), { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
    } catch (error) {
      throw new ServerFailure('ERR_NETWORK', error instanceof Error ? error.message : String(error));
    }
    const body = (await res.json().catch(() => null)) as Partial<ApiError> | null;
    if (!res.ok) throw new ServerFailure(body?.error?.code ?? `HTTP_${res.status}`, body?.error?.message ?? res.statusText, body);
    return body as T;
  }

  /** A POST of the JSON API with the player's credentials in its body, beside `body`. */
  postAs<T>(path: string, creds: Credentials, body: Record<string, unknown> = {}): Promise<T> {
    return this.api<T>(path, { method: 'POST', body: JSON.stringify({ playerId: creds.playerId, secret: creds.secret, ...body }) });
  }

  private client(): Client {
    this.colyseus ??= new Client(this.baseUrl);
    return this.colyseus;
  }

  private async enter(join: (creds: Credentials) => Promise<Room>, nickname: string, retry = true): Promise<Room> {
    const creds = await this.guest(nickname);
    try {
      const room = await join(creds);
      this.rememberToken(room);
      return room;
    } catch (error) {
      const failure = failureOf(error);
      // The server no longer knows this guest (a fresh database): get a new identity once.
      if (retry && failure.code === 'ERR_BAD_CREDENTIALS') {
        this.signedOut();
        return this.enter(join, nickname, false);
      }
      throw failure;
    }
  }

  createTable(options: TableSettingsRequest, nickname: string): Promise<Room> {
    return this.enter((c) => this.client().create(TABLE_ROOM, { ...options, playerId: c.playerId, secret: c.secret }), nickname);
  }

  /**
   * Quick match: the server picks the table (POST /api/quick: the open rated table nearest the player's
   * rating, or a new one) and reserves a seat there, which this client takes. An option left out matches
   * any table ("play now" passes none). ERR_COOLDOWN while quick play is closed to the player.
   */
  quickMatch(options: Partial<Pick<TableSettingsRequest, 'preset' | 'size' | 'teams'>>, nickname: string): Promise<Room> {
    return this.enter(async (c) => {
      const seat = await this.api<SeatReservation>('/api/quick', {
        method: 'POST',
        body: JSON.stringify({ ...options, playerId: c.playerId, secret: c.secret }),
      });
      return this.client().consumeSeatReservation(seat);
    }, nickname);
  }

  /** Public tables that are seating players and have a free seat. */
  async openTables(): Promise<TableListing[]> {
    const tables = await this.tables();
    return tables.filter((t) => t.status === 'waiting' && t.seated < t.size);
  }

  /** Public tables as the lobby lists them (GET /api/tables): seating, playing and over. */
  tables(): Promise<TableListing[]> {
    return this.api<TableListing[]>('/api/tables');
  }

  /**
   * A seat (or a watcher's place) the server reserved for this player (an invitation accepted): taken now,
   * kept as any room joined, and handed to the table screen the route opens.
   */
  async takeReserved(seat: SeatReservation, watching: boolean): Promise<Room> {
    const room = await this.client().consumeSeatReservation(seat);
    this.rememberToken(room);
    if (watching) this.setWatching(room.roomId, true);
    this.hand(room);
    return room;
  }

  /** Watch a table (`watch: true`): remembered, so that a reload or a reconnection comes back watching. */
  async watchRoom(roomId: string, nickname: string): Promise<Room> {
    const handed = this.handed.get(roomId);
    if (handed) {
      this.handed.delete(roomId);
      return handed;
    }
    const room = await this.enter(
      (c) =>
        this.client().joinById(roomId, {
          playerId: c.playerId,
          secret: c.secret,
          watch: true,
          ...this.codeFor(roomId),
        } satisfies TableJoinOptions),
      nickname,
    );
    this.setWatching(room.roomId, true);
    return room;
  }

  isWatching(roomId: string): boolean {
    return this.watched().includes(roomId);
  }

  /** Mark a table watched, or no longer (the watcher took a seat). */
  setWatching(roomId: string, on: boolean): void {
    const kept = this.watched().filter((id) => id !== roomId);
    if (on) kept.push(roomId);
    this.storage.setItem(WATCHING, JSON.stringify(kept.slice(-5)));
  }

  private watched(): string[] {
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(WATCHING) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
    } catch {
      return [];
    }
  }

  /** The join options for a table: the credentials, `watch` for a table this browser watches, a private table's code. */
  private joinOptions(roomId: string, c: Pick<Credentials, 'playerId' | 'secret'>): TableJoinOptions {
    return { playerId: c.playerId, secret: c.secret, ...(this.isWatching(roomId) ? { watch: true } : {}), ...this.codeFor(roomId) };
  }

  /** This player's unfinished tables (none without a stored identity: nothing was ever joined). */
  async myTables(): Promise<TableListing[]> {
    const creds = this.credentials();
    if (!creds) return [];
    try {
      return await this.postAs<TableListing[]>('/api/tables/mine', creds);
    } catch (error) {
      if (!(error instanceof ServerFailure && error.code === 'ERR_BAD_CREDENTIALS')) throw error;
      this.signedOut();
      return [];
    }
  }

  /**
   * A stored match (POST /api/matches/:id): its table, seats, actions, and once over its result and seed.
   * Asked as this player, with the code of the table it was played at (`roomId`, by default the table
   * this browser knows the game from) when known: a private game is shown only to its players and to
   * those who have its code.
   */
  match(matchId: string, roomId = this.games.tableOf(matchId) ?? undefined): Promise<MatchRecord> {
    return this.asViewer<MatchRecord>(`/api/matches/${encodeURIComponent(matchId)}`, roomId);
  }

  /** The server's recomputation of a finished match (POST /api/matches/:id/verify), asked as `match` is. */
  verify(matchId: string): Promise<VerifyAnswer> {
    return this.asViewer<VerifyAnswer>(`/api/matches/${encodeURIComponent(matchId)}/verify`, this.games.tableOf(matchId) ?? undefined);
  }

  /** POST as this player (if any) with the table's code (if known); a secret the server refuses signs this device out, and it asks again as nobody. */
  private async asViewer<T>(path: string, roomId?: string): Promise<T> {
    const creds = this.credentials();
    const code = roomId ? this.codeFor(roomId) : {};
    const ask = (viewer: MatchViewer) => this.api<T>(path, { method: 'POST', body: JSON.stringify(viewer) });
    if (!creds) return ask(code);
    try {
      return await ask({ playerId: creds.playerId, secret: creds.secret, ...code });
    } catch (error) {
      if (!(error instanceof ServerFailure && error.code === 'ERR_BAD_CREDENTIALS')) throw error;
      this.signedOut();
      return ask(code);
    }
  }

  /** A join code's table: its room, or (no table has it now) what became of the table that had it, when a game was stored there. */
  async tableOfCode(code: string): Promise<{ readonly roomId: string } | { readonly gone: EndedTable | null }> {
    try {
      const found = await this.api<TableCodeAnswer>(`/api/tables/code/${encodeURIComponent(code)}`);
      this.rememberCode(found.roomId, found.code);
      return { roomId: found.roomId };
    } catch (error) {
      if (!(error instanceof ServerFailure && error.code === 'ERR_NO_TABLE')) throw error;
      return { gone: (error.answer as TableCodeMiss | null)?.ended ?? null };
    }
  }

  /** What became of a public table that is gone, by its id; ERR_NO_TABLE when no game was stored there, ERR_NOT_OVER while it is open. */
  endedTable(roomId: string): Promise<EndedTable> {
    return this.api<EndedTable>(`/api/tables/${encodeURIComponent(roomId)}/ended`);
  }

  hand(room: Room): void {
    this.handed.set(room.roomId, room);
  }

  /** Back into a table: a room just joined, else the stored reconnection token (same seat), else a fresh join. */
  async joinRoom(roomId: string, nickname: string): Promise<Room> {
    const handed = this.handed.get(roomId);
    if (handed) {
      this.handed.delete(roomId);
      return handed;
    }
    const token = this.tokenFor(roomId);
    if (token) {
      try {
        const room = await this.client().reconnect(token);
        this.rememberToken(room);
        return room;
      } catch {
        this.forgetToken(roomId);
      }
    }
    return this.enter((c) => this.client().joinById(roomId, this.joinOptions(roomId, c)), nickname);
  }

  /** Reconnect a dropped room with its token (used by the backoff loop). */
  async reconnect(token: string): Promise<Room> {
    const room = await this.client().reconnect(token);
    this.rememberToken(room);
    return room;
  }

  /**
   * Take one's own seat back with the stored credentials (or watch again, for a watched table): for a
   * table restored after its server process stopped (the old token means nothing to the new room), or
   * when the token is lost.
   */
  async rejoin(roomId: string): Promise<Room> {
    const creds = this.credentials();
    if (!creds) throw new ServerFailure('ERR_BAD_CREDENTIALS', 'no stored player to rejoin as');
    const room = await this.client().joinById(roomId, this.joinOptions(roomId, creds));
    this.rememberToken(room);
    return room;
  }

  rememberToken(room: Room): void {
    this.tokens.set(room.roomId, room.reconnectionToken);
  }

  tokenFor(roomId: string): string | null {
    return this.tokens.get(roomId);
  }

  forgetToken(roomId: string): void {
    this.tokens.delete(roomId);
  }

  /**
   * The game this player sat down to at a table (or whose result they opened from its link), so that a page
   * coming back after the table closed can show how it ended, and its record is asked for with the table's code.
   */
  rememberGame(roomId: string, matchId: string): void {
    if (this.games.get(roomId) !== matchId) this.games.set(roomId, matchId);
  }

  gameAt(roomId: string): string | null {
    return this.games.get(roomId);
  }
}
