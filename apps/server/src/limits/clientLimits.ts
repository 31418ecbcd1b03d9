/** Per client address (the real one: clientAddress.ts), a group of friends behind one router never reaches them. */
export interface ClientLimits {
  /** Every HTTP request (the web client, the API, matchmaking). */
  readonly httpPerMinute: number;
  readonly guestsPerMinute: number;
  /** Tables created, and quick matches (which may create one). */
  readonly tablesPerMinute: number;
  /** Tables one guest may sit at before their games end. */
  readonly openTablesPerGuest: number;
  /** Joins by id and reconnections. */
  readonly joinsPerMinute: number;
  /** Join-code lookups, and those that find no table (what a code guesser meets). */
  readonly codeLookupsPerMinute: number;
  readonly codeMissesPerHour: number;
  /** Websocket connections open at once. */
  readonly socketsPerAddress: number;
  /** TCP connections open at once (HTTP and websockets; not counted for a trusted proxy's). */
  readonly connectionsPerAddress: number;
  /** Sign-ins with a name and password or a passkey, and password changes (each costs a password hash). */
  readonly signInsPerMinute: number;
}
