import { type BotName, BOT_NAMES, COLOURS, type Colour } from '@flightchess/rules';

/**
 * The synced table as plain data (the server's schema, `room.state.toJSON()`): table and seat facts
 * only. The game itself is not in it: it comes as a stream (serverMessages.ts).
 */
export type TableStatus = 'waiting' | 'playing' | 'over';

/**
 * Why the server plays a person's seat (托管, RULES.md §7): the player turned it on, their turn timed
 * out while they were here, it timed out while they were away (their seat held for their return), or
 * the player left a casual table's game for good and the seat plays on (`leftSeatsPlayOn`) until a
 * friend of the table takes it over.
 */
export type AutoPlayReason = 'player' | 'timeout' | 'away' | 'left';
export const AUTO_PLAY_REASONS: readonly AutoPlayReason[] = ['player', 'timeout', 'away', 'left'];

export interface SeatFacts {
  readonly colour: Colour;
  /** 0 = red+yellow, 1 = green+blue, −1 without teams. */
  readonly team: number;
  readonly kind: 'human' | 'bot';
  /** The bot that plays a bot seat; '' for a person. */
  readonly bot: BotName | '';
  readonly playerId: string;
  readonly name: string;
  readonly ready: boolean;
  readonly connected: boolean;
  /** 托管: the server plays this seat until the player turns it off. */
  readonly autoPlay: boolean;
  /** Why auto-play is on; '' when it is off. */
  readonly autoPlayBy: AutoPlayReason | '';
  /** The player is away and their seat is held: epoch ms when it counts as a resignation; 0 otherwise. */
  readonly awayUntil: number;
  /** A friend of the table took this seat over after its player left (`name` is the friend's): the name of who left; '' otherwise. */
  readonly standsFor: string;
  /** Set once the result is recorded: the final score, coins and the level after the game. */
  readonly score: number;
  readonly coins: number;
  readonly level: number;
  readonly levelName: string;
  /** At a rated table: the player's rating in the table's mode before the game (a bot's, its fixed one); 0 otherwise. */
  readonly rating: number;
  /** Set once a rated game's result is recorded: the rating after it; 0 otherwise. */
  readonly ratingAfter: number;
}

export interface ResultFacts {
  /** '' until the game is over, then 'finish' | 'resign' | 'escape' | 'forfeit' | 'draw'. */
  readonly reason: string;
  readonly winner: string;
  readonly winners: readonly string[];
  /** The scores, coins and levels have been stored with the match. */
  readonly recorded: boolean;
}

export interface TableFacts {
  readonly preset: string;
  /** House rules on top of the preset, as JSON. */
  readonly options: string;
  readonly size: number;
  readonly teams: boolean;
  readonly base: number;
  readonly turnSeconds: number;
  readonly private: boolean;
  /** A rated table (quick play's always are; a private one as its host chose): its game changes ratings. */
  readonly rated: boolean;
  /** The join code (GET /api/tables/code/:code); a private table is joined by it only. */
  readonly code: string;
  readonly status: TableStatus;
  readonly hostId: string;
  /** Before the game: the host's start would succeed now (a private table: every other player is ready; a public one: always). */
  readonly startable: boolean;
  /** A public table seating players: epoch ms when it starts by itself, bots taking the free seats; 0 otherwise. */
  readonly startsAt: number;
  /** The player who asked for the last rematch ('' before any): the others' invitation names them. */
  readonly rematchBy: string;
  readonly matchId: string;
  /** SHA-256 of the secret dice seed, published at game start. */
  readonly commitment: string;
  /** The dice seed, revealed when the game is over. */
  readonly seed: string;
  readonly result: ResultFacts;
  /** Seated colours, clockwise from red. */
  readonly seats: readonly SeatFacts[];
  /** Whether the table may be watched (chosen when it was created). */
  readonly watchable: boolean;
  /** How many watch the table now. */
  readonly watchers: number;
  /** The names of the first watchers (at most WATCHER_NAMES_SHOWN), in the order they came. */
  readonly watcherNames: readonly string[];
  /** Their player ids, in the same order (a watcher is asked to be a friend from the list). */
  readonly watcherIds: readonly string[];
}

type Loose = Record<string, unknown>;

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((w): w is string => typeof w === 'string') : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const bool = (v: unknown): boolean => v === true;
const botName = (v: unknown): BotName | '' => ((BOT_NAMES as readonly unknown[]).includes(v) ? (v as BotName) : '');

/** Read the room state (its `toJSON()`), tolerating missing fields. */
export function tableFacts(raw: unknown): TableFacts {
  const t = (raw ?? {}) as Loose;
  const seatsRaw = (t.seats ?? {}) as Record<string, Loose>;
  const seats: SeatFacts[] = [];
  for (const colour of COLOURS) {
    const s = seatsRaw[colour];
    if (!s) continue;
    seats.push({
      colour,
      team: num(s.team),
      kind: s.kind === 'bot' ? 'bot' : 'human',
      bot: botName(s.bot),
      playerId: str(s.playerId),
      name: str(s.name),
      ready: bool(s.ready),
      connected: bool(s.connected),
      autoPlay: bool(s.autoPlay),
      autoPlayBy: (AUTO_PLAY_REASONS as readonly unknown[]).includes(s.autoPlayBy) ? (s.autoPlayBy as AutoPlayReason) : '',
      awayUntil: num(s.awayUntil),
      standsFor: str(s.standsFor),
      score: num(s.score),
      coins: num(s.coins),
      level: num(s.level),
      levelName: str(s.levelName),
      rating: num(s.rating),
      ratingAfter: num(s.ratingAfter),
    });
  }
  const r = (t.result ?? {}) as Loose;
  const status = t.status === 'playing' || t.status === 'over' ? t.status : 'waiting';
  return {
    preset: str(t.preset),
    options: str(t.options),
    size: num(t.size),
    teams: bool(t.teams),
    base: num(t.base),
    turnSeconds: num(t.turnSeconds),
    private: bool(t.private),
    rated: bool(t.rated),
    code: str(t.code),
    status,
    hostId: str(t.hostId),
    startable: bool(t.startable),
    startsAt: num(t.startsAt),
    rematchBy: str(t.rematchBy),
    matchId: str(t.matchId),
    commitment: str(t.commitment),
    seed: str(t.seed),
    result: {
      reason: str(r.reason),
      winner: str(r.winner),
      winners: Array.isArray(r.winners) ? r.winners.filter((w): w is string => typeof w === 'string') : [],
      recorded: bool(r.recorded),
    },
    seats,
    watchable: t.watchable !== false,
    watchers: num(t.watchers),
    watcherNames: strings(t.watcherNames),
    watcherIds: strings(t.watcherIds),
  };
}
