import { type Result, fail, ok } from './result';
import type { RulesConfig } from './presets';

/** The house-rule options a room may change on top of a preset. */
export interface HouseRules {
  planes?: number;
  startOnLaunch?: number;
  takeoff?: number[];
  takeoffTo?: RulesConfig['takeoffTo'];
  extraRollOnCapture?: boolean;
  extraRollOnArrival?: boolean;
  threeSixes?: RulesConfig['threeSixes'];
  jump?: boolean;
  flight?: boolean;
  special?: RulesConfig['special'];
  crossing?: boolean;
  stacks?: RulesConfig['stacks'];
  finish?: RulesConfig['finish'];
  safeSquares?: boolean;
  drawByAgreement?: boolean;
  resignAfterRolls?: number;
  /** Casual tables only: a seat whose person leaves plays on (README, reading 19); the server never sets it at rated tables. */
  leftSeatsPlayOn?: boolean;
}

type Check = (value: unknown) => boolean;

const isBool: Check = (v) => typeof v === 'boolean';
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v);
const intIn =
  (min: number, max: number): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

const CHECKS: Readonly<Record<keyof HouseRules, readonly [Check, string]>> = {
  planes: [intIn(1, 4), 'an integer 1..4'],
  startOnLaunch: [intIn(0, 4), 'an integer 0..4'],
  takeoff: [
    (v) => Array.isArray(v) && v.length > 0 && v.every(intIn(1, 6)) && new Set(v).size === v.length,
    'a non-empty list of distinct die values 1..6',
  ],
  takeoffTo: [oneOf('launch', 'entry'), "'launch' or 'entry'"],
  extraRollOnCapture: [isBool, 'a boolean'],
  extraRollOnArrival: [isBool, 'a boolean'],
  threeSixes: [oneOf('none', 'void', 'last-moved-home', 'all-home'), "'none', 'void', 'last-moved-home' or 'all-home'"],
  jump: [isBool, 'a boolean'],
  flight: [isBool, 'a boolean'],
  special: [oneOf('chain', 'single'), "'chain' or 'single'"],
  crossing: [isBool, 'a boolean'],
  stacks: [oneOf('block', 'pass', 'none'), "'block', 'pass' or 'none'"],
  finish: [oneOf('bounce', 'exact', 'overshoot'), "'bounce', 'exact' or 'overshoot'"],
  safeSquares: [isBool, 'a boolean'],
  drawByAgreement: [isBool, 'a boolean'],
  resignAfterRolls: [intIn(0, 1000), 'an integer 0..1000'],
  leftSeatsPlayOn: [isBool, 'a boolean'],
};

/** Apply house rules to a preset config; unknown, out-of-range or contradictory options are rejected. */
export function applyHouseRules(base: RulesConfig, options: unknown): Result<RulesConfig> {
  if (options === undefined) return ok(base);
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    return fail('ERR_BAD_OPTIONS', 'options must be an object of house rules');
  }
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    const check = (CHECKS as Record<string, readonly [Check, string] | undefined>)[key];
    if (!check) return fail('ERR_BAD_OPTIONS', `unknown option '${key}'`);
    if (!check[0](value)) return fail('ERR_BAD_OPTIONS', `option '${key}' must be ${check[1]}`);
    changes[key] = Array.isArray(value) ? [...value].sort((a: number, b: number) => a - b) : value;
  }
  const config = { ...base, ...changes } as RulesConfig;
  const contradiction = contradictionIn(config);
  return contradiction ? fail('ERR_BAD_OPTIONS', contradiction) : ok(config);
}

function contradictionIn(c: RulesConfig): string | null {
  if (c.startOnLaunch > c.planes) return `startOnLaunch (${c.startOnLaunch}) exceeds planes (${c.planes})`;
  if (c.crossing && !c.flight) return 'crossing needs flight: only a flight crosses the dashed line';
  if (c.drawByAgreement && c.maxPlayers > 2) return 'drawByAgreement is only offered in two-player presets';
  return null;
}
