import type { BotName } from '../bots/chooseMove';
import { type BySeat, COLOURS, type Colour } from '../colours';
import { PRESETS } from '../presets';
import { createRng } from '../rng';
import type { GameSetup } from '../state';
import type { SimOptions } from './args';
import { type PlayedGame, playGame } from './playGame';

/** Colours seated for n players: opposite seats for two (red, yellow), otherwise clockwise from red. */
export function seatsFor(players: number): Colour[] {
  return players === 2 ? ['red', 'yellow'] : COLOURS.slice(0, players);
}

export interface Seating {
  readonly setup: GameSetup;
  readonly bots: BySeat<BotName>;
}

/**
 * Seats and bots of game number `game`. Bots go round the seats clockwise, shifted by one seat each
 * game; the first seat moves on once the bots have made a full turn. So every block of
 * bots × players games holds each (bot shift, first seat) pair once: no bot is favoured by where it
 * sits or by who starts. Presets whose first seat is fixed (plyyard: red) keep it.
 */
export function seatingFor(options: SimOptions, game: number): Seating {
  const seats = seatsFor(options.players);
  const k = options.bots.length;
  const bots: BySeat<BotName> = {};
  seats.forEach((colour, i) => (bots[colour] = options.bots[(i + game) % k]!));
  const firstSeat = PRESETS[options.preset].firstSeat === 'red' ? 'red' : seats[Math.floor(game / k) % seats.length]!;
  return { setup: { preset: options.preset, seats, teams: options.teams, firstSeat }, bots };
}

export interface WinCount {
  wins: number;
  games: number;
}

/** Everything the report needs, accumulated game by game. */
export interface Tally {
  games: number;
  /** Games stopped by the action limit without a result (a sign of an engine bug). */
  unfinished: number;
  draws: number;
  readonly rolls: number[];
  readonly captures: number[];
  readonly seats: BySeat<WinCount>;
  readonly firstSeat: WinCount;
  readonly bots: Partial<Record<BotName, WinCount>>;
}

export function createTally(): Tally {
  return { games: 0, unfinished: 0, draws: 0, rolls: [], captures: [], seats: {}, firstSeat: { wins: 0, games: 0 }, bots: {} };
}

const bump = (count: WinCount, won: boolean): void => {
  count.games++;
  if (won) count.wins++;
};

/** Add one played game. A bot wins a game when any seat it plays is among the winners (a team counts once). */
export function recordGame(tally: Tally, seating: Seating, played: PlayedGame): void {
  const { result } = played.state;
  const winners: readonly Colour[] = result?.winners ?? [];
  tally.games++;
  if (!result) tally.unfinished++;
  else if (result.winner === null) tally.draws++;
  tally.rolls.push(played.rolls);
  tally.captures.push(played.captures);
  const seats = seating.setup.seats;
  for (const colour of seats) bump((tally.seats[colour] ??= { wins: 0, games: 0 }), winners.includes(colour));
  bump(tally.firstSeat, winners.includes(seating.setup.firstSeat ?? seats[0]!));
  const botsPlaying = new Set(seats.map((c) => seating.bots[c]!));
  for (const bot of botsPlaying) {
    bump(
      (tally.bots[bot] ??= { wins: 0, games: 0 }),
      seats.some((c) => seating.bots[c] === bot && winners.includes(c)),
    );
  }
}

/** Play game `game` of the tournament: its own dice and bot streams, so any single game can be replayed alone. */
export function playTournamentGame(options: SimOptions, game: number): { seating: Seating; played: PlayedGame } {
  const seating = seatingFor(options, game);
  const played = playGame(
    seating.setup,
    seating.bots,
    createRng(`${options.seed}/${game}/dice`),
    createRng(`${options.seed}/${game}/bots`),
  );
  return { seating, played };
}

/** Play every game of the tournament; `onGame` hears about each finished game (for progress). */
export function runTournament(options: SimOptions, onGame?: (tally: Tally) => void): Tally {
  const tally = createTally();
  const { index, of } = options.shard ?? { index: 0, of: 1 };
  for (let game = index; game < options.games; game += of) {
    const { seating, played } = playTournamentGame(options, game);
    recordGame(tally, seating, played);
    onGame?.(tally);
  }
  return tally;
}
