import {
  type Action,
  type BySeat,
  COLOURS,
  type Colour,
  type GameSetup,
  type GameState,
  PRESETS,
  type PresetName,
  type HouseRules,
  type RuleError,
  applyHouseRules,
  createGame,
  isColour,
  replayGame,
} from '@flightchess/rules';
import type { KeyValueStore } from '../util/ports';

/** Who plays a seat in an offline game: a person at this device, or a bot. */
export type SeatPlayer = 'human' | 'heuristic' | 'strong' | 'expert';

/** An offline game as saved in the browser: the engine setup plus the action log (replayed on load). */
export interface SavedGame {
  readonly version: 1;
  readonly setup: GameSetup;
  readonly players: BySeat<SeatPlayer>;
  readonly names: BySeat<string>;
  readonly actions: readonly Action[];
  readonly autoPlay: readonly Colour[];
}

const UNFINISHED = 'flightchess.offline.current';
const FINISHED = 'flightchess.offline.last';

export interface LoadedGame {
  readonly saved: SavedGame;
  readonly state: GameState;
}

function isSavedGame(value: unknown): value is SavedGame {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<SavedGame>;
  return (
    v.version === 1 &&
    typeof v.setup === 'object' &&
    v.setup !== null &&
    Array.isArray(v.actions) &&
    Array.isArray(v.autoPlay) &&
    v.autoPlay.every(isColour) &&
    typeof v.players === 'object' &&
    typeof v.names === 'object'
  );
}

/** Where offline games live between visits; a record that no longer replays is dropped, not trusted. */
export class OfflineStore {
  constructor(private readonly storage: KeyValueStore) {}

  save(game: SavedGame): void {
    this.storage.setItem(UNFINISHED, JSON.stringify(game));
  }

  /** A finished game: kept as the last game (for results and replay); nothing left to continue. */
  finish(game: SavedGame): void {
    this.storage.setItem(FINISHED, JSON.stringify(game));
    this.storage.removeItem(UNFINISHED);
  }

  unfinished(): LoadedGame | null {
    return this.load(UNFINISHED);
  }

  lastFinished(): LoadedGame | null {
    return this.load(FINISHED);
  }

  discardUnfinished(): void {
    this.storage.removeItem(UNFINISHED);
  }

  private load(key: string): LoadedGame | null {
    const text = this.storage.getItem(key);
    if (!text) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (!isSavedGame(parsed)) {
      this.storage.removeItem(key);
      return null;
    }
    const replayed = replayGame(parsed.setup, parsed.actions);
    if (!replayed.ok) {
      this.storage.removeItem(key);
      return null;
    }
    return { saved: parsed, state: replayed.value.state };
  }
}

export interface NewOfflineGame {
  readonly preset: PresetName;
  readonly options?: HouseRules;
  readonly players: BySeat<SeatPlayer>;
  readonly names?: BySeat<string>;
  readonly teams?: boolean;
}

/**
 * A fresh offline game. The first seat is drawn with `pick` when the preset picks at random (RULES.md
 * §2.2); invalid combinations come back as the engine's error.
 */
export function newOfflineGame(
  game: NewOfflineGame,
  pick: (n: number) => number,
): { ok: true; loaded: LoadedGame } | { ok: false; error: RuleError } {
  const seats = COLOURS.filter((c) => game.players[c] !== undefined);
  const config = applyHouseRules(PRESETS[game.preset], game.options);
  if (!config.ok) return { ok: false, error: config.error };
  const firstSeat = config.value.firstSeat === 'random' && seats.length > 0 ? seats[pick(seats.length)] : undefined;
  const setup: GameSetup = {
    preset: game.preset,
    seats,
    ...(game.options ? { options: game.options } : {}),
    ...(game.teams ? { teams: true } : {}),
    ...(firstSeat ? { firstSeat } : {}),
  };
  const created = createGame(setup);
  if (!created.ok) return { ok: false, error: created.error };
  const saved: SavedGame = {
    version: 1,
    setup,
    players: game.players,
    names: game.names ?? {},
    actions: [],
    autoPlay: [],
  };
  return { ok: true, loaded: { saved, state: created.value } };
}
