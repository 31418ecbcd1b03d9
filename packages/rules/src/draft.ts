import type { Colour, PlaneRef, Position } from './colours';
import type { GameEvent } from './actions';
import type { GameState } from './state';

/** A writable copy of a state that one action builds up, plus the events it emits. */
export type Draft = { -readonly [K in keyof GameState]: GameState[K] } & { events: GameEvent[] };

export function draftOf(state: GameState): Draft {
  return { ...state, version: state.version + 1, events: [] };
}

export function finish(draft: Draft): { state: GameState; events: GameEvent[] } {
  const { events, ...state } = draft;
  return { state, events };
}

/** Copy-on-write update of one colour's planes. */
export function setPlanes(draft: Draft, colour: Colour, update: (planes: Position[]) => void): void {
  const planes = [...(draft.planes[colour] ?? [])];
  update(planes);
  draft.planes = { ...draft.planes, [colour]: planes };
}

export function sendHome(draft: Draft, refs: readonly PlaneRef[]): void {
  for (const ref of refs) {
    setPlanes(draft, ref.colour, (planes) => {
      planes[ref.plane] = 'hangar';
    });
  }
}
