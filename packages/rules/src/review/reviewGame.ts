import type { Action } from '../actions';
import type { BySeat, Colour } from '../colours';
import { createGame } from '../createGame';
import { type LegalMove, legalMoves } from '../legalMoves';
import { applyMove } from '../play';
import { activeSeats } from '../queries';
import { replayFrom } from '../replay';
import { type Result, ok } from '../result';
import type { GameSetup, GameState } from '../state';
import { sideOf } from '../bots/evaluate';
import { expertChoices, expertPick } from '../bots/expert';
import { type LabelCounts, type MoveLabel, accuracyOf, emptyCounts, labelOf } from './labels';
import { rollLuck } from './luck';
import { sideChances } from './winModel';

/** One choice of a decision: the planes that make it (interchangeable ones together) and the mover's side's chance after it. */
export interface ChoiceReview {
  readonly planes: readonly number[];
  /** 0..1, by the expert's search. */
  readonly chance: number;
}

/** Who made a move: the seat's player (or its bot), or auto-play (托管) for a person. */
export type MovedBy = 'player' | 'auto-play';

export interface MoveReview {
  /** Index of the move in the action list. */
  readonly index: number;
  readonly seat: Colour;
  readonly roll: number;
  readonly plane: number;
  readonly by: MovedBy;
  /** Every legal move leads to the same position (one plane, or interchangeable ones): nothing to decide. */
  readonly forced: boolean;
  /** Best first; empty when forced. */
  readonly choices: readonly ChoiceReview[];
  /** A plane of the best choice (the chosen plane when forced). */
  readonly best: number;
  /** The mover's side's chance after the chosen move and after the best, 0..1 (null when forced). */
  readonly chance: number | null;
  readonly bestChance: number | null;
  /** Points (0..100 scale) the chosen move gave away against the best; 0 when forced. */
  readonly loss: number;
  readonly label: MoveLabel | null;
}

export interface RollReview {
  readonly index: number;
  readonly seat: Colour;
  readonly value: number;
  /** Points for the roller's side: its chance after this face minus its average over the six faces. */
  readonly luck: number;
  /** The roller's side's chance after each face 1..6, 0..1. */
  readonly faces: readonly number[];
}

/** Moves of one kind of a seat: counted, labelled, and their accuracy (0..100, null without any). */
export interface MoveTally {
  readonly decisions: number;
  readonly accuracy: number | null;
  readonly labels: LabelCounts;
}

export type Verdict = 'dice' | 'moves';

export interface SeatReview {
  readonly colour: Colour;
  /** The seat's own decisions (its player's, or its bot's): what its accuracy and labels count. */
  readonly moves: MoveTally;
  /** Decisions auto-play (托管) made for the seat, counted apart. */
  readonly autoPlay: MoveTally;
  /** Moves with nothing to decide (not counted against anyone). */
  readonly forced: number;
  /** Sum of the luck of the seat's own rolls, points. */
  readonly luck: number;
  /** What all the rolls of the game (anyone's) did to the seat's side's chance, points. */
  readonly dice: number;
  /** The side's chance at the start, points. */
  readonly start: number;
  /** 100 for a win, 0 for a loss, the share of a draw; null while the game is not over. */
  readonly result: number | null;
  /** `result − dice`: the result with the dice's part taken out (GNU Backgammon's luck-adjusted result). */
  readonly luckAdjusted: number | null;
  /** What every choice of the game (the seat's own and everyone else's) did to the seat's side's chance against the best choices, points. */
  readonly choices: number;
  /** What decided the result for this seat: the dice, when they moved its chance further its result's way than the choices did; else the moves. */
  readonly verdict: Verdict | null;
}

export interface GameReview {
  readonly seats: readonly SeatReview[];
  /** `winChances` after 0, 1, … actions (entry i: after the first i actions). */
  readonly chances: readonly BySeat<number>[];
  readonly moves: readonly MoveReview[];
  readonly rolls: readonly RollReview[];
}

export interface ReviewOptions {
  /** Told after each action is reviewed (the web worker's progress bar). */
  readonly onProgress?: (done: number, total: number) => void;
  /** Decisions judged already (`judgeMoves`, e.g. by workers side by side): used as they are, not judged again. */
  readonly judged?: readonly JudgedMove[];
}

