import type { BySeat, Colour, PlaneRef, Position } from './colours';
import type { GameEvent } from './actions';
import type { GameState } from './state';

/** A writable copy of a state that one action builds up, plus the events it emits. */
export type Draft = { -readonly [K in keyof GameState]: GameState[K] } & { events: GameEvent[] };

/**
 * States are built field by field, never by spread or rest: V8 then keeps one object shape for every
 * state, which makes the engine several times faster than dictionary-mode objects would.
 */
function copyState(s: GameState): { -readonly [K in keyof GameState]: GameState[K] } {
  return {
    preset: s.preset,
    options: s.options,
    config: s.config,
    seats: s.seats,
    teams: s.teams,
    planes: s.planes,
    current: s.current,
    phase: s.phase,
    roll: s.roll,
    sixes: s.sixes,
    forcedPlane: s.forcedPlane,
    lastMoved: s.lastMoved,
    rolls: s.rolls,
    version: s.version,
    out: s.out,
    left: s.left,
    collisions: s.collisions,
    pendingResign: s.pendingResign,
    drawOffer: s.drawOffer,
    result: s.result,
  };
}

export function draftOf(state: GameState): Draft {
  const draft = copyState(state) as Draft;
  draft.version = state.version + 1;
  draft.events = [];
  return draft;
}

export function finish(draft: Draft): { state: GameState; events: GameEvent[] } {
  return { state: copyState(draft), events: draft.events };
}

/** Copy-on-write update of one colour's planes (built seat by seat, keeping one object shape). */
export function setPlanes(draft: Draft, colour: Colour, update: (planes: Position[]) => void): void {
  const planes = [...(draft.planes[colour] ?? [])];
  update(planes);
  const next: BySeat<readonly Position[]> = {};
  for (const c of draft.seats) next[c] = c === colour ? planes : draft.planes[c];
  draft.planes = next;
}

export function sendHome(draft: Draft, refs: readonly PlaneRef[]): void {
  for (const ref of refs) {
    setPlanes(draft, ref.colour, (planes) => {
      planes[ref.plane] = 'hangar';
    });
  }
}
