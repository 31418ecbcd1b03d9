import { createHash } from 'node:crypto';
import {
  type Action,
  type BotName,
  type BySeat,
  type Colour,
  ENGINE_VERSION,
  type GameSetup,
  type GameState,
  PRESETS,
  type PresetName,
  type SeatControl,
  applyAction,
  commitmentOf,
  createGame,
  createRng,
  nextSteps,
  rollAt,
  stepAction,
} from '@flightchess/rules';
import { type Standing, finalScores } from '../../src/matches/finalScores';
import { ratingInputs } from '../../src/matches/ratingInputs';
import type { MatchSeat } from '@flightchess/protocol';
import type { Storage } from '../../src/repositories';

/**
 * Whole games played by bots through the engine, every choice from a seeded generator and every die
 * from the match's seed as the server rolls it, stored through the Storage API as the server stores
 * them (the compact-record equality test and `npm run bench:storage`).
 */

/** How a seeded game ends. */
export type Ending = 'finish' | 'resign' | 'team-resign' | 'escape' | 'forfeit' | 'draw' | 'aborted';

export interface SeededGameSpec {
  readonly preset: PresetName;
  readonly seats: readonly Colour[];
  readonly teams?: boolean;
  readonly ending: Ending;
  /** Names the game: its dice seed, its ids and its bots' choices follow from it. */
  readonly key: string;
  /** Seats whose person turns auto-play (托管) on after the 10th roll: their moves then carry `by: 'auto-play'`. */
  readonly autoPlay?: readonly Colour[];
}

export interface SeededGame {
  readonly spec: SeededGameSpec;
  readonly setup: GameSetup;
  readonly seed: string;
  readonly actions: readonly Action[];
  readonly state: GameState;
}

const hex = (text: string) => createHash('sha256').update(text).digest('hex');
const BOTS: readonly BotName[] = ['heuristic', 'random', 'heuristic', 'random'];

/**
 * What a seat does besides the bots' play, in order: each waits until `when` holds, then acts. This is
 * how the endings come about — a resignation once allowed (a team-mate declining first), a draw offer
 * declined then accepted, an escape, a forfeit.
 */
interface Step {
  when(state: GameState): boolean;
  act(state: GameState): Action;
}

const after = (rolls: number) => (s: GameState) => s.rolls >= rolls && s.phase === 'roll';
const other = (s: GameState) => s.seats.find((c) => c !== s.current && !s.out[c])!;

function scriptOf(ending: Ending, resignAfter: number): Step[] {
  switch (ending) {
    case 'finish':
    case 'aborted':
      return [];
    case 'resign':
      return [{ when: after(resignAfter + 4), act: (s) => ({ type: 'resign', seat: other(s) }) }];
    case 'team-resign': {
      // Red asks, yellow (red's team-mate) declines; red asks again later and yellow agrees.
      const ask: Step = { when: after(resignAfter + 2), act: () => ({ type: 'resign', seat: 'red' }) };
      const answer = (accept: boolean): Step => ({
        when: (s) => s.pendingResign === 'red',
        act: () => ({ type: 'answer-resign', seat: 'yellow', accept }),
      });
      return [ask, answer(false), { ...ask, when: after(resignAfter + 8) }, answer(true)];
    }
    case 'escape':
      return [{ when: after(12), act: (s) => ({ type: 'escape', seat: other(s) }) }];
    case 'forfeit':
      return [{ when: after(9), act: (s) => ({ type: 'forfeit', seat: other(s) }) }];
    case 'draw': {
      const offer = (rolls: number): Step => ({ when: after(rolls), act: (s) => ({ type: 'offer-draw', seat: s.current }) });
      const answer = (accept: boolean): Step => ({
        when: (s) => s.drawOffer !== null,
        act: (s) => ({ type: 'answer-draw', seat: s.seats.find((c) => c !== s.drawOffer)!, accept }),
      });
      return [offer(6), answer(false), offer(14), answer(true)];
    }
  }
}

/** Play one game: bots on every seat, the script's steps on top; an aborted game stops half-way. */
export function playSeeded(spec: SeededGameSpec): SeededGame {
  const setup: GameSetup = { preset: spec.preset, seats: spec.seats, teams: spec.teams ?? false, firstSeat: spec.seats[0] };
  const created = createGame(setup);
  if (!created.ok) throw new Error(`${spec.key}: ${created.error.message}`);
  const seed = hex(`seed:${spec.key}`);
  const rng = createRng(`bots:${spec.key}`);
  const control: BySeat<SeatControl> = {};
  spec.seats.forEach((c, i) => (control[c] = { bot: BOTS[i % BOTS.length]!, autoPlay: false }));
  const autoPlayed: BySeat<SeatControl> = { ...control };
  for (const c of spec.autoPlay ?? []) autoPlayed[c] = { bot: null, autoPlay: true };
  const script = scriptOf(spec.ending, PRESETS[spec.preset].resignAfterRolls);
  let state = created.value;
  const actions: Action[] = [];
  const apply = (action: Action) => {
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(`${spec.key}: action ${actions.length} ${JSON.stringify(action)}: ${applied.error.message}`);
    state = applied.value.state;
    actions.push(action);
  };
  while (state.phase !== 'over' && !(spec.ending === 'aborted' && state.rolls >= 40)) {
    if (script[0]?.when(state)) {
      apply(script.shift()!.act(state));
      continue;
    }
    const steps = nextSteps(state, state.rolls > 10 ? autoPlayed : control);
    const step = steps.answer ?? steps.turn;
    const action = step && stepAction(state, step, () => rollAt(seed, state.rolls), rng);
    if (!action) throw new Error(`${spec.key}: nothing to play at version ${state.version}`);
    apply(action);
  }
  if (script.length > 0) throw new Error(`${spec.key}: the game ended before its ${spec.ending}`);
  return { spec, setup, seed, actions, state };
}

