import { BOT_NAMES, type BotName } from '../bots/chooseMove';
import { PRESETS, type PresetName, isPresetName } from '../presets';

/** What the simulator plays: `npm run sim -- --preset online --players 4 --games 10000 --bots strong,heuristic --seed 1`. */
export interface SimOptions {
  readonly preset: PresetName;
  readonly players: number;
  readonly games: number;
  /** Assigned to the seats round-robin in clockwise order (rotated between games, see tournament.ts). */
  readonly bots: readonly BotName[];
  readonly seed: number;
  readonly teams: boolean;
  /** Play only games index, index + of, index + 2·of, … of the tournament (side by side runs add up to it). */
  readonly shard: { readonly index: number; readonly of: number } | null;
}

export type ParsedArgs =
  { readonly kind: 'run'; readonly options: SimOptions } | { readonly kind: 'help' } | { readonly kind: 'error'; readonly error: string };

export const SIM_USAGE = `usage: npm run sim -- [options]
  --preset <name>    ${Object.keys(PRESETS).join(', ')} (default online)
  --players <n>      2..4, within the preset's range (default 4, or the preset's maximum)
  --games <n>        games to play (default 1000)
  --bots <a,b,...>   ${BOT_NAMES.join(', ')}; seats take them round-robin clockwise (default heuristic)
  --seed <int>       seeds dice and bots; the same seed plays the same games (default 1)
  --teams            team mode (red+yellow vs green+blue; 4 players, presets that allow it)
  --shard <i/n>      play only games i, i+n, i+2n, … (n runs side by side make up the whole tournament)
  --help             this text`;

const VALUE_OPTIONS = ['preset', 'players', 'games', 'bots', 'seed', 'shard'] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];
const MAX_GAMES = 100_000_000;

const isValueOption = (name: string): name is ValueOption => (VALUE_OPTIONS as readonly string[]).includes(name);
const isBotName = (name: string): name is BotName => (BOT_NAMES as readonly string[]).includes(name);

/** Parse `--name value`, `--name=value` and `--teams`; every problem is reported, never thrown. */
export function parseSimArgs(argv: readonly string[]): ParsedArgs {
  const values: Partial<Record<ValueOption, string>> = {};
  let teams = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) return fail(`unexpected argument '${arg}'`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (name === 'help') return { kind: 'help' };
    if (name === 'teams') {
      if (eq >= 0) return fail('--teams takes no value');
      teams = true;
      continue;
    }
    if (!isValueOption(name)) return fail(`unknown option '--${name}'`);
    if (values[name] !== undefined) return fail(`--${name} given twice`);
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) return fail(`--${name} needs a value`);
    values[name] = value;
  }

  const preset = values.preset ?? 'online';
  if (!isPresetName(preset)) return fail(`unknown preset '${preset}' (one of ${Object.keys(PRESETS).join(', ')})`);
  const config = PRESETS[preset];
  const players = values.players === undefined ? Math.min(4, config.maxPlayers) : integer(values.players);
  if (players === null || players < config.minPlayers || players > config.maxPlayers) {
    const range = config.minPlayers === config.maxPlayers ? `${config.minPlayers}` : `${config.minPlayers}..${config.maxPlayers}`;
    return fail(`--players must be ${range} for ${preset}, not '${values.players}'`);
  }
  const games = values.games === undefined ? 1000 : integer(values.games);
  if (games === null || games < 1 || games > MAX_GAMES) return fail(`--games must be an integer 1..${MAX_GAMES}, not '${values.games}'`);
  const seed = values.seed === undefined ? 1 : integer(values.seed);
  if (seed === null) return fail(`--seed must be an integer, not '${values.seed}'`);
  const bots = (values.bots ?? 'heuristic').split(',').map((b) => b.trim());
  const unknown = bots.find((b) => !isBotName(b));
  if (unknown !== undefined) return fail(`unknown bot '${unknown}' (one of ${BOT_NAMES.join(', ')})`);
  if (teams && !config.teamsAllowed) return fail(`${preset} has no team mode`);
  if (teams && players !== 4) return fail('--teams needs 4 players');
  let shard: SimOptions['shard'] = null;
  if (values.shard !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(values.shard);
    const [index, of] = m ? [Number(m[1]), Number(m[2])] : [Number.NaN, Number.NaN];
    if (!(of >= 1 && index < of)) return fail(`--shard must be i/n with 0 ≤ i < n, not '${values.shard}'`);
    shard = { index, of };
  }
  return { kind: 'run', options: { preset, players, games, bots: bots as BotName[], seed, teams, shard } };
}

function integer(text: string): number | null {
  if (!/^[+-]?\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

function fail(error: string): ParsedArgs {
  return { kind: 'error', error };
}