/** A decision judged: its review, and what the choice made did to every side's chance against the best choice (points, index `sideOf`). */
export interface JudgedMove {
  readonly review: MoveReview;
  readonly effect: readonly number[];
}

/** Which decisions to judge: the moves numbered `index`, `index + of`, … in the game (one of `of` parts). */
export interface ReviewPart {
  readonly index: number;
  readonly of: number;
}

/**
 * The decisions of one part of a game judged as `reviewGame` judges them (its slow part: the expert's
 * search): parts judged side by side, handed to `reviewGame` as `judged`, make the same review.
 */
export function judgeMoves(
  setup: GameSetup,
  actions: readonly Action[],
  part: ReviewPart,
  onProgress?: (done: number, total: number) => void,
): Result<JudgedMove[]> {
  const created = createGame(setup);
  if (!created.ok) return created;
  const judged: JudgedMove[] = [];
  let ordinal = 0;
  const replayed = replayFrom(created.value, actions, (state, action, index) => {
    if (isDecision(state, action) && ordinal++ % part.of === part.index) judged.push(reviewMove(state, action, index));
    onProgress?.(index + 1, actions.length);
  });
  if (!replayed.ok) return replayed;
  return ok(judged);
}

/** A move the seat to move makes (what `reviewGame` judges). */
function isDecision(state: GameState, action: Action): action is Extract<Action, { type: 'move' }> {
  return action.type === 'move' && state.phase === 'move' && action.seat === state.current;
}

/**
 * `reviewGame(setup, actions)`: every decision judged by the expert's search, every roll's luck, the
 * winning chances after every action, and per seat accuracy, label counts, luck and a luck-adjusted
 * result (README: "Move review"). Pure and deterministic; a log the engine refuses is an error.
 */
export function reviewGame(setup: GameSetup, actions: readonly Action[], options: ReviewOptions = {}): Result<GameReview> {
  const created = createGame(setup);
  if (!created.ok) return created;
  const chances: BySeat<number>[] = [chancesBySeat(created.value)];
  const moves: MoveReview[] = [];
  const rolls: RollReview[] = [];
  const dice = new Float64Array(4);
  const choices = new Float64Array(4);
  const given = new Map((options.judged ?? []).map((j) => [j.review.index, j]));
  const replayed = replayFrom(created.value, actions, (state, action, index, applied) => {
    if (action.type === 'roll' && state.phase === 'roll' && action.seat === state.current) {
      const { luck, faces } = rollLuck(state, action.value, sideOf(state, action.seat));
      for (let s = 0; s < 4; s++) dice[s]! += luck[s]!;
      rolls.push({ index, seat: action.seat, value: action.value, luck: luck[sideOf(state, action.seat)]!, faces });
    } else if (isDecision(state, action)) {
      const judged = given.get(index) ?? reviewMove(state, action, index);
      moves.push(judged.review);
      for (let s = 0; s < 4; s++) choices[s]! += judged.effect[s]!;
    }
    chances.push(chancesBySeat(applied.state));
    options.onProgress?.(index + 1, actions.length);
  });
  if (!replayed.ok) return replayed;
  const state = replayed.value;
  const seats = state.seats.map((colour) => seatReview(colour, state, chances[0]![colour]!, moves, rolls, { dice, choices }));
  return ok({ seats, chances, moves, rolls });
}

function chancesBySeat(state: GameState): BySeat<number> {
  const chances = sideChances(state);
  const out: BySeat<number> = {};
  for (const c of state.seats) out[c] = chances[sideOf(state, c)]!;
  return out;
}

/** Where a move leaves every plane, and whose turn it is: two moves with one key lead to the same position. */
function positionKey(state: GameState): string {
  return JSON.stringify([state.seats.map((c) => [...(state.planes[c] ?? [])].sort()), state.current, state.phase, state.forcedPlane]);
}

