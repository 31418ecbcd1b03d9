import {
  type HouseRules,
  type PresetName,
  type Result,
  type RulesConfig,
  COLOURS,
  PRESETS,
  applyHouseRules,
  createGame,
} from '@flightchess/rules';
import { defaultColours, describeIssues, tableOptionsSchema } from '@flightchess/protocol';
import type { MatchTable } from '../matches/MatchStorage';
import type { TableConfig } from './tableConfig';

/** How a table is set up. */
export interface TableSettings {
  readonly preset: PresetName;
  readonly options: HouseRules;
  /** The rules in force: the preset with the house rules applied. */
  readonly rules: RulesConfig;
  readonly size: number;
  readonly teams: boolean;
  readonly base: number;
  readonly turnSeconds: number;
  readonly private: boolean;
  /** Anyone with the link (public tables: anyone) may watch. */
  readonly watchable: boolean;
  /** Its game changes the players' ratings (ratings/): a public table's does unless asked not to, a private one's only if asked. */
  readonly rated: boolean;
  /** Quick play opened it for someone nobody else waited with: its first game starts soon (Gathering). */
  readonly alone: boolean;
}

export const DEFAULT_BASE = 10;

export type TableOptionsResult = Result<TableSettings, { readonly code: 'ERR_BAD_CONFIG'; readonly message: string }>;

const badConfig = (message: string): TableOptionsResult => ({ ok: false, error: { code: 'ERR_BAD_CONFIG', message } });

/**
 * Validate a new table's options. The shape is checked here; the rules combination (house rules,
 * seat count, team mode) is checked by the engine itself with a trial `createGame`.
 */
export function parseTableOptions(
  raw: unknown,
  config: Pick<TableConfig, 'turnSeconds' | 'minTurnSeconds' | 'maxTurnSeconds'>,
): TableOptionsResult {
  const { asked, alone } = quickPlaysWord(raw);
  if (alone === null) return badConfig('alone: expected a boolean');
  const parsed = tableOptionsSchema(config).safeParse(asked ?? {});
  if (!parsed.success) return badConfig(describeIssues(parsed.error));
  const o = parsed.data;
  const preset = o.preset ?? 'online';
  const teams = o.teams ?? false;
  const rated = o.rated ?? !(o.private ?? false);
  const options = (o.options ?? {}) as HouseRules;
  // (A casual table of two people or more plays it unless the host says not: TablePlay.gameOptions.)
  if (rated && options.leftSeatsPlayOn)
    return badConfig('leftSeatsPlayOn is for casual tables: at a rated table a seat its player leaves goes out');
  const rules = applyHouseRules(PRESETS[preset], options);
  if (!rules.ok) return badConfig(rules.error.message);
  const size = o.size ?? (teams ? 4 : Math.min(4, rules.value.maxPlayers));
  // Allowed colours first; more seats than the preset has colours makes the engine say so.
  const trialSeats = [...defaultColours(rules.value.colours, size), ...COLOURS.filter((c) => !rules.value.colours.includes(c))];
  const trial = createGame({ preset, options, teams, seats: trialSeats.slice(0, size) });
  if (!trial.ok) return badConfig(trial.error.message);
  return {
    ok: true,
    value: {
      preset,
      options,
      rules: rules.value,
      size,
      teams,
      base: o.base ?? DEFAULT_BASE,
      turnSeconds: o.turnSeconds ?? config.turnSeconds,
      private: o.private ?? false,
      watchable: o.watchable ?? true,
      rated,
      alone,
    },
  };
}

/**
 * Quick play's own word beside the client's options (quickPlay.ts): `alone: true` starts the first game
 * soon. Not in the protocol; a client that sends it gains nothing a public table's host lacks (its start).
 */
function quickPlaysWord(raw: unknown): { asked: unknown; alone: boolean | null } {
  if (typeof raw !== 'object' || raw === null || !('alone' in raw)) return { asked: raw, alone: false };
  const { alone, ...asked } = raw as { alone: unknown };
  return { asked, alone: typeof alone === 'boolean' ? alone : null };
}

/** The settings of a stored table: a started game had every seat taken, so its size is its seat count. */
export function storedSettings(table: MatchTable): TableOptionsResult {
  const { preset, options: played = {}, teams = false, seats } = table.setup;
  // Seats playing on may be the game's own default (TablePlay.gameOptions), not the host's: only a host's "no" is kept.
  const { leftSeatsPlayOn, ...rest } = played;
  const options = leftSeatsPlayOn === false ? played : rest;
  const rules = applyHouseRules(PRESETS[preset], options);
  if (!rules.ok) return badConfig(rules.error.message);
  return {
    ok: true,
    value: {
      preset,
      options,
      rules: rules.value,
      size: seats.length,
      teams,
      base: table.base,
      turnSeconds: table.turnSeconds,
      private: table.private,
      watchable: table.watchable,
      rated: table.rated,
      alone: false,
    },
  };
}
