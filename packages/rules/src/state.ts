import type { BySeat, Colour, PlaneRef, Position } from './colours';
import type { PresetName, RulesConfig } from './presets';
import type { HouseRules } from './options';

export type Phase = 'roll' | 'move' | 'over';

export interface GameSetup {
  readonly preset: PresetName;
  readonly options?: HouseRules;
  readonly seats: readonly Colour[];
  readonly teams?: boolean;
  readonly firstSeat?: Colour;
  /** Place planes for tests, puzzles and replays. */
  readonly planes?: BySeat<readonly Position[]>;
}

export type OutReason = 'resign' | 'escape' | 'forfeit';

/** A seat that left the game; `arrived` is frozen at that moment for scoring (§7.1). */
export interface OutRecord {
  readonly reason: OutReason;
  readonly arrived: number;
  readonly atRoll: number;
}

/**
 * A seat whose person left while the seat plays on (`leftSeatsPlayOn`): scored as out from that moment,
 * so its arrived planes and its collisions are frozen then (README, reading 19).
 */
export interface LeftRecord extends OutRecord {
  readonly collisions: CollisionCount;
}

export type EndReason = 'finish' | 'resign' | 'escape' | 'forfeit' | 'draw';

export interface GameResult {
  /** The seat whose planes all arrived, or the seat left standing; null for a draw. */
  readonly winner: Colour | null;
  /** Every winning seat: the winner, plus the team-mate in team mode. */
  readonly winners: readonly Colour[];
  readonly reason: EndReason;
}

/** Planes a seat sent home (`sent`) and lost to collisions (`lost`), for collision points (§7.1). */
export interface CollisionCount {
  readonly sent: number;
  readonly lost: number;
}

/**
 * The whole game as plain, JSON-serialisable data. Never mutated: every action returns a new state.
 */
export interface GameState {
  readonly preset: PresetName;
  readonly options: HouseRules;
  readonly config: RulesConfig;
  /** Seated colours, clockwise. */
  readonly seats: readonly Colour[];
  readonly teams: boolean;
  readonly planes: BySeat<readonly Position[]>;
  readonly current: Colour;
  readonly phase: Phase;
  /** The roll waiting for a move (phase 'move'), else null. */
  readonly roll: number | null;
  /** Uninterrupted sixes rolled in this turn (§9.3). */
  readonly sixes: number;
  /** After a six-stop on a stack: the only plane that may move on the extra roll (§4.1, §9.9). */
  readonly forcedPlane: number | null;
  /** The plane moved most recently this turn (for `last-moved-home`). */
  readonly lastMoved: number | null;
  /** Rolls in the whole game. */
  readonly rolls: number;
  /** Applied actions; clients send the version they acted on. */
  readonly version: number;
  /** Seats that left and are off the board: no planes on it, no turns. */
  readonly out: BySeat<OutRecord>;
  /** Seats whose person left but that play on (`leftSeatsPlayOn`): planes and turns as any seat, scored as out. */
  readonly left: BySeat<LeftRecord>;
  readonly collisions: BySeat<CollisionCount>;
  /** A team resignation waiting for the team-mate's consent. */
  readonly pendingResign: Colour | null;
  /** A draw offer waiting for an answer. */
  readonly drawOffer: Colour | null;
  readonly result: GameResult | null;
}

export type { PlaneRef };
