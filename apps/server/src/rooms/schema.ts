import { type SchemaType, schema } from '@colyseus/schema';

/**
 * The synced state: what a client needs to draw and explain the table and the game. It mirrors the
 * engine's GameState (never the other way round) plus table facts the engine does not know.
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
    /** '' while playing, else 'resign' | 'escape' | 'forfeit'. */
    out: str,
    arrived: { type: 'uint8', default: 0 },
    /** Opponent planes this seat sent home, and own planes sent home (collision points, RULES.md §7.1). */
    sent: { type: 'uint16', default: 0 },
    lost: { type: 'uint16', default: 0 },
    /** Collision points so far during the game; the final score once the result is recorded. */
    score: { type: 'int32', default: 0 },
    coins: { type: 'int32', default: 0 },
    /** Level after the game (RULES.md §7.1), 0 until the result is recorded. */
    level: { type: 'uint8', default: 0 },
    levelName: str,
    /** Plane positions: −1 = hangar, 0 = launch square, 1..56 = progress (RULES.md §1). */
    planes: ['int8'],
  },
  'Seat',
);
export type SeatState = SchemaType<typeof SeatState>;

export const RollState = schema(
  {
    seat: str,
    /** 0 before the first roll. */
    value: { type: 'uint8', default: 0 },
    /** The 0-based roll number, for dice verification. */
    index: { type: 'int32', default: -1 },
  },
  'Roll',
);

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
    /** Join code of a private table ('' for public ones). */
    code: str,
    /** 'waiting' | 'playing' | 'over'. */
    status: { type: 'string', default: 'waiting' },
    hostId: str,
    seats: { map: SeatState },
    matchId: str,

    /** Engine state version: every game action must carry the version it was made against. */
    version: { type: 'uint32', default: 0 },
    current: str,
    /** 'roll' | 'move' | 'over', '' before the game. */
    phase: str,
    rolls: { type: 'uint32', default: 0 },
    lastRoll: RollState,
    /** The events of the last applied action as JSON (GameEvent[]): routes, captures, turns. */
    lastEvents: { type: 'string', default: '[]' },
    /** The legal moves (plane + full route) for the pending roll as JSON, '[]' outside the move phase. */
    moves: { type: 'string', default: '[]' },
    /** Epoch ms when the current seat's timer runs out; 0 when no timer runs. */
    deadline: { type: 'float64', default: 0 },
    pendingResign: str,
    drawOffer: str,
    /** SHA-256 of the secret dice seed, published at game start. */
    commitment: str,
    /** The dice seed, revealed when the game is over. */
    seed: str,
    result: ResultState,
    /** The whole engine GameState as JSON, so a client can preview routes with the same engine. */
    game: str,
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
