import { Encoder, type SchemaType, schema } from '@colyseus/schema';

/**
 * The size of the encode buffers (the process's two, shared by every table: colyseusWorkarounds.ts ownPatches).
 * The largest table state encodes in about 3.1 KB, half of it the names and ids of 20 watchers
 * (test/schema.test.ts), and a bigger one still works (the encoder grows the buffer, with a warning).
 */
export const STATE_BUFFER_BYTES = 5120;
Encoder.BUFFER_SIZE = STATE_BUFFER_BYTES;

/**
 * The synced state: table and seat facts only, as plain fields (docs/decisions/002-game-as-action-stream.md). The game itself is not
 * mirrored here: it reaches each client once, as a stream of engine actions (@flightchess/protocol
 * serverMessages.ts). `TableFacts` of the protocol package is this state as plain data.
 * `schema({...})` rather than decorators: the shared tsconfig has no decorator flags.
 */

const str = { type: 'string', default: '' } as const;
const bool = { type: 'boolean', default: false } as const;

export const SeatState = schema(
  {
    colour: str,
    /** 0 = red+yellow, 1 = green+blue, −1 without teams. */
    team: { type: 'int8', default: -1 },
    kind: str, // 'human' | 'bot'
    /** The bot that plays a bot seat: 'strong' | 'heuristic' | 'random'. */
    bot: str,
    playerId: str,
    name: str,
    ready: bool,
    connected: bool,
    /** 托管: the strongest bot plays this seat until the player turns it off. */
    autoPlay: bool,
    /** Why auto-play is on (protocol AutoPlayReason: 'player' | 'timeout' | 'away'); '' when off. */
    autoPlayBy: str,
    /** The player is away and the seat held for them: epoch ms when it counts as a resignation; 0 otherwise. */
    awayUntil: { type: 'float64', default: 0 },
    /** Someone took this seat over after its player left (`name`/`playerId` are theirs now): who left; '' otherwise. */
    standsFor: str,
    /** Set when the result is recorded: the final score, coins and the level after the game (RULES.md §7.1). */
    score: { type: 'int32', default: 0 },
    coins: { type: 'int32', default: 0 },
    level: { type: 'uint8', default: 0 },
    levelName: str,
    /** At a rated table: the rating in the table's mode before the game (a bot's fixed one); 0 otherwise. */
    rating: { type: 'int16', default: 0 },
    /** Set when a rated game's result is recorded: the rating after it; 0 otherwise. */
    ratingAfter: { type: 'int16', default: 0 },
  },
  'Seat',
);
export type SeatState = SchemaType<typeof SeatState>;

export const ResultState = schema(
  {
    /** '' until the game is over, then 'finish' | 'resign' | 'escape' | 'forfeit' | 'draw'. */
    reason: str,
    winner: str,
    winners: ['string'],
    /** The scores, coins and levels have been stored with the match. */
    recorded: bool,
  },
  'Result',
);

export const TableState = schema(
  {
    preset: str,
    /** House rules on top of the preset, as JSON. */
    options: str,
    size: { type: 'uint8', default: 4 },
    teams: bool,
    base: { type: 'uint32', default: 0 },
    turnSeconds: { type: 'float32', default: 0 },
    private: bool,
    /** A rated table: its game changes the players' ratings (ratings/). */
    rated: bool,
    /** The table's join code. */
    code: str,
    /** 'waiting' | 'playing' | 'over'. */
    status: { type: 'string', default: 'waiting' },
    hostId: str,
    /** Before the game: the host's start would succeed now (a private table: every other player is ready; a public one: always). */
    startable: bool,
    /** A public table seating players: epoch ms when it starts by itself, bots taking the free seats; 0 otherwise. */
    startsAt: { type: 'float64', default: 0 },
    /** The player who asked for the last rematch ('' before any): the others' invitation names them. */
    rematchBy: str,
    seats: { map: SeatState },
    matchId: str,
    /** SHA-256 of the secret dice seed, published at game start. */
    commitment: str,
    /** The dice seed, revealed when the game is over. */
    seed: str,
    result: ResultState,
    /** Whether the table may be watched (watchers.ts). */
    watchable: { type: 'boolean', default: true },
    /** How many watch now, and the names and player ids of the first of them (WATCHER_NAMES_SHOWN). */
    watchers: { type: 'uint16', default: 0 },
    watcherNames: ['string'],
    watcherIds: ['string'],
  },
  'Table',
);
export type TableState = SchemaType<typeof TableState>;

/**
 * JSON for a synced string field. @colyseus/schema 3.0.x (3.0.76, the last 3.0 release) writes the
 * length of a string of exactly 255 UTF-8 bytes as 0 (`length % 255`), which corrupts the patch
 * stream for every client; one trailing space (still valid JSON) steps around that length.
 */
export function syncedJson(value: unknown): string {
  const json = JSON.stringify(value);
  return Buffer.byteLength(json, 'utf8') === 255 ? `${json} ` : json;
}
