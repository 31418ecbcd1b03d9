import { type Action, type GameEvent, type GameSetup, type GameState, applyAction, createGame } from '@flightchess/rules';
import type { Named } from '../describe';
import type { GameSource, GameUpdate, GameView } from '../types';

/**
 * A finished match stepped through from its record (setup + action log): each step forward animates
 * that action's events; a jump elsewhere shows the state as it was.
 */
export class ReplaySource implements GameSource {
  private readonly states: GameState[];
  private readonly events: GameEvent[][];
  private index = 0;
  private readonly listeners = new Set<(update: GameUpdate) => void>();

  private constructor(
    states: GameState[],
    events: GameEvent[][],
    private readonly players: readonly Named[],
  ) {
    this.states = states;
    this.events = events;
  }

  /** Null when the record does not replay (a corrupt or foreign record). `players`: who sat where (bots are named in the current language as they are shown). */
  static of(setup: GameSetup, actions: readonly Action[], players: readonly Named[] = []): ReplaySource | null {
    const created = createGame(setup);
    if (!created.ok) return null;
    const states = [created.value];
    const events: GameEvent[][] = [[]];
    for (const action of actions) {
      const applied = applyAction(states[states.length - 1]!, action);
      if (!applied.ok) return null;
      states.push(applied.value.state);
      events.push(applied.value.events);
    }
    return new ReplaySource(states, events, players);
  }

  /** Number of actions: positions run 0..steps. */
  get steps(): number {
    return this.states.length - 1;
  }

  /** Each action's events, in order (the move list's rows). */
  get actionEvents(): readonly (readonly GameEvent[])[] {
    return this.events.slice(1);
  }

  get position(): number {
    return this.index;
  }

  goTo(position: number): void {
    const target = Math.max(0, Math.min(this.steps, position));
    if (target === this.index) return;
    const events = target === this.index + 1 ? this.events[target]! : [];
    this.index = target;
    const update = { view: this.view(), events };
    for (const listener of this.listeners) listener(update);
  }

  current(): GameUpdate {
    return { view: this.view(), events: [] };
  }

  subscribe(listener: (update: GameUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A replay takes no input. */
  send(): void {}

  private view(): GameView {
    const state = this.states[this.index]!;
    return {
      mode: 'offline',
      state,
      seats: state.seats.map((colour) => {
        const player = this.players.find((p) => p.colour === colour);
        return {
          colour,
          name: player?.name ?? '',
          kind: player?.bot ? 'bot' : 'human',
          bot: player?.bot ?? null,
          connected: true,
          autoPlay: false,
          local: false,
        };
      }),
      turnDeadline: null,
      answerDeadline: null,
      viewer: null,
    };
  }
}