export interface StoreOptions {
  /** The owner process named in the writes. */
  readonly owner?: string;
  /** Called once every action is stored, before the game's result (or abort) is. */
  readonly beforeEnd?: (matchId: string) => Promise<void>;
  /** Played at a rated table: the result rates its players (ratings/), as the server's does. */
  readonly rated?: boolean;
  /** When it ends (epoch ms; by default one second per action after the start). */
  readonly endedAt?: number;
}

/** The match id a seeded game is stored under. */
export const matchIdOf = (game: SeededGame): string => hex(`match:${game.spec.key}`).slice(0, 12);

/**
 * The seats as stored: the players (guest ids that exist in the store) on every other seat, bots on
 * the rest.
 */
export function matchSeats(game: SeededGame, players: readonly string[]): MatchSeat[] {
  return game.setup.seats.map((colour, i) => {
    const playerId = i % 2 === 0 ? (players[i / 2] ?? null) : null;
    return playerId
      ? { colour, kind: 'human', bot: null, playerId, name: `Player ${i + 1}` }
      : { colour, kind: 'bot', bot: BOTS[i % BOTS.length]!, playerId: null, name: `Bot ${i + 1}` };
  });
}

/** Store a played game as the server does: its table at the start, every action, then its result (or its abort). */
export async function storeSeeded(
  storage: Storage,
  game: SeededGame,
  players: readonly string[],
  options: StoreOptions = {},
): Promise<string> {
  const owner = options.owner ?? 'bench';
  const id = matchIdOf(game);
  const seats = matchSeats(game, players);
  const startedAt = 1_700_000_000_000;
  await storage.startMatch({
    id,
    tableId: `t${id}`,
    watchable: true,
    rated: options.rated ?? false,
    code: 'ACDEFG',
    private: false,
    hostId: players[0] ?? '',
    setup: game.setup,
    base: 10,
    turnSeconds: 15,
    seats,
    commitment: commitmentOf(game.seed),
    seed: game.seed,
    engine: ENGINE_VERSION,
    startedAt,
    owner,
    leaseUntil: startedAt + 15_000,
  });
  for (const [index, action] of game.actions.entries()) await storage.appendAction(id, owner, index, action, startedAt + 1000 * index);
  await options.beforeEnd?.(id);
  const endedAt = options.endedAt ?? startedAt + 1000 * game.actions.length;
  if (game.spec.ending === 'aborted') {
    await storage.abortMatch(id, 'closed by the operator', endedAt);
    return id;
  }
  const people: BySeat<Standing> = {};
  for (const s of seats) {
    const player = s.playerId ? await storage.getPlayer(s.playerId) : null;
    if (player) people[s.colour] = { lifetime: player.lifetimeScore, coins: player.coins };
  }
  const scores = finalScores(game.state, 10, people);
  if (!scores.ok) throw new Error(`${game.spec.key}: ${scores.error.message}`);
  const rating = options.rated ? ratingInputs(game.state, game.actions) : undefined;
  await storage.finishMatch({ id, owner, result: game.state.result!, seats: scores.value, endedAt, ...(rating && { rating }) });
  return id;
}

/** The seats of a preset's game: four (two for a two-seat preset), clockwise. */
export const seatsFor = (preset: PresetName, size = 4): Colour[] =>
  PRESETS[preset].colours.slice(0, Math.min(size, PRESETS[preset].maxPlayers));

/** Every preset to its end, and every other ending where a preset allows it: the games the equality test stores. */
export function everyEnding(): SeededGameSpec[] {
  const specs: SeededGameSpec[] = [];
  for (const preset of Object.keys(PRESETS) as PresetName[]) {
    const rules = PRESETS[preset];
    specs.push({ preset, seats: seatsFor(preset), ending: 'finish', key: `${preset}-finish` });
    specs.push({ preset, seats: seatsFor(preset, 2), ending: 'resign', key: `${preset}-resign` });
    specs.push({ preset, seats: seatsFor(preset, 2), ending: 'escape', key: `${preset}-escape` });
    specs.push({ preset, seats: seatsFor(preset, 2), ending: 'forfeit', key: `${preset}-forfeit` });
    specs.push({ preset, seats: seatsFor(preset), ending: 'aborted', key: `${preset}-aborted` });
    if (rules.teamsAllowed)
      specs.push({ preset, seats: seatsFor(preset), teams: true, ending: 'team-resign', key: `${preset}-team-resign` });
    if (rules.drawByAgreement) specs.push({ preset, seats: seatsFor(preset), ending: 'draw', key: `${preset}-draw` });
  }
  return specs;
}
