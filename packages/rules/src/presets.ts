import type { Colour } from './colours';

export const PRESET_NAMES = ['online', 'traditional', 'improved', 'appfree', 'wango-classic', 'wango-quick', 'plyyard'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export type ThreeSixes = 'none' | 'void' | 'last-moved-home' | 'all-home';
export type Special = 'chain' | 'single';
export type Stacks = 'block' | 'pass' | 'none';
export type Finish = 'bounce' | 'exact' | 'overshoot';
export type TakeoffTo = 'launch' | 'entry';

/** Everything that varies between presets (RULES.md §0). House rules override single fields. */
export interface RulesConfig {
  readonly planes: number;
  /** How many planes (indices 0..n−1) start on the launch square instead of the hangar (§9.12). */
  readonly startOnLaunch: number;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** Colours a seat may take; `plyyard` is red and yellow only. */
  readonly colours: readonly Colour[];
  readonly takeoff: readonly number[];
  readonly takeoffTo: TakeoffTo;
  /** Extra rolls besides the 6 every preset grants (§2.1). */
  readonly extraRollOnCapture: boolean;
  readonly extraRollOnArrival: boolean;
  readonly threeSixes: ThreeSixes;
  readonly jump: boolean;
  readonly flight: boolean;
  readonly special: Special;
  readonly crossing: boolean;
  readonly stacks: Stacks;
  readonly finish: Finish;
  readonly safeSquares: boolean;
  readonly teamsAllowed: boolean;
  /** The first seat a server should pick: at random, or always red (§2.2). */
  readonly firstSeat: 'random' | 'red';
  readonly drawByAgreement: boolean;
  /** Rolls the game must have had before anyone may resign (§7); 0 = any time. */
  readonly resignAfterRolls: number;
  /**
   * A seat whose person leaves (resign, escape, forfeit) stays on the board and plays on, scored as out
   * from that moment (a house rule for casual tables, README reading 19); false in every preset.
   */
  readonly leftSeatsPlayOn: boolean;
}

const ALL: readonly Colour[] = ['red', 'green', 'yellow', 'blue'];

const ONLINE: RulesConfig = {
  planes: 4,
  startOnLaunch: 0,
  minPlayers: 2,
  maxPlayers: 4,
  colours: ALL,
  takeoff: [5, 6],
  takeoffTo: 'launch',
  extraRollOnCapture: false,
  extraRollOnArrival: false,
  threeSixes: 'none',
  jump: true,
  flight: true,
  special: 'chain',
  crossing: true,
  stacks: 'block',
  finish: 'bounce',
  safeSquares: false,
  teamsAllowed: true,
  firstSeat: 'random',
  drawByAgreement: false,
  resignAfterRolls: 15,
  leftSeatsPlayOn: false,
};

const WANGO_CLASSIC: RulesConfig = {
  ...ONLINE,
  takeoff: [6],
  threeSixes: 'void',
  crossing: false,
  stacks: 'none',
  teamsAllowed: false,
};

/** One config per seed text (RULES.md §0). */
export const PRESETS: Readonly<Record<PresetName, RulesConfig>> = {
  online: ONLINE,
  traditional: { ...ONLINE, takeoff: [6] },
  improved: { ...ONLINE, threeSixes: 'all-home', stacks: 'pass', finish: 'overshoot' },
  appfree: {
    ...WANGO_CLASSIC,
    threeSixes: 'last-moved-home',
    special: 'single',
    finish: 'exact',
  },
  'wango-classic': WANGO_CLASSIC,
  'wango-quick': { ...WANGO_CLASSIC, planes: 3, startOnLaunch: 1 },
  plyyard: {
    ...WANGO_CLASSIC,
    maxPlayers: 2,
    colours: ['red', 'yellow'],
    takeoffTo: 'entry',
    extraRollOnCapture: true,
    extraRollOnArrival: true,
    jump: false,
    flight: false,
    finish: 'exact',
    safeSquares: true,
    firstSeat: 'red',
    drawByAgreement: true,
    resignAfterRolls: 0,
  },
};

export function isPresetName(value: unknown): value is PresetName {
  return typeof value === 'string' && (PRESET_NAMES as readonly string[]).includes(value);
}
