import { COLOURS, type Colour, type GameEvent, type GameState, isColour } from '@flightchess/rules';
import type { GameUpdate, GameView, SeatView } from './types';

/** One seat of the synced table (apps/server `Seat` schema), as plain data. */
export interface SeatSnapshot {
  readonly colour: Colour;
  readonly team: number;
  readonly kind: 'human' | 'bot';
  readonly bot: string;
  readonly playerId: string;
  readonly name: string;
  readonly ready: boolean;
  readonly connected: boolean;
  readonly autoPlay: boolean;
  readonly out: string;
  readonly arrived: number;
  readonly sent: number;
  readonly lost: number;
  readonly score: number;
  readonly coins: number;
  readonly level: number;
  readonly levelName: string;
}

/** The synced table (apps/server `Table` schema) as plain data, seats in clockwise order. */
export interface TableSnapshot {
  readonly preset: string;
  readonly options: string;
  readonly size: number;
  readonly teams: boolean;
  readonly base: number;
  readonly turnSeconds: number;
  readonly private: boolean;
  readonly code: string;
  readonly status: 'waiting' | 'playing' | 'over';
  readonly hostId: string;
  readonly matchId: string;
  readonly version: number;
  readonly deadline: number;
  readonly commitment: string;
  readonly seed: string;
  readonly lastEvents: string;
  readonly game: string;
  readonly seats: readonly SeatSnapshot[];
  readonly result: { readonly reason: string; readonly winner: string; readonly winners: readonly string[]; readonly recorded: boolean };
}

type Loose = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const bool = (v: unknown): boolean => v === true;

/** Read the room state (its `toJSON()`), tolerating missing fields: the server may add more. */
export function tableSnapshot(raw: unknown): TableSnapshot {
  const t = (raw ?? {}) as Loose;
  const seatsRaw = (t.seats ?? {}) as Record<string, Loose>;
  const seats: SeatSnapshot[] = [];
  for (const colour of COLOURS) {
    const s = seatsRaw[colour];
    if (!s) continue;
    seats.push({
      colour,
      team: num(s.team),
      kind: s.kind === 'bot' ? 'bot' : 'human',
      bot: str(s.bot),
      playerId: str(s.playerId),
      name: str(s.name),
      ready: bool(s.ready),
      connected: bool(s.connected),
      autoPlay: bool(s.autoPlay),
      out: str(s.out),
      arrived: num(s.arrived),
      sent: num(s.sent),
      lost: num(s.lost),
      score: num(s.score),
      coins: num(s.coins),
      level: num(s.level),
      levelName: str(s.levelName),
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
    code: str(t.code),
    status,
    hostId: str(t.hostId),
    matchId: str(t.matchId),
    version: num(t.version),
    deadline: num(t.deadline),
    commitment: str(t.commitment),
    seed: str(t.seed),
    lastEvents: str(t.lastEvents),
    game: str(t.game),
    seats,
    result: {
      reason: str(r.reason),
      winner: str(r.winner),
      winners: Array.isArray(r.winners) ? r.winners.filter((w): w is string => typeof w === 'string') : [],
      recorded: bool(r.recorded),
    },
  };
}

function parseJson<T>(text: string): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The own seat: the one whose player id is ours. */
export function ownColour(table: TableSnapshot, playerId: string): Colour | null {
  const seat = table.seats.find((s) => s.kind === 'human' && s.playerId === playerId && playerId !== '');
  return seat && isColour(seat.colour) ? seat.colour : null;
}

export function gameView(table: TableSnapshot, game: GameState, playerId: string): GameView {
  const own = ownColour(table, playerId);
  const seats: SeatView[] = table.seats.map((s) => ({
    colour: s.colour,
    name: s.name,
    kind: s.kind,
    connected: s.connected,
    autoPlay: s.autoPlay,
    local: s.colour === own,
  }));
  return { mode: 'online', state: game, seats, turnDeadline: table.deadline > 0 ? table.deadline : null, viewer: own };
}

/**
 * The game update a new table snapshot brings. The room mirrors the engine state (`game`) and the
 * events of the last action (`lastEvents`); those events animate only when exactly one action was
 * applied since the previous snapshot, otherwise the new state is shown as it is. Null before the game.
 */
export function tableUpdate(previous: GameState | null, table: TableSnapshot, playerId: string): GameUpdate | null {
  const game = parseJson<GameState>(table.game);
  if (!game || !Array.isArray(game.seats)) return null;
  const oneStep = previous !== null && game.version === previous.version + 1;
  const events = oneStep ? (parseJson<GameEvent[]>(table.lastEvents) ?? []) : [];
  return { view: gameView(table, game, playerId), events };
}
