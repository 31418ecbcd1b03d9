import { type Action, type Colour, type GameEvent, type GameSetup, type GameState, applyAction, createGame } from '@flightchess/rules';
import type { ArrivedMark, PlacedPlane } from '../src/board/placement';
import type { BoardMarks, BoardRenderer, RouteMoment } from '../src/render/boardRenderer';
import type { GameSource, GameUpdate, GameView, Intent } from '../src/play/types';
import type { BoardLayout } from '../src/board/layout';
import type { RoutePath } from '../src/board/routePath';
import type { KeyValueStore, Scheduler } from '../src/util/ports';

export function gameOf(setup: GameSetup): GameState {
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

export function act(state: GameState, action: Action): { state: GameState; events: GameEvent[] } {
  const applied = applyAction(state, action);
  if (!applied.ok) throw new Error(`${action.type}: ${applied.error.message}`);
  return applied.value;
}

export function viewOf(state: GameState, local: readonly Colour[], extra: Partial<GameView> = {}): GameView {
  return {
    mode: 'offline',
    state,
    seats: state.seats.map((colour) => ({
      colour,
      name: '',
      kind: 'human',
      bot: null,
      connected: true,
      autoPlay: false,
      local: local.includes(colour),
    })),
    turnDeadline: null,
    answerDeadline: null,
    viewer: null,
    ...extra,
  };
}

/** A game source the test drives by hand; it records every intent. */
export class FakeSource implements GameSource {
  readonly sent: Intent[] = [];
  private readonly listeners = new Set<(update: GameUpdate) => void>();

  constructor(private last: GameUpdate | null) {}

  current(): GameUpdate | null {
    return this.last;
  }

  subscribe(listener: (update: GameUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  send(intent: Intent): void {
    this.sent.push(intent);
  }

  push(update: GameUpdate): void {
    this.last = update;
    for (const l of this.listeners) l(update);
  }
}

export type RenderCall =
  | { readonly call: 'drawBoard'; readonly layout: BoardLayout; readonly marks: BoardMarks }
  | { readonly call: 'placePlanes'; readonly planes: readonly PlacedPlane[] }
  | { readonly call: 'showArrived'; readonly marks: readonly ArrivedMark[] }
  | { readonly call: 'animateRoute'; readonly path: RoutePath; readonly victims: readonly PlacedPlane[] }
  | { readonly call: 'rollDie'; readonly colour: Colour; readonly value: number }
  | { readonly call: 'showDie'; readonly colour: Colour | null; readonly value: number | null }
  | { readonly call: 'setTurn'; readonly colour: Colour | null }
  | { readonly call: 'setSelectable'; readonly keys: readonly string[]; readonly selected: string | null }
  | { readonly call: 'showPreview'; readonly path: RoutePath | null }
  | { readonly call: 'hurry' };

/** A renderer that records what it is asked to draw; animations finish when the test says so. */
export class RecordingRenderer implements BoardRenderer {
  readonly calls: RenderCall[] = [];
  /** When set, animations wait for `finishAnimation()`. */
  holdAnimations = false;
  private pending: (() => void)[] = [];

  drawBoard(layout: BoardLayout, marks: BoardMarks): void {
    this.calls.push({ call: 'drawBoard', layout, marks });
  }
  placePlanes(planes: readonly PlacedPlane[]): void {
    this.calls.push({ call: 'placePlanes', planes });
  }
  showArrived(marks: readonly ArrivedMark[]): void {
    this.calls.push({ call: 'showArrived', marks });
  }
  /** Tells the moments of the route at once, in the order the board plays them. */
  animateRoute(path: RoutePath, victims: readonly PlacedPlane[], moment: (m: RouteMoment) => void): Promise<void> {
    this.calls.push({ call: 'animateRoute', path, victims });
    path.waypoints.forEach((w, i) => {
      moment({ type: 'leg', kind: w.kind });
      if (path.captures.some((c) => c.after === i)) moment({ type: 'hit' });
    });
    return this.wait();
  }
  rollDie(colour: Colour, value: number): Promise<void> {
    this.calls.push({ call: 'rollDie', colour, value });
    return this.wait();
  }
  showDie(colour: Colour | null, value: number | null): void {
    this.calls.push({ call: 'showDie', colour, value });
  }
  setTurn(colour: Colour | null): void {
    this.calls.push({ call: 'setTurn', colour });
  }
  setSelectable(keys: readonly string[], selected: string | null): void {
    this.calls.push({ call: 'setSelectable', keys, selected });
  }
  showPreview(path: RoutePath | null): void {
    this.calls.push({ call: 'showPreview', path });
  }
  hurry(): void {
    this.calls.push({ call: 'hurry' });
  }

  finishAnimation(): void {
    const done = this.pending;
    this.pending = [];
    for (const f of done) f();
  }

  last<K extends RenderCall['call']>(call: K): Extract<RenderCall, { call: K }> | undefined {
    for (let i = this.calls.length - 1; i >= 0; i--) {
      const c = this.calls[i]!;
      if (c.call === call) return c as Extract<RenderCall, { call: K }>;
    }
    return undefined;
  }

  all<K extends RenderCall['call']>(call: K): Extract<RenderCall, { call: K }>[] {
    return this.calls.filter((c): c is Extract<RenderCall, { call: K }> => c.call === call);
  }

  private wait(): Promise<void> {
    if (!this.holdAnimations) return Promise.resolve();
    return new Promise((resolve) => this.pending.push(resolve));
  }
}

export class MemoryStore implements KeyValueStore {
  readonly data = new Map<string, string>();
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.data.set(key, value);
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
}

/** Timers the test fires by hand, in order. */
export class ManualScheduler implements Scheduler {
  private queue: { at: number; seq: number; fn: () => void; live: boolean }[] = [];
  private seq = 0;
  /** The scheduler's own clock: it moves to each timer as it fires. */
  time = 0;
  /** Every delay asked for, in order. */
  readonly delays: number[] = [];
  readonly now = (): number => this.time;

  after(ms: number, fn: () => void): () => void {
    const entry = { at: this.time + ms, seq: this.seq++, fn, live: true };
    this.delays.push(ms);
    this.queue.push(entry);
    return () => {
      entry.live = false;
    };
  }

  get pending(): number {
    return this.queue.filter((e) => e.live).length;
  }

  /** Fire the live timer due first (the first asked for among equals), the clock moving to it; false when none is left. */
  fire(): boolean {
    this.queue = this.queue.filter((e) => e.live).sort((a, b) => a.at - b.at || a.seq - b.seq);
    const next = this.queue.shift();
    if (!next) return false;
    next.live = false;
    this.time = Math.max(this.time, next.at);
    next.fn();
    return true;
  }

  /** Move the clock on by `ms`, firing every timer due by then in order (those they set too). */
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = this.queue.filter((e) => e.live && e.at <= until).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      due.live = false;
      this.time = due.at;
      due.fn();
    }
    this.time = until;
  }
}

/** Let queued promise callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
}