/** A decision's review, and what the choice made did to every side's chance against the best choice (points, index `sideOf`). */
function reviewMove(state: GameState, action: Extract<Action, { type: 'move' }>, index: number): JudgedMove {
  const legal = legalMoves(state);
  const by: MovedBy = action.by === 'auto-play' ? 'auto-play' : 'player';
  const base = { index, seat: action.seat, roll: state.roll!, plane: action.plane, by };
  const effect = [0, 0, 0, 0];
  const groups = choiceGroups(state, legal);
  if (groups.length < 2)
    return {
      review: { ...base, forced: true, choices: [], best: action.plane, chance: null, bestChance: null, loss: 0, label: null },
      effect,
    };
  const side = sideOf(state, state.current);
  const searched = expertChoices(
    state,
    groups.map((g) => g[0]!),
  );
  const pick = expertPick(state, searched);
  // The expert's pick first (the first of equal chances), then the others by chance.
  const scored = searched
    .map((s) => ({ planes: groups.find((g) => g[0]!.plane === s.move.plane)!.map((m) => m.plane), chances: s.chances, pick: s === pick }))
    .sort((a, b) => Number(b.pick) - Number(a.pick) || b.chances[side]! - a.chances[side]!);
  const top = scored[0]!;
  const chosen = scored.find((c) => c.planes.includes(action.plane)) ?? top;
  for (let s = 0; s < 4; s++) effect[s] = 100 * (chosen.chances[s]! - top.chances[s]!);
  const loss = Math.max(0, -effect[side]!);
  const choices = scored.map((c) => ({ planes: c.planes, chance: c.chances[side]! }));
  const review = {
    ...base,
    forced: false,
    choices,
    best: top.planes[0]!,
    chance: chosen.chances[side]!,
    bestChance: top.chances[side]!,
    loss,
    label: labelOf(loss),
  };
  return { review, effect };
}

/** The legal moves grouped by the position they lead to, in the order of their first plane. */
function choiceGroups(state: GameState, legal: readonly LegalMove[]): LegalMove[][] {
  const groups = new Map<string, LegalMove[]>();
  for (const move of legal) {
    const applied = applyMove(state, move.plane);
    if (!applied.ok) continue;
    const key = positionKey(applied.value.state);
    const group = groups.get(key);
    if (group) group.push(move);
    else groups.set(key, [move]);
  }
  return [...groups.values()];
}

function tally(reviews: readonly MoveReview[]): MoveTally {
  const labels = emptyCounts();
  for (const r of reviews) if (r.label) labels[r.label]++;
  return { decisions: reviews.length, accuracy: accuracyOf(reviews.map((r) => r.loss)), labels };
}

function seatReview(
  colour: Colour,
  final: GameState,
  start: number,
  moves: readonly MoveReview[],
  rolls: readonly RollReview[],
  effects: { readonly dice: Float64Array; readonly choices: Float64Array },
): SeatReview {
  const own = moves.filter((m) => m.seat === colour);
  const decided = own.filter((m) => !m.forced);
  const side = sideOf(final, colour);
  const diceEffect = effects.dice[side]!;
  const choices = effects.choices[side]!;
  const result = resultOf(final, colour);
  const luckAdjusted = result === null ? null : result - diceEffect;
  const startPoints = 100 * start;
  return {
    colour,
    moves: tally(decided.filter((m) => m.by === 'player')),
    autoPlay: tally(decided.filter((m) => m.by === 'auto-play')),
    forced: own.length - decided.length,
    luck: rolls.filter((r) => r.seat === colour).reduce((sum, r) => sum + r.luck, 0),
    dice: diceEffect,
    start: startPoints,
    result,
    luckAdjusted,
    choices,
    verdict: verdictOf(result, startPoints, diceEffect, choices),
  };
}

/** 100 for the winning side, 0 for the others, the share of a draw among the sides that played it out. */
function resultOf(final: GameState, colour: Colour): number | null {
  const result = final.result;
  if (!result) return null;
  if (result.winners.length > 0) return result.winners.includes(colour) ? 100 : 0;
  const sides = new Set(activeSeats(final).map((c) => sideOf(final, c)));
  return sides.has(sideOf(final, colour)) ? 100 / sides.size : 0;
}

/**
 * Won by the dice when the dice raised the seat's chance more than the game's choices did, lost by the
 * dice when they took more of it away; otherwise by the moves (its own, or the others').
 */
function verdictOf(result: number | null, start: number, dice: number, choices: number): Verdict | null {
  if (result === null || result === start) return null;
  const won = result > start;
  return (won ? dice > choices : dice < choices) ? 'dice' : 'moves';
}
