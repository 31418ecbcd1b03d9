import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type BotName,
  type BySeat,
  type Colour,
  type GameSetup,
  type GameState,
  PRESETS,
  PRESET_NAMES,
  type PresetName,
  applyAction,
  createGame,
  createRng,
} from '../../src';
import { sideOf } from '../../src/bots/evaluate';
import { type TableKind, groupKey } from '../../src/review/winModel';
import { playGame } from '../../src/sim/playGame';

/** One table kind of one preset: the unit the model is fitted for. */
export interface Group {
  readonly preset: PresetName;
  readonly kind: TableKind;
}

/** Every preset with every table it seats: 2, 3 and 4 players, and teams where allowed. */
export function allGroups(): Group[] {
  const groups: Group[] = [];
  for (const preset of PRESET_NAMES) {
    const config = PRESETS[preset];
    groups.push({ preset, kind: '2' });
    if (config.maxPlayers >= 3) groups.push({ preset, kind: '3' });
    if (config.maxPlayers >= 4) groups.push({ preset, kind: '4' });
    if (config.teamsAllowed) groups.push({ preset, kind: 'teams' });
  }
  return groups;
}

export const nameOf = (g: Group): string => groupKey(g.preset, g.kind);

/** A sampled position of a played game and the side that won that game. */
export interface Position {
  readonly state: GameState;
  readonly winner: number;
  /** The game it comes from: games are split, never positions, between fitting and held-out checking. */
  readonly game: number;
}

const SEATS: Record<TableKind, readonly Colour[]> = {
  '2': ['red', 'yellow'],
  '3': ['red', 'green', 'yellow'],
  '4': ['red', 'green', 'yellow', 'blue'],
  teams: ['red', 'green', 'yellow', 'blue'],
};

/**
 * Play `games` seeded games of the group with strong bots in every seat (the first seat turning) and
 * keep each position waiting for a roll with probability `rate`. Each game follows from its number, so
 * games `from`..`games − 1` add to a run of `from` games.
 */
export function samplePositions(group: Group, games: number, seed: number, rate: number, bot: BotName = 'strong', from = 0): Position[] {
  const seats = SEATS[group.kind];
  const bots: BySeat<BotName> = Object.fromEntries(seats.map((c) => [c, bot]));
  const out: Position[] = [];
  for (let game = from; game < games; game++) {
    const tag = `${seed}/${nameOf(group)}/${game}`;
    const firstSeat = PRESETS[group.preset].firstSeat === 'red' ? 'red' : seats[game % seats.length]!;
    const setup: GameSetup = { preset: group.preset, seats, teams: group.kind === 'teams', firstSeat };
    const played = playGame(setup, bots, createRng(`${tag}/dice`), createRng(`${tag}/bots`));
    const winners = played.state.result?.winners ?? [];
    if (winners.length === 0) continue;
    const winner = sideOf(played.state, winners[0]!);
    const pick = createRng(`${tag}/pick`);
    const created = createGame(setup);
    if (!created.ok) throw new Error(created.error.message);
    let state = created.value;
    for (const action of played.actions) {
      if (state.phase === 'roll' && pick.next() < rate) out.push({ state, winner, game });
      const applied = applyAction(state, action);
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.value.state;
    }
  }
  return out;
}

/**
 * `samplePositions`, kept in `dir` between runs (trying features on the same games need not replay
 * them); a shorter run reads the first games of a longer one, a longer run plays on from the longest
 * run kept. States read back share one config object again, as the engine's own states do.
 */
export function cachedPositions(dir: string | null, group: Group, games: number, seed: number, rate: number): Position[] {
  const prefix = `${nameOf(group).replace('/', '-')}-`;
  const fileOf = (n: number) => join(dir!, `${prefix}${n}-${seed}-${rate}.json`);
  const kept =
    dir && existsSync(dir)
      ? readdirSync(dir)
          .map((name) =>
            Number(name.startsWith(prefix) && name.endsWith(`-${seed}-${rate}.json`) ? name.slice(prefix.length).split('-')[0] : NaN),
          )
          .filter((n) => n > 0)
      : [];
  const longer = kept.filter((n) => n >= games);
  if (longer.length > 0) return readPositions(fileOf(Math.min(...longer))).filter((p) => p.game < games);
  const from = Math.max(0, ...kept);
  const earlier = from > 0 ? readPositions(fileOf(from)) : [];
  const positions = [...earlier, ...samplePositions(group, games, seed, rate, 'strong', from)];
  if (dir) writeFileSync(fileOf(games), JSON.stringify(positions));
  return positions;
}

function readPositions(file: string): Position[] {
  const positions = JSON.parse(readFileSync(file, 'utf8')) as Position[];
  const shared = new Map<string, GameState['config']>();
  return positions.map((p) => {
    const key = JSON.stringify(p.state.config);
    if (!shared.has(key)) shared.set(key, p.state.config);
    return { ...p, state: { ...p.state, config: shared.get(key)! } };
  });
}
