import { type Action, COLOURS, type Colour } from '@flightchess/rules';
import { seedDice } from './seedDice';

/**
 * A finished match's action log in a few hundred bytes (docs/decisions/004-compact-match-records.md): a header, then one 4-bit code per
 * roll and per move, and a few codes for anything else. It needs no engine to read back — only the
 * match's seed, which the record reveals once the game is over: a roll whose die is the seed's for its
 * place (always, for a game the server played) keeps its seat only, and the die is recomputed from
 * the seed (seedDice.ts); any other die is written out, so a log never claims a die it did not have.
 * A move keeps its plane, its seat being the last roll's; one auto-play made says so.
 *
 *   byte 0    format (1)
 *   varint    number of actions (LEB128)
 *   nibbles   high nibble first; a last odd nibble is padded with 0
 *     0–3     roll by COLOURS[n], die = rollAt(seed, rolls so far)
 *     4–7     move of plane n − 4 by the seat of the last roll
 *     8 s v   roll by COLOURS[s] with die v (a die the seed does not give)
 *     9 s p   move of plane p by COLOURS[s] (not the last roll's seat, or plane > 3); s + 4: a move
 *             auto-play (托管) made for a person (`by: 'auto-play'`), whoever rolled last
 *     10 s    resign        12 s  escape        13 s  forfeit        14 s  offer-draw
 *     11 a    answer-resign, 15 a answer-draw: a = seat + 4 × accept
 */
const FORMAT = 1;

const ROLL_EXPLICIT = 8;
const MOVE_EXPLICIT = 9;
const SEAT_ONLY = { resign: 10, escape: 12, forfeit: 13, 'offer-draw': 14 } as const;
const ANSWER = { 'answer-resign': 11, 'answer-draw': 15 } as const;
type SeatOnly = keyof typeof SEAT_ONLY;
type Answer = keyof typeof ANSWER;
const SEAT_ONLY_BY_CODE = new Map<number, SeatOnly>(Object.entries(SEAT_ONLY).map(([type, code]) => [code, type as SeatOnly]));
const ANSWER_BY_CODE = new Map<number, Answer>(Object.entries(ANSWER).map(([type, code]) => [code, type as Answer]));

/** The seat nibble of an explicit move: + 4 for a move auto-play made. */
const AUTO_PLAY = 4;

const seatOf = (code: number): Colour => {
  const colour = COLOURS[code];
  if (!colour) throw new RangeError(`action log: seat ${code}`);
  return colour;
};

class Nibbles {
  private readonly bytes: number[] = [];
  private half = false;

  push(...values: number[]): void {
    for (const v of values) {
      if (this.half) this.bytes[this.bytes.length - 1]! |= v;
      else this.bytes.push(v << 4);
      this.half = !this.half;
    }
  }

  done(): number[] {
    return this.bytes;
  }
}

const nibble = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 16;

/** Encode, or null when an action has a shape this format does not hold (the caller keeps the log as it was). */
function encode(actions: readonly Action[], dieOf: (index: number) => number | null): Uint8Array | null {
  const out = new Nibbles();
  let rolls = 0;
  let roller = -1;
  for (const a of actions) {
    const seat = COLOURS.indexOf(a.seat);
    if (seat < 0) return null;
    switch (a.type) {
      case 'roll':
        if (a.value === dieOf(rolls)) out.push(seat);
        else if (nibble(a.value)) out.push(ROLL_EXPLICIT, seat, a.value);
        else return null;
        rolls++;
        roller = seat;
        break;
      case 'move':
        if (!nibble(a.plane)) return null;
        if (a.by === 'auto-play') out.push(MOVE_EXPLICIT, seat + AUTO_PLAY, a.plane);
        else if (a.by !== undefined) return null;
        else if (seat === roller && a.plane < 4) out.push(4 + a.plane);
        else out.push(MOVE_EXPLICIT, seat, a.plane);
        break;
      case 'resign':
      case 'escape':
      case 'forfeit':
      case 'offer-draw':
        out.push(SEAT_ONLY[a.type], seat);
        break;
      case 'answer-resign':
      case 'answer-draw':
        if (typeof a.accept !== 'boolean') return null;
        out.push(ANSWER[a.type], seat + (a.accept ? 4 : 0));
        break;
    }
  }
  const count: number[] = [];
  for (let n = actions.length; ; n = Math.floor(n / 128)) {
    count.push((n % 128) | (n >= 128 ? 128 : 0));
    if (n < 128) break;
  }
  return Uint8Array.from([FORMAT, ...count, ...out.done()]);
}

function decode(log: Uint8Array, dieOf: (index: number) => number | null): Action[] {
  if (log[0] !== FORMAT) throw new RangeError(`action log: format ${String(log[0])}`);
  let at = 1;
  let count = 0;
  for (let shift = 1; ; shift *= 128) {
    const byte = log[at++];
    if (byte === undefined) throw new RangeError('action log: cut short');
    count += (byte & 127) * shift;
    if (byte < 128) break;
  }
  let half = 0;
  const next = (): number => {
    const byte = log[at + (half >> 1)];
    if (byte === undefined) throw new RangeError('action log: cut short');
    const v = half % 2 === 0 ? byte >> 4 : byte & 15;
    half++;
    return v;
  };
  const actions: Action[] = [];
  let rolls = 0;
  let roller: Colour | null = null;
  while (actions.length < count) {
    const code = next();
    if (code < 4 || code === ROLL_EXPLICIT) {
      const seat = seatOf(code < 4 ? code : next());
      const value = code < 4 ? dieOf(rolls) : next();
      if (value === null) throw new RangeError('action log: a die left to a malformed seed');
      actions.push({ type: 'roll', seat, value });
      rolls++;
      roller = seat;
    } else if (code < 8) {
      if (!roller) throw new RangeError('action log: a move before any roll');
      actions.push({ type: 'move', seat: roller, plane: code - 4 });
    } else if (code === MOVE_EXPLICIT) {
      const who = next();
      const byAutoPlay = who >= AUTO_PLAY;
      const seat = seatOf(byAutoPlay ? who - AUTO_PLAY : who);
      const plane = next();
      // Key order as stepAction writes it, so the texts read back byte for byte.
      actions.push(byAutoPlay ? { type: 'move', seat, plane, by: 'auto-play' } : { type: 'move', seat, plane });
    } else {
      const answer = ANSWER_BY_CODE.get(code);
      const arg = next();
      if (answer) actions.push({ type: answer, seat: seatOf(arg % 4), accept: arg >= 4 });
      else actions.push({ type: SEAT_ONLY_BY_CODE.get(code)!, seat: seatOf(arg) });
    }
  }
  return actions;
}

/**
 * The compact log of a match whose log is stored as one JSON text per action, or null when it cannot
 * be held exactly (an action of another shape): then the caller keeps the texts. Exact means the
 * decoded actions serialise to the very same texts, so the record a client gets does not change.
 */
export function compactLog(seed: string, texts: readonly string[]): Uint8Array | null {
  let actions: Action[];
  try {
    actions = texts.map((t) => JSON.parse(t) as Action);
  } catch {
    return null;
  }
  const dieOf = seedDice(seed);
  const log = encode(actions, dieOf);
  if (!log) return null;
  try {
    const back = decode(log, dieOf);
    return back.length === texts.length && back.every((a, i) => JSON.stringify(a) === texts[i]) ? log : null;
  } catch {
    return null;
  }
}

/** The actions of a compact log (compactLog), with the dice from the match's seed. */
export function expandLog(seed: string, log: Uint8Array): Action[] {
  return decode(log, seedDice(seed));
}
